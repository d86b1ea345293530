import type { Page } from '@playwright/test';
import { makeClient } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test, waitForMail } from './support/fixtures';
import { signedInPage } from './support/matches';
import { buyWithDemoPayment, freshClientPage } from './support/payments';
import { openMatchmakersDropdown, waitForReact } from './support/site';

/** Every console error and uncaught exception of a page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test.describe('no dead ends', () => {
  test("a visitor follows 'Bekijk alle matchmakers' to the public list, prerendered", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/matchmakers')).text();
    expect(html).toContain('Onze matchmakers');
    expect(html).toContain('Sofie Peeters');
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`${BASE_URL}/matchmakers`);

    await page.goto('/');
    const panel = await openMatchmakersDropdown(page);
    await panel.getByRole('link', { name: 'Bekijk alle matchmakers' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/matchmakers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Onze matchmakers' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sofie Peeters' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Lotte & Wout Janssens' })).toBeVisible();
    await expect(page).toHaveTitle('Onze matchmakers | Koppel');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Bekijk profiel van Sofie Peeters' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/sofie-peeters`);
  });

  test("the not-found page's 'Bekijk alle matchmakers' leads a visitor to the list", async ({ page }) => {
    const response = await page.goto('/marc-dubois');
    expect(response?.status()).toBe(404);
    // A plain link in the page's static HTML (no island): it works without waiting for React.
    await page.getByRole('link', { name: 'Bekijk alle matchmakers' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/matchmakers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Onze matchmakers' })).toBeVisible();
  });

  test("a signed-in client's 'Bekijk alle matchmakers' leads to choosing one in the app", async ({
    page,
  }) => {
    await loginViaApi(page, 'klant11@koppel.example');
    await page.goto('/');
    const panel = await openMatchmakersDropdown(page);
    await panel.getByRole('link', { name: 'Bekijk alle matchmakers' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/matchmakers`);
    await page.goto('/marc-dubois');
    await expect(page.getByRole('link', { name: 'Bekijk alle matchmakers' })).toHaveAttribute(
      'href',
      '/dashboard/matchmakers',
    );
  });

  test('a signed-in matchmaker lands on /matchmaker from every button of the landing page', async ({
    page,
  }) => {
    await loginViaApi(page, 'sofie@koppel.example');
    for (const name of ['Naar je dashboard', 'Plan Je Eerste Gesprek']) {
      await page.goto('/');
      const button = page.getByRole('main').getByRole('link', { name }).first();
      await waitForReact(button);
      await button.click();
      await expect(page).toHaveURL(`${BASE_URL}/matchmaker`);
      await expect(page.getByRole('heading', { name: /Geen Toegang/ })).toHaveCount(0);
    }
  });

  test('Emma, active for matching, is no longer told to plan her intake; each next step is a link', async ({
    page,
  }) => {
    await loginViaApi(page, 'emma@koppel.example');
    await page.goto('/dashboard');
    const steps = page.getByRole('region', { name: 'Volgende stappen' });
    await expect(steps.getByRole('link', { name: /Je intakegesprek is gebeurd \(gedaan\)/ })).toBeVisible();
    await expect(page.getByText('Plan je intakegesprek')).toHaveCount(0);
    const answer = steps.getByRole('link', { name: /^Beantwoord je (voorstel|\d+ voorstellen)/ });
    await expect(answer).toHaveAttribute('href', '/dashboard/proposed-matches');
    await expectNoAxeViolations(page);
    await answer.click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/proposed-matches`);
  });

  test('a new Relax client is offered the paid tiers as the next step', async ({ page, request }) => {
    const ruben = await makeClient(request, 'Ruben');
    await loginViaApi(page, ruben.email, ruben.password);
    await page.goto('/dashboard');
    const step = page.getByRole('link', { name: /^Kies je begeleiding/ });
    await expect(step).toHaveAttribute('href', '/dashboard/producten');
    await expect(page.getByText('Plan je intakegesprek')).toHaveCount(0);
  });
});

test('a signed-out visit to /, /inloggen and /sofie-peeters logs no console error', async ({ browser }) => {
  const context = await browser.newContext();
  // Issue 30: this local install has no Calendly, so Sofie's page loads nothing from elsewhere
  // (newcomer.spec.ts checks every request): nothing to fake.
  const page = await context.newPage();
  const errors = collectErrors(page);
  for (const path of ['/', '/inloggen', '/sofie-peeters', '/matchmakers']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('the app and public pages preload the web font; the login and sign-up pages use none', async ({
  request,
}) => {
  for (const path of ['/bevestiging', '/']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      /<link rel="preload" href="\/assets\/[^"]+\.woff2" as="font" type="font\/woff2" crossorigin/,
    );
  }
  // Decision 051: their headings use the serif fallback, so the first paint waits for no font.
  for (const path of ['/inloggen', '/aanmelden']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<h1');
    expect(html, path).not.toContain('.woff2');
  }
});

test('an admin opens the page the new-client e-mail links to', async ({ browser, request }) => {
  const { page: client, client: buyer } = await freshClientPage(browser, request, 'Adminmail');
  await buyWithDemoPayment(client.request, 'Relax+');
  const mail = await waitForMail(request, 'beheer@koppel.example', 'Nieuwe betalende klant: Relax+', (m) =>
    m.text.includes(buyer.fullName),
  );
  const link = mail.links.find((l) => l.startsWith(BASE_URL))!;
  expect(new URL(link).pathname).toBe('/admin');
  const admin = await signedInPage(browser, 'beheer@koppel.example');
  await admin.goto(link);
  await expect(admin).toHaveURL(link);
  await expect(admin.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(admin.getByRole('heading', { name: /Geen Toegang/ })).toHaveCount(0);
  await admin.context().close();
  await client.context().close();
});
