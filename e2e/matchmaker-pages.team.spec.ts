import { makeAdmin, makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test, uniqueEmail } from './support/fixtures';

/**
 * Issue 17 (item 4): the admin and the public pages of the matchmakers. A matchmaker made active
 * is on the landing page, the list and the sitemap, which the other tests check exactly: these
 * run in the 'team' project, after those. Each test has an admin and a matchmaker of its own.
 */
test.describe('the admin console', () => {
  test("the admin edits a matchmaker's public profile and the public page shows it", async ({
    page,
    request,
  }) => {
    const admin = await makeAdmin(request);
    const ria = await makeMatchmaker(request, 'Ria', {
      isActive: true,
      aboutMe: 'Ik breng al jaren mensen samen.',
      calendlyLink: 'https://calendly.com/koppel-ria/intake',
    });
    // Her client, and five proposals the clients decided on: four accepted, one rejected.
    const client = await makeClient(request, 'Emma', { matchmaker: ria, activeForMatching: true });
    for (const status of ['completed', 'completed', 'accepted', 'scheduled', 'rejected'] as const) {
      const other = await makeClient(request, 'Partner');
      await makeMatch(request, { clients: [client, other], matchmaker: ria, status });
    }
    await loginViaApi(page, admin.email, admin.password);
    await page.goto('/admin/medewerkers');
    await page.getByRole('link', { name: `Bewerken (${ria.fullName})` }).click();
    await expect(page.getByRole('heading', { level: 1, name: ria.fullName })).toBeVisible();
    // The rate follows real outcomes: 4 of her 5 decided proposals were accepted.
    await expect(page.getByText('80% van de besliste voorstellen aanvaard')).toBeVisible();
    const form = page.getByRole('region', { name: 'Publiek profiel' });
    await expect(form.getByLabel('Actief')).toBeChecked();
    const sentence = `Sinds kort ook op zaterdag bereikbaar (${Date.now()}).`;
    const about = form.getByLabel('Over mij');
    await about.fill(`${await about.inputValue()} ${sentence}`);
    await form.getByLabel('Calendly-link').fill('http://niet-calendly.example');
    await form.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(form.getByText('Geef een https-link naar calendly.com')).toBeVisible();
    await form.getByLabel('Calendly-link').fill('https://calendly.com/koppel-ria/kennismaking');
    await form.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(form.getByText('Het profiel is bewaard.')).toBeVisible();
    // Her clients, each with a way to another matchmaker.
    await expect(
      page.getByRole('region', { name: 'Klanten' }).getByRole('link', { name: client.fullName }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/${ria.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: ria.fullName })).toBeVisible();
    await expect(page.getByText(sentence)).toBeVisible();
  });

  test("a new matchmaker's page goes live when activated, and is gone when deactivated", async ({
    page,
    request,
  }) => {
    const admin = await makeAdmin(request);
    await loginViaApi(page, admin.email, admin.password);
    const email = uniqueEmail('tijdelijk');
    const invited = await page.request.post('/api/admin/staff', {
      data: { email, full_name: 'Tijs Tijdelijk' },
      headers: { origin: BASE_URL },
    });
    expect(invited.status()).toBe(201);
    const { member } = (await invited.json()) as { member: { id: string; slug: string } };

    // Not active yet: no public page.
    const before = await request.get(`/${member.slug}`);
    expect(before.status()).toBe(404);
    expect(await before.text()).toContain('Matchmaker Niet Gevonden');

    await page.goto(`/admin/medewerkers/${member.id}`);
    const form = page.getByRole('region', { name: 'Publiek profiel' });
    await form.getByLabel('Korte bio').fill('Tijdelijk matchmaker voor de zomer.');
    await form.getByLabel('Specialiteiten').fill('Zomerliefdes\nReizigers');
    await form.getByLabel('Jaren ervaring').fill('3');
    await form.getByLabel('Profielfoto').setInputFiles({
      name: 'tijs.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKuxEVGwEroh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHre+AS25gHd5AAAAAElFTkSuQmCC',
        'base64',
      ),
    });
    await expect(form.getByText('De nieuwe foto is bewaard.')).toBeVisible();
    await expect(form.locator('img')).toHaveAttribute(
      'src',
      new RegExp(`^/api/matchmaker-photos/${member.id}/`),
    );
    await form.getByLabel('Actief').check();
    await form.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(form.getByText('Het profiel is bewaard.')).toBeVisible();

    const live = await request.get(`/${member.slug}`);
    expect(live.status()).toBe(200);
    await page.goto(`/${member.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tijs Tijdelijk' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Zomerliefdes').first()).toBeVisible();
    await page.goto(`/admin/medewerkers/${member.id}`);
    await expect(form.getByLabel('Actief')).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('medewerker.png'), fullPage: true });

    await form.getByLabel('Actief').uncheck();
    await form.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(form.getByText('Het profiel is bewaard.')).toBeVisible();
    const response = await page.goto(`/${member.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Matchmaker Niet Gevonden' })).toBeVisible();
  });
});
