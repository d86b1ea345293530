import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { makeAdmin, makeClient, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

const SHOTS = '/tmp/shots-membership';
const PHONE = { width: 412, height: 915 };

/** A screenshot of the whole page at desktop size and at a phone's. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const desktop = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/**
 * Issue 26 (decision 024): the admin deactivates a matchmaker of this test (active, so on the
 * public team for a moment: the 'team' project). Her open tab is signed out at once, logging in
 * again shows the Dutch page, every staff call is refused, and the admin home lists her clients.
 */
test('a deactivated matchmaker is signed out, sees that her account is no longer active, and the admin home lists her clients', async ({
  browser,
  page,
  request,
}) => {
  const admin = await makeAdmin(request);
  const marit = await makeMatchmaker(request, 'Marit', { isActive: true });
  const client = await makeClient(request, 'Wout', { matchmaker: marit, tier: 'Persoonlijk' });

  const context = await browser.newContext({ baseURL: BASE_URL });
  const her = await context.newPage();
  await loginViaApi(her, marit.email, marit.password);
  await her.goto('/matchmaker');
  await expect(her.getByText('MATCHMAKER', { exact: true })).toBeVisible();

  // The admin turns her off in the admin console.
  await loginViaApi(page, admin.email, admin.password);
  await page.goto(`/admin/medewerkers/${marit.id}`);
  const form = page.getByRole('region', { name: 'Publiek profiel' });
  await expect(form.getByLabel('Actief')).toBeChecked();
  await form.getByLabel('Actief').uncheck();
  await form.getByRole('button', { name: 'Profiel bewaren' }).click();
  await expect(form.getByText('Het profiel is bewaard.')).toBeVisible();

  // Her open tab: signed out at once.
  const refused = await her.request.get('/api/matchmaker/clients');
  expect(refused.status()).toBe(401);
  await her.goto('/matchmaker/clients');
  await expect(her).toHaveURL(/\/inloggen\?next=/);

  // Logging in again: the Dutch page, instead of /matchmaker.
  await her.goto('/inloggen');
  await her.getByLabel('E-mailadres').fill(marit.email);
  await her.getByLabel('Wachtwoord', { exact: true }).fill(marit.password);
  await her.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(her.getByRole('heading', { level: 1, name: 'Je account is niet meer actief' })).toBeVisible();
  await expect(her.getByText('MATCHMAKER', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(her);
  await shoot(her, 'inactive-matchmaker');
  // Every page of the workspace, and the API behind it, refuses her.
  for (const path of ['/matchmaker/clients', '/matchmaker/magic-match', '/matchmaker/matches']) {
    await her.goto(path);
    await expect(
      her.getByRole('heading', { level: 1, name: 'Je account is niet meer actief' }),
    ).toBeVisible();
  }
  for (const path of ['/api/matchmaker/clients', '/api/matchmaker/magic-match/clients', '/api/matches']) {
    const answer = await her.request.get(path);
    expect(answer.status(), path).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
  }
  const proposal = await her.request.post('/api/matches', {
    data: { client1_id: client.id, client2_id: client.id },
    headers: { origin: BASE_URL },
  });
  expect(proposal.status()).toBe(403);
  await her.getByRole('main').getByRole('button', { name: 'Uitloggen' }).click();
  await expect(her).toHaveURL(`${BASE_URL}/`);
  await context.close();

  // The admin home: her client, to reassign.
  await page.goto('/admin');
  const toReassign = page.getByRole('region', { name: 'Klanten om toe te wijzen' });
  await expect(toReassign.getByRole('heading', { name: marit.fullName })).toBeVisible();
  await expect(toReassign.getByRole('link', { name: client.fullName })).toHaveAttribute(
    'href',
    `/admin/klanten/${client.id}`,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-home-clients-to-reassign');
  await toReassign.getByRole('link', { name: `Klanten van ${marit.fullName} toewijzen` }).click();
  await expect(page.getByRole('heading', { level: 1, name: marit.fullName })).toBeVisible();
  await expect(page.getByText('Deze matchmaker is niet actief.', { exact: false })).toBeVisible();
});
