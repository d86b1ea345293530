import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const SHOTS = '/tmp/h32-shots';

/** No sideways scrolling at phone width. */
async function expectNoHorizontalScroll(page: import('@playwright/test').Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('at phone width: Emma writes from the menu, Sofie answers from the file, Emma reads it without reloading', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const emma = await makeClient(request, 'Emma', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });
  // The phone project's device (Pixel 7) applies to every context of the test.
  const emmaPage = await signedInPage(browser, emma.email, emma.password);
  expect(emmaPage.viewportSize()!.width).toBeLessThan(500);
  await emmaPage.goto('/dashboard');
  await emmaPage.getByRole('button', { name: 'Menu openen' }).click();
  await emmaPage
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: /^Berichten/ })
    .click();
  await expect(emmaPage.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
  const long =
    'Dag Sofie! Een lange vraag om te zien dat alles op een smal scherm past: https://voorbeeld.example.be/een/heel/lange/link/zonder/spaties/die/niet/uit/het/scherm/mag/lopen';
  await emmaPage.getByLabel(`Bericht aan ${matchmaker.fullName}`).fill(long);
  await emmaPage.getByRole('button', { name: 'Verstuur' }).click();
  const log = emmaPage.getByRole('log', { name: `Gesprek met ${matchmaker.fullName}` });
  await expect(log.getByText(long, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(emmaPage);
  await expectNoAxeViolations(emmaPage);
  await emmaPage.screenshot({ path: `${SHOTS}/m1-emma-phone.png`, fullPage: true });

  const sofiePage = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofiePage.goto('/matchmaker/berichten');
  await expect(sofiePage.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
  await expectNoHorizontalScroll(sofiePage);
  await expectNoAxeViolations(sofiePage);
  await sofiePage.screenshot({ path: `${SHOTS}/m2-inbox-phone.png`, fullPage: true });
  await sofiePage.getByRole('link', { name: new RegExp(emma.fullName) }).click();
  await sofiePage.getByLabel(`Bericht aan ${emma.firstName}`).fill('Dag Emma, ik bel je morgen.');
  await sofiePage.getByRole('button', { name: 'Verstuur' }).click();
  await expect(sofiePage.getByText('Dag Emma, ik bel je morgen.', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(sofiePage);
  await expectNoAxeViolations(sofiePage);
  await sofiePage
    .getByRole('region', { name: 'Berichten' })
    .screenshot({ path: `${SHOTS}/m3-file-phone.png` });

  await expect(log.getByText('Dag Emma, ik bel je morgen.', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expectNoAxeViolations(emmaPage);
  await emmaPage.screenshot({ path: `${SHOTS}/m4-emma-answer-phone.png`, fullPage: true });
  await emmaPage.context().close();
  await sofiePage.context().close();
});

test('at phone width: the settings list the e-mail about unread messages, which can be switched off', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const client = await makeClient(request, 'Stil', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });
  await loginViaApi(page, client.email, client.password);
  await page.goto('/dashboard/settings');
  const box = page.getByRole('checkbox', { name: /Een bericht dat je nog niet las/ });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(box).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/m5-settings-phone.png`, fullPage: true });
});
