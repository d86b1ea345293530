import type { Locator, Page } from '@playwright/test';
import { QUIZ_QUESTIONS } from '../src/shared/quiz';
import { makeClient } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

const TOTAL = QUIZ_QUESTIONS.length;

/** Presses Tab until `target` has the focus (the keyboard's way to reach it). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

/** The focused element shows its focus (an outline or a ring), as a keyboard user needs. */
async function expectVisibleFocus(page: Page) {
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
}

/**
 * Answers statement `n` (1-based) with `value` by keyboard: odd statements with the number key,
 * even ones with Space on the first option and the arrow keys, then Enter to go on.
 */
async function answerByKeyboard(page: Page, n: number, value: number) {
  await expect(page.getByText(`Uitspraak ${n} van ${TOTAL}`)).toBeVisible();
  await expect(page.getByRole('group', { name: QUIZ_QUESTIONS[n - 1]!.text })).toBeVisible();
  if (n % 2 === 1) {
    await page.keyboard.press(String(value));
  } else {
    await expect(page.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('Space');
    for (let step = 1; step < value; step++) await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByRole('radio', { checked: true })).toHaveValue(String(value));
  await page.keyboard.press('Enter');
}

/** The answer that points to the high end of the statement's dimension. */
const towardHigh = (n: number) => (QUIZ_QUESTIONS[n - 1]!.reverse ? 1 : 5);

test('a client takes the quiz with the keyboard only, resumes after a reload and sees the results', async ({
  page,
  request,
}) => {
  const quinten = await makeClient(request, 'Quinten');
  await loginViaApi(page, quinten.email, quinten.password);

  await page.goto('/dashboard/quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'Persoonlijkheidsquiz' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zo werkt het' })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Start de quiz' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  // The first statement, its first option focused, and progress at zero.
  const progress = page.getByRole('progressbar', { name: 'Voortgang van de quiz' });
  await expect(page.getByRole('radio', { name: /Helemaal oneens/ })).toBeFocused();
  await expectVisibleFocus(page);
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expectNoAxeViolations(page);

  // Enter without an answer says what to do and stays.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Kies eerst een antwoord om verder te gaan.')).toBeVisible();
  await expect(page.getByText(`Uitspraak 1 van ${TOTAL}`)).toBeVisible();

  for (let n = 1; n <= 12; n++) await answerByKeyboard(page, n, towardHigh(n));
  await expect(page.getByText(`Uitspraak 13 van ${TOTAL}`)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '12');
  await expect(page.getByText('Je antwoord is bewaard.', { exact: false })).toBeVisible();

  // A reload resumes at the first unanswered statement, with the answers kept.
  await page.reload();
  await expect(page.getByText(`Uitspraak 13 van ${TOTAL}`)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '12');
  await tabTo(page, page.getByRole('radio').first());
  await expectVisibleFocus(page);
  for (let n = 13; n <= TOTAL; n++) await answerByKeyboard(page, n, towardHigh(n));

  // The results: every dimension high (reverse-keyed statements disagreed with), with a chart.
  await expect(page).toHaveURL(/\/dashboard\/quiz\/resultaten$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Je quizresultaten' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Je persoonlijkheid' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wat je zoekt in een relatie' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Openheid: 100 van 100, hoog/ })).toBeVisible();
  await expect(page.getByText('Hoog', { exact: true })).toHaveCount(8);
  // A new client on Relax: the way to guidance (a paying client is asked to book the intake).
  await expect(page.getByRole('link', { name: 'Bekijk de begeleiding' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a client who took the quiz retakes it with the keyboard only; the first result stays as history', async ({
  page,
  request,
}) => {
  // The first attempt, every dimension high, as the test above ends it (the seed's quiz factory).
  const answers = Object.fromEntries(QUIZ_QUESTIONS.map((q, i) => [q.id, towardHigh(i + 1)]));
  const quinten = await makeClient(request, 'Quinten', { quiz: { answers, finished: true } });
  await loginViaApi(page, quinten.email, quinten.password);
  await page.goto('/dashboard/quiz/resultaten');
  await expect(page.getByRole('img', { name: /^Openheid: 100 van 100, hoog/ })).toBeVisible();
  await expect(page.getByText('Hoog', { exact: true })).toHaveCount(8);

  // A retake, again by keyboard, answering the middle everywhere; the first result stays as history.
  await tabTo(page, page.getByRole('button', { name: 'Doe de quiz opnieuw' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/quiz$/);
  await expect(page.getByRole('radio', { name: /Helemaal oneens/ })).toBeFocused();
  for (let n = 1; n <= TOTAL; n++) await answerByKeyboard(page, n, 3);
  await expect(page).toHaveURL(/\/dashboard\/quiz\/resultaten$/);
  await expect(page.getByRole('img', { name: /^Openheid: 50 van 100, gemiddeld/ })).toBeVisible();
  const history = page.getByRole('region', { name: 'Eerdere resultaten' });
  await expect(history.getByRole('heading', { name: /^Quiz van / })).toHaveCount(1);
  await expect(history.getByText('(100/100)')).toHaveCount(8);
  await expectNoAxeViolations(page);

  // The quiz page now offers the results and another retake.
  await page.goto('/dashboard/quiz');
  await expect(page.getByRole('heading', { name: 'Je hebt de quiz al gedaan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bekijk je resultaten' })).toBeVisible();
});

test('the results page without a finished quiz points to the quiz, and the menu links to it', async ({
  page,
  request,
}) => {
  const lien = await makeClient(request, 'Lien');
  await loginViaApi(page, lien.email, lien.password);
  await page.goto('/dashboard/quiz/resultaten');
  await expect(page.getByRole('heading', { name: 'Je hebt de quiz nog niet afgerond' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Quiz' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quiz$/);
  await expect(page.getByRole('button', { name: 'Start de quiz' })).toBeVisible();
});
