import type { Page } from '@playwright/test';
import { QUIZ_QUESTIONS } from '../src/shared/quiz';
import { makeClient } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

async function expectNoSideways(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone: the quiz by touch, resumed, and the results fit and are accessible', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });

  // Emma (demo) finished the quiz: her results, with the bands her answers gave.
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/dashboard/quiz/resultaten');
  await expect(page.getByRole('heading', { level: 1, name: 'Je quizresultaten' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Innerlijke rust: \d+ van 100, hoog/ })).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);

  // Lucas (demo) is halfway: the quiz resumes at his first unanswered statement.
  await loginViaApi(page, 'lucas@koppel.example');
  await page.goto('/dashboard/quiz');
  await expect(page.getByText(`Uitspraak 10 van ${QUIZ_QUESTIONS.length}`)).toBeVisible();
  await expectNoSideways(page);

  // A new client by touch.
  const mona = await makeClient(request, 'Mona');
  await loginViaApi(page, mona.email, mona.password);
  await page.goto('/dashboard/quiz');
  await page.getByRole('button', { name: 'Start de quiz' }).tap();
  await expect(page.getByText(`Uitspraak 1 van ${QUIZ_QUESTIONS.length}`)).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);
  for (let n = 1; n <= QUIZ_QUESTIONS.length; n++) {
    await expect(page.getByText(`Uitspraak ${n} van ${QUIZ_QUESTIONS.length}`)).toBeVisible();
    await page.getByText('Eens', { exact: true }).tap();
    await expect(page.getByRole('radio', { name: 'Eens', exact: true })).toBeChecked();
    await page
      .getByRole('button', { name: n === QUIZ_QUESTIONS.length ? 'Bekijk je resultaat' : 'Volgende' })
      .tap();
  }
  await expect(page).toHaveURL(/\/dashboard\/quiz\/resultaten$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Je persoonlijkheid' })).toBeVisible();
  await expectNoSideways(page);
  await expectNoAxeViolations(page);
});
