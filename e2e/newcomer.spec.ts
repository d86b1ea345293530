import type { Page, TestInfo } from '@playwright/test';
import { DELETE_CONFIRMATION_WRONG } from '../src/shared/account-settings';
import { makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { gate } from './support/gate';
import { lineCount } from './support/layout';

/**
 * Issue 30: what a new user met in the outside audit, each checked in Chromium: a local install's
 * public page that reaches no other host, and the small defects of items 4 and 5. Each test makes
 * its own accounts; the demo's staff are only read.
 */

const DAY = 86_400_000;
const bornYearsAgo = (years: number) =>
  new Date(Date.now() - years * 365.25 * DAY - 30 * DAY).toISOString().slice(0, 10);

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

/** The number in a dashboard card's heading ('Intakes af te ronden 1'). */
async function cardCount(page: Page, title: string): Promise<number> {
  const heading = page.getByRole('heading', { level: 3, name: new RegExp(`^${title} \\d+$`) });
  return Number((await heading.textContent())!.replace(title, '').trim());
}

/** Relative luminance contrast of two CSS rgb() colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

test.describe('item 4: a local install reaches no other host', () => {
  test('an offline /sofie-peeters loads only from this server and logs no console error', async ({
    page,
  }, testInfo) => {
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Offline: anything for another host fails, as it would without a network.
    await page.context().route(
      (url) => url.hostname !== 'localhost',
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto('/sofie-peeters');
    await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Plan een kennismaking met Sofie Peeters' });
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText('Op deze testinstallatie is Calendly niet ingesteld');
    await expect(section.getByRole('link', { name: 'Plan Je Eerste Gesprek' })).toHaveAttribute(
      'href',
      '/aanmelden',
    );
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    const origin = new URL(BASE_URL).origin;
    expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await expect(page.locator('script[src*="calendly"], iframe[src*="calendly"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'sofie-lokaal');
  });
});

test.describe('item 5: the small defects a new user meets', () => {
  test("the client file shows every answer of the client's profile, in Dutch", async ({
    page,
    request,
  }, testInfo) => {
    const matchmaker = await makeMatchmaker(request, 'Hanne');
    const client = await makeClient(request, 'Lies', {
      matchmaker,
      tier: 'Persoonlijk',
      profile: {
        gender: 'woman',
        birth_date: '1990-04-12',
        postcode: 9000,
        town: 'Gent',
        province: 'Oost-Vlaanderen',
        height_cm: 171,
        education: 'master',
        profession: 'Verpleegkundige',
        languages: ['nl', 'fr'],
        smoking: 'no',
        drinking: 'sometimes',
        has_children: false,
        wants_children: 'maybe',
        religion: 'spiritual',
        relationship_sought: 'long_term',
        seeking_genders: ['man'],
      },
    });
    await loginViaApi(page, matchmaker.email, matchmaker.password);
    await page.goto(`/matchmaker/clients/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: client.fullName })).toBeVisible();
    const profile = page.getByRole('region', { name: /^Profiel/ });
    const answers: [string, string][] = [
      ['Geslacht', 'Vrouw'],
      ['Geboortedatum', '12 april 1990'],
      ['Woonplaats', 'Gent (9000, Oost-Vlaanderen)'],
      ['Lengte', '171 cm'],
      ['Opleiding', 'Master'],
      ['Beroep', 'Verpleegkundige'],
      ['Talen', 'Nederlands, Frans'],
      ['Roken', 'Nee'],
      ['Alcohol', 'Af en toe'],
      ['Heeft kinderen', 'Nee'],
      ['Kinderwens', 'Misschien'],
      ['Geloof', 'Spiritueel'],
      ['Zoekt een relatie', 'Een vaste relatie'],
    ];
    for (const [label, value] of answers) {
      const row = profile.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
      await expect(row.locator('dd'), label).toHaveText(value);
    }
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'klantdossier-antwoorden');
  });

  test("a signed-in matchmaker is not offered 'Kies Relax+' on the landing page, but told why", async ({
    page,
  }, testInfo) => {
    await loginViaApi(page, 'sofie@koppel.example');
    await page.goto('/');
    const tiers = page.locator('#lidmaatschap');
    await tiers.scrollIntoViewIfNeeded();
    await expect(tiers.getByText('Alleen klanten kiezen een pakket, in hun eigen account.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kies Relax+' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Geen toegang' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await tiers.screenshot({ path: testInfo.outputPath('relax-plus-medewerker.png') });
  });

  test("the dashboard's intake cards follow a completed intake without a reload", async ({
    page,
    request,
  }, testInfo) => {
    const matchmaker = await makeMatchmaker(request, 'Jolien');
    const client = await makeClient(request, 'Inge', {
      tier: 'Persoonlijk',
      matchmaker,
      intake: { scheduledAt: new Date(Date.now() - 2 * 3_600_000), status: 'scheduled' },
    });
    await loginViaApi(page, matchmaker.email, matchmaker.password);
    await page.goto('/matchmaker');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const todo = page.getByRole('heading', { name: /^Intakes af te ronden/ }).locator('..');
    await expect(todo).toContainText(client.fullName);
    const before = await cardCount(page, 'Intakes af te ronden');
    expect(before).toBeGreaterThanOrEqual(1);

    await todo.getByRole('link', { name: client.fullName }).click();
    const dialog = page.getByRole('dialog', { name: 'Intake afronden' });
    await dialog.getByLabel('Notities van het gesprek').fill('Inge wandelt graag en zoekt iemand rustigs.');
    await dialog.getByRole('button', { name: 'Intake afronden' }).click();
    await expect(dialog).toBeHidden();
    // No reload: the cards ask the server again after the completion.
    await expect(todo).not.toContainText(client.fullName);
    await expect.poll(() => cardCount(page, 'Intakes af te ronden')).toBe(before - 1);
    const fresh = (await (await page.request.get('/api/matchmaker/dashboard')).json()) as {
      todo: { intakes_to_hold: { total: number }; intakes_to_complete: { total: number } };
    };
    expect(await cardCount(page, 'Intakes deze week')).toBe(fresh.todo.intakes_to_hold.total);
    expect(await cardCount(page, 'Intakes af te ronden')).toBe(fresh.todo.intakes_to_complete.total);
    await shot(page, testInfo, 'dashboard-na-afronden');
  });

  test("magic match's propose dialog names each client's own matchmaker", async ({
    page,
    request,
  }, testInfo) => {
    const [hers, his] = [await makeMatchmaker(request, 'Mira'), await makeMatchmaker(request, 'Tom')];
    const client = await makeClient(request, 'Greet', {
      matchmaker: hers,
      activeForMatching: true,
      tier: 'Persoonlijk',
      profile: {
        gender: 'woman',
        birth_date: bornYearsAgo(71),
        postcode: 8000,
        town: 'Brugge',
        province: 'West-Vlaanderen',
        seeking_genders: ['man'],
        age_min: 74,
        age_max: 80,
        relationship_sought: 'long_term',
        smoking: 'no',
        wants_children: 'no',
        religion: 'none',
        interests: ['wandelen', 'koken'],
      },
    });
    const candidate = await makeClient(request, 'Roger', {
      matchmaker: his,
      activeForMatching: true,
      tier: 'Persoonlijk',
      profile: {
        gender: 'man',
        birth_date: bornYearsAgo(77),
        postcode: 8000,
        town: 'Brugge',
        province: 'West-Vlaanderen',
        seeking_genders: ['woman'],
        age_min: 65,
        age_max: 85,
        relationship_sought: 'long_term',
        smoking: 'no',
        wants_children: 'no',
        religion: 'none',
        interests: ['wandelen', 'koken'],
      },
    });
    await loginViaApi(page, hers.email, hers.password);
    await page.goto(`/matchmaker/clients/${client.id}/magic-match/results`);
    const card = page.getByRole('article', { name: new RegExp(candidate.fullName) });
    await card.getByRole('button', { name: 'Stel match voor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`matchmaker ${hers.fullName}`)).toBeVisible();
    await expect(dialog.getByText(`matchmaker ${his.fullName}`)).toBeVisible();
    await expect(dialog.getByText('geen matchmaker')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'voorstel-dialoog');
  });

  test('the change-password form drops the error of the last attempt when typing again', async ({
    page,
    request,
  }, testInfo) => {
    const client = await makeClient(request, 'Wout');
    await loginViaApi(page, client.email, client.password);
    await page.goto('/dashboard/change-password');
    await page.getByLabel('Huidig wachtwoord').fill('niet-mijn-wachtwoord');
    await page.getByLabel('Nieuw wachtwoord').fill('Zomer-aan-zee-2031!');
    await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('Zomer-aan-zee-2031!');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    const stale = page.getByText('Je huidige wachtwoord klopt niet.');
    await expect(stale).toBeVisible();
    await page.getByLabel('Huidig wachtwoord').fill(client.password);
    await expect(stale).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, testInfo, 'wachtwoord-zonder-oude-fout');
  });

  test("the delete confirmation takes 'verwijder' in lower case, and says what is wrong with another word", async ({
    page,
    request,
  }, testInfo) => {
    const client = await makeClient(request, 'Bram');
    await loginViaApi(page, client.email, client.password);
    await page.goto('/dashboard/settings');
    // What the deletion forfeits is held: until it is read, the account cannot be deleted (and the
    // button cannot move under the click when the loading line goes).
    const held = gate();
    await page.route('**/api/me/deletion-preview', async (route) => {
      await held.opened;
      await route.continue().catch(() => {});
    });
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });
    const word = dialog.getByLabel('Typ VERWIJDER om te bevestigen');
    const remove = dialog.getByRole('button', { name: 'Definitief verwijderen' });
    await dialog.getByLabel('Je wachtwoord').fill(client.password);
    await word.fill('verwijderen');
    await expect(dialog.getByRole('status')).toHaveText('Je lidmaatschap laden...');
    await expect(remove).toBeDisabled();
    held.open();
    await expect(remove).toBeEnabled();
    await expect(dialog.getByText('Je lidmaatschap laden...')).toHaveCount(0);
    // The preview is read: no handler of this test stays behind for the deletion and the pages after
    // it (a fresh-clone run once spent its whole timeout closing the context after the test).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await remove.click();
    await expect(dialog.getByText(DELETE_CONFIRMATION_WRONG)).toBeVisible();
    expect(DELETE_CONFIRMATION_WRONG).not.toBe('Typ VERWIJDER om te bevestigen');
    await expectNoAxeViolations(page);
    await dialog.screenshot({ path: testInfo.outputPath('verwijder-fout.png') });

    await word.fill('verwijder');
    await remove.click();
    // Accepted: the account is gone and the session with it.
    await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);
  });

  test("the admin is greeted by name and has one 'Beheer' and one 'Dashboard', no 'Overzicht'", async ({
    page,
  }, testInfo) => {
    await loginViaApi(page, 'beheer@koppel.example');
    await page.goto('/admin');
    await expect(page.getByText('Welkom, Annelies', { exact: true })).toBeVisible();
    await expect(page.getByText('Welkom, Koppel')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    await expect(nav.getByRole('link', { name: 'Overzicht' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Beheer', exact: true })).toHaveAttribute('href', '/admin');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'href',
      '/matchmaker',
    );
    await expectNoAxeViolations(page);
    await page.getByRole('banner').screenshot({ path: testInfo.outputPath('beheer-welkom.png') });
  });

  test('rating stars stand out from the white at 3:1 or more, chosen or not', async ({
    page,
    request,
  }, testInfo) => {
    const matchmaker = await makeMatchmaker(request, 'Ine');
    const client = await makeClient(request, 'Ester', {
      matchmaker,
      tier: 'Persoonlijk',
      activeForMatching: true,
      matchmakerFeedbackRequestedAt: new Date(Date.now() - 2 * DAY),
    });
    await loginViaApi(page, client.email, client.password);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Geef feedback' }).click();
    const dialog = page.getByRole('dialog', { name: `Feedback over ${matchmaker.fullName}` });
    const group = dialog.getByRole('group', { name: /Communicatie/ });
    await group.getByRole('radio', { name: '3 sterren' }).check({ force: true });
    const stars = await group.locator('[data-star]').evaluateAll((spans) =>
      spans.map((span) => {
        let element: Element | null = span;
        let background = 'rgba(0, 0, 0, 0)';
        while (element && /rgba\(0, 0, 0, 0\)|transparent/.test(background)) {
          background = getComputedStyle(element).backgroundColor;
          element = element.parentElement;
        }
        return {
          kind: span.getAttribute('data-star'),
          color: getComputedStyle(span).color,
          background,
          text: span.textContent,
        };
      }),
    );
    expect(stars.map((s) => s.kind)).toEqual(['gekozen', 'gekozen', 'gekozen', 'leeg', 'leeg']);
    expect(stars.map((s) => s.text)).toEqual(['★', '★', '★', '☆', '☆']);
    for (const star of stars) {
      expect(contrast(star.color, star.background), `${star.kind} ${star.color}`).toBeGreaterThanOrEqual(3);
    }
    await expectNoAxeViolations(page);
    await group.screenshot({ path: testInfo.outputPath('sterren.png') });
  });

  test("the '9+' badge stays on one line", async ({ page, request }, testInfo) => {
    const matchmaker = await makeMatchmaker(request, 'Nora');
    const client = await makeClient(request, 'Zoë', {
      matchmaker,
      tier: 'Persoonlijk',
      activeForMatching: true,
    });
    for (let i = 0; i < 10; i++) {
      const other = await makeClient(request, 'Partner', { matchmaker, activeForMatching: true });
      await makeMatch(request, { clients: [client, other], matchmaker, status: 'proposed' });
    }
    await loginViaApi(page, client.email, client.password);
    await page.goto('/dashboard');
    const badge = page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('img', { name: '10 voorgestelde matches' });
    await expect(badge).toHaveText('9+');
    expect(await lineCount(badge)).toBe(1);
    const box = (await badge.boundingBox())!;
    expect(box.width).toBeGreaterThan(box.height * 0.9);
    // Nor does the label beside it: 'Voorgestelde Matches' and '9+' on one row.
    const link = page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: /Voorgestelde Matches/ });
    expect(await lineCount(link.locator('span').first())).toBe(1);
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .screenshot({ path: testInfo.outputPath('badge-9-plus.png') });
  });

  test('the quiz states one duration, on the quiz and in the next steps', async ({ page, request }) => {
    const client = await makeClient(request, 'Quinten', { tier: 'Persoonlijk' });
    await loginViaApi(page, client.email, client.password);
    await page.goto('/dashboard');
    await expect(page.getByText(/ongeveer vijf minuten/).first()).toBeVisible();
    await expect(page.getByText(/kwartier/i)).toHaveCount(0);
    await page.goto('/dashboard/quiz');
    await expect(page.getByText(/ongeveer vijf minuten/).first()).toBeVisible();
    await expect(page.getByText(/kwartier/i)).toHaveCount(0);
  });
});
