import { shortSessionId } from '../src/shared/payments';
import { expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { acceptCheckoutTerms, buyWithDemoPayment, freshClientPage } from './support/payments';

test('Lucas buys Relax+ with the test payment, sees /success and Relax+ on his dashboard', async ({
  browser,
  request,
}) => {
  // A Lucas of this test's own, on Relax (the demo's Lucas stays as he is for the tests that read him).
  const { page: client, client: lucas, email } = await freshClientPage(browser, request, 'Lucas');

  await client.goto('/dashboard/producten');
  await expect(client.getByRole('heading', { level: 1, name: 'Diensten' })).toBeVisible();
  const relax = client.getByRole('article', { name: 'Relax', exact: true });
  await expect(relax.getByText('Je huidige lidmaatschap')).toBeVisible();
  await expect(relax.getByText('Gratis', { exact: true })).toBeVisible();
  await expect(relax.getByRole('button')).toHaveCount(0);
  await expect(
    client.getByRole('heading', { name: 'Eenmalige betaling, geen automatische verlenging' }),
  ).toBeVisible();
  const relaxPlus = client.getByRole('article', { name: 'Relax+' });
  await expect(relaxPlus.getByText('€ 165,00', { exact: true })).toBeVisible();
  await expect(
    client.getByRole('article', { name: 'Persoonlijk+' }).getByText('€ 5.000,00', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(client);

  await acceptCheckoutTerms(client);
  await relaxPlus.getByRole('button', { name: 'Kies Relax+' }).click();
  await expect(client).toHaveURL(/\/testbetaling\/cs_demo_/);
  const sessionId = client.url().split('/').pop()!;
  await expect(client.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
  await expect(client.getByText('€ 165,00')).toBeVisible();
  await expectNoAxeViolations(client);
  await client.getByRole('button', { name: 'Betalen' }).click();

  await expect(client).toHaveURL(new RegExp(`/success\\?session_id=${sessionId}$`));
  await expect(client.getByRole('heading', { level: 1, name: 'Betaling geslaagd' })).toBeVisible();
  await expect(client.getByText('€ 165,00')).toBeVisible();
  await expect(client.getByText(shortSessionId(sessionId), { exact: true })).toBeVisible();
  expect(shortSessionId(sessionId)).toBe(`${sessionId.slice(0, 20)}...`);
  // Issue 29 (decision 032): the promise with its real due day, from the purchase's task.
  await expect(client.getByText(/^Je ontvangt uiterlijk .+ om \d\d:\d\d een welkomstmail\.$/)).toBeVisible();
  await expect(
    client.getByText('De community met een persoonlijk adviesgesprek en voorrang bij activiteiten.'),
  ).toBeVisible();
  await expectNoAxeViolations(client);

  await client.getByRole('link', { name: /dashboard/i }).click();
  await expect(client).toHaveURL(/\/dashboard$/);
  await expect(client.getByText('Relax+', { exact: true }).first()).toBeVisible();
  await client.goto('/dashboard/producten');
  await expect(
    client.getByRole('article', { name: 'Relax+' }).getByText('Je huidige lidmaatschap'),
  ).toBeVisible();
  await expect(client.getByRole('button', { name: 'Kies Relax+' })).toHaveCount(0);

  await waitForMail(request, email, 'Welkom bij Relax+');
  await waitForMail(request, 'beheer@koppel.example', 'Nieuwe betalende klant: Relax+', (m) =>
    m.text.includes(lucas.fullName),
  );
  await client.context().close();
});

test('the cancel button of the test payment returns to the products page with nothing changed', async ({
  browser,
  request,
}) => {
  const { page } = await freshClientPage(browser, request, 'Anke');
  await page.goto('/dashboard/producten');
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Kies Persoonlijk', exact: true }).click();
  await expect(page).toHaveURL(/\/testbetaling\/cs_demo_/);
  const checkoutUrl = page.url();
  await expect(page.getByText('€ 2.950,00')).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\/dashboard\/producten$/);
  await expect(
    page.getByRole('article', { name: 'Relax', exact: true }).getByText('Je huidige lidmaatschap'),
  ).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as {
    profile: { tier: string; subscription_status: string | null };
  };
  expect(me.profile).toMatchObject({ tier: 'Relax', subscription_status: null });
  // The cancelled session cannot be paid any more.
  await page.goto(checkoutUrl);
  await expect(page.getByText('Deze testbetaling is verlopen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Betalen' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("another client's session id gets the purchase error, never the purchase", async ({
  browser,
  request,
}) => {
  const buyer = await freshClientPage(browser, request, 'Jonas');
  const sessionId = await buyWithDemoPayment(buyer.page.request, 'Persoonlijk');
  const other = await freshClientPage(browser, request, 'Wout');
  await other.page.goto(`/success?session_id=${sessionId}`);
  await expect(
    other.page.getByText('Er is een fout opgetreden bij het ophalen van je aankoop details.'),
  ).toBeVisible();
  await expect(other.page.getByText('€ 2.950,00')).toHaveCount(0);
  await expect(other.page.getByRole('link', { name: /dashboard/i })).toBeVisible();
  await expectNoAxeViolations(other.page);
  const lookup = await other.page.request.get(`/api/checkout-session?session_id=${sessionId}`);
  expect(lookup.status()).toBe(404);
  const refused = (await lookup.json()) as { success: boolean; session: unknown; code?: string };
  expect(refused).toMatchObject({ success: false, session: null, code: 'NOT_FOUND' });
  expect(JSON.stringify(refused)).not.toContain('2950');
  // Without a session id: the same error.
  await other.page.goto('/success');
  await expect(
    other.page.getByText('Er is een fout opgetreden bij het ophalen van je aankoop details.'),
  ).toBeVisible();
  // The buyer sees it, with the intake promises of Persoonlijk.
  await buyer.page.goto(`/success?session_id=${sessionId}`);
  await expect(buyer.page.getByText('€ 2.950,00')).toBeVisible();
  await expect(
    buyer.page.getByText(/^Je krijgt uiterlijk .+ een persoonlijke uitnodiging voor je intakegesprek\.$/),
  ).toBeVisible();
  const invitation = await waitForMail(request, buyer.email, 'Plan je intakegesprek bij Koppel');
  expect(invitation.links.some((link) => link.endsWith('/dashboard/intake-planning'))).toBe(true);
  for (const page of [buyer.page, other.page]) await page.context().close();
});

test('cancelling in the settings, after a confirmation: back to Relax with the red banner', async ({
  browser,
  request,
}) => {
  const { page, email } = await freshClientPage(browser, request, 'Lotte');
  await buyWithDemoPayment(page.request, 'Relax+');
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Lidmaatschap' });
  await expect(section.getByText('Relax+').first()).toBeVisible();
  await section.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lidmaatschap opzeggen?' });
  await expect(dialog.getByText('Je eenmalige betaling wordt niet terugbetaald.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Lidmaatschap behouden' }).click();
  await expect(dialog).toBeHidden();
  await section.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
  await dialog.getByRole('button', { name: 'Ja, opzeggen' }).click();
  await expect(page.getByText(/Je abonnement is opgezegd\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade je lidmaatschap' })).toBeVisible();
  await expectNoAxeViolations(page);
  const me = (await (await page.request.get('/api/me')).json()) as {
    profile: { tier: string; subscription_status: string };
  };
  expect(me.profile).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });
  await waitForMail(request, email, 'Je lidmaatschap is opgezegd');
  await page.context().close();
});
