import { MESSAGES } from '../src/shared/messages';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { gate } from './support/gate';
import {
  EMPTY_BASE_URL,
  expectOpen,
  matchmakersButton,
  openMatchmakersDropdown,
  waitForReact,
} from './support/site';

const CALENDLY_ASSETS = 'https://assets.calendly.com/**';

test.describe('landing page buttons', () => {
  test('signed out: every button leads to sign-up, login or the right section', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const main = page.getByRole('main');

    // Every 'Word gratis lid' (top bar, hero, Relax card, final call to action) goes to /aanmelden.
    const joinLinks = page.getByRole('link', { name: 'Word gratis lid', exact: true });
    await expect(joinLinks).toHaveCount(4);
    for (const link of await joinLinks.all()) await expect(link).toHaveAttribute('href', '/aanmelden');
    await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeVisible();
    await expect(
      main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Relax', exact: true }) }),
    ).toContainText('Word gratis lid');

    // Every 'Plan Je Eerste Gesprek' (hero, steps, both Persoonlijk cards) goes to /aanmelden too.
    const intakeLinks = page.getByRole('link', { name: 'Plan Je Eerste Gesprek', exact: true });
    await expect(intakeLinks).toHaveCount(4);
    for (const link of await intakeLinks.all()) await expect(link).toHaveAttribute('href', '/aanmelden');

    await expect(page.getByRole('link', { name: 'Kies Relax+' })).toHaveAttribute(
      'href',
      '/dashboard/producten',
    );
    await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toHaveAttribute(
      'href',
      '/inloggen',
    );
    await expect(main.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
      'href',
      '/inloggen',
    );
    await expect(banner.getByRole('link', { name: 'Koppel' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Uitloggen' })).toHaveCount(0);

    // The in-page anchors of the top bar (wide screens) each have their section.
    const anchors = page.getByRole('navigation', { name: 'Op deze pagina' }).getByRole('link');
    await expect(anchors).toHaveText(['Hoe het werkt', 'Lidmaatschap', 'Ervaringen', 'Over ons']);
    for (const [index, id] of ['hoe-het-werkt', 'lidmaatschap', 'ervaringen', 'over-ons'].entries()) {
      await expect(anchors.nth(index)).toHaveAttribute('href', `#${id}`);
      await expect(page.locator(`section[id="${id}"]`)).toHaveCount(1);
    }
    await anchors.filter({ hasText: 'Ervaringen' }).click();
    await expect(page).toHaveURL(/\/#ervaringen$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Ervaringen' })).toBeInViewport();
    await anchors.filter({ hasText: 'Lidmaatschap' }).click();
    await expect(page).toHaveURL(/\/#lidmaatschap$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Lidmaatschap' })).toBeInViewport();

    // The team's profile links.
    await expect(page.getByRole('link', { name: 'Bekijk profiel van Sofie Peeters' })).toHaveAttribute(
      'href',
      '/sofie-peeters',
    );
    await expect(
      page.getByRole('link', { name: 'Bekijk profiel van Lotte & Wout Janssens' }),
    ).toHaveAttribute('href', '/lotte-and-wout-janssens');

    // Click through one of each kind.
    await banner.getByRole('link', { name: 'Word gratis lid' }).click();
    await expect(page).toHaveURL(/\/aanmelden$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Word gratis lid', exact: true }).last().click();
    await expect(page).toHaveURL(/\/aanmelden$/);

    await page.goto('/');
    await intakeLinks.first().click();
    await expect(page).toHaveURL(/\/aanmelden$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();

    // Relax+ leads to the products page, which sends a visitor without an account to the login.
    await page.goto('/');
    await page.getByRole('link', { name: 'Kies Relax+' }).click();
    await expect(page).toHaveURL(/\/inloggen/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();

    await page.goto('/');
    await banner.getByRole('link', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Bekijk profiel van Lotte & Wout Janssens' }).click();
    await expect(page).toHaveURL(/\/lotte-and-wout-janssens$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lotte & Wout Janssens' })).toBeVisible();
  });

  test('signed in as a client: the buttons lead into the dashboard, and logging out works', async ({
    page,
  }) => {
    await loginViaApi(page, 'emma@koppel.example');
    await page.goto('/');
    const banner = page.getByRole('banner');

    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Word gratis lid' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Inloggen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);

    const dashboardLinks = page.getByRole('link', { name: 'Naar je dashboard' });
    await expect(dashboardLinks).toHaveCount(3);
    for (const link of await dashboardLinks.all()) await expect(link).toHaveAttribute('href', '/dashboard');
    const intakeLinks = page.getByRole('link', { name: 'Plan Je Eerste Gesprek', exact: true });
    await expect(intakeLinks).toHaveCount(4);
    for (const link of await intakeLinks.all()) {
      await expect(link).toHaveAttribute('href', '/dashboard/intake-planning');
    }
    await expect(page.getByRole('link', { name: 'Kies Relax+' })).toHaveAttribute(
      'href',
      '/dashboard/producten',
    );

    await banner.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welkom, Emma')).toBeVisible();

    await page.goto('/');
    await dashboardLinks.first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();

    await page.goto('/');
    await intakeLinks.first().click();
    await expect(page).toHaveURL(/\/dashboard\/intake-planning$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Intakegesprek plannen' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Kies Relax+' }).click();
    await expect(page).toHaveURL(/\/dashboard\/producten$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Diensten' })).toBeVisible();

    await page.goto('/');
    const signOut = banner.getByRole('button', { name: 'Uitloggen' });
    await waitForReact(signOut);
    await signOut.click();
    await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeVisible();
    // Focus stays in the top bar, on the button that took the log-out button's place.
    await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeFocused();
    await expect(signOut).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
    expect(await me.json()).toMatchObject({ code: 'NOT_AUTHENTICATED', error: MESSAGES.notAuthenticated });
    await page.reload();
    await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeVisible();
  });
});

test.describe('matchmakers dropdown', () => {
  test('lists the active matchmakers in order, and closes on an outside click, Escape and Tab', async ({
    page,
  }) => {
    await page.goto('/');
    const button = matchmakersButton(page);
    const panel = await openMatchmakersDropdown(page);

    const list = panel.getByRole('list', { name: 'Actieve matchmakers' });
    const entries = list.getByRole('link');
    // Highest success rate first, without one last; Marc Dubois is not active.
    await expect(entries).toHaveText([/Sofie Peeters/, /Lotte & Wout Janssens/]);
    await expect(entries.nth(0)).toHaveAccessibleName(
      'Sofie Peeters Hoogopgeleide professionals, Tweede liefde, ...',
    );
    await expect(entries.nth(1)).toHaveAccessibleName(
      'Lotte & Wout Janssens Jonge professionals, Samengestelde gezinnen',
    );
    await expect(entries.nth(0)).toHaveAttribute('href', '/sofie-peeters');
    await expect(entries.nth(1)).toHaveAttribute('href', '/lotte-and-wout-janssens');
    await expect(
      entries.nth(0).getByText('Hoogopgeleide professionals, Tweede liefde, ...', { exact: true }),
    ).toBeVisible();
    await expect(entries.nth(0)).not.toContainText('40-plussers');
    await expect(
      entries.nth(1).getByText('Jonge professionals, Samengestelde gezinnen', { exact: true }),
    ).toBeVisible();
    await expect(entries.nth(1)).not.toContainText('...');
    await expect(panel).not.toContainText('Marc Dubois');
    // Signed out: the public list of matchmakers (issue 12).
    await expect(panel.getByRole('link', { name: 'Bekijk alle matchmakers' })).toHaveAttribute(
      'href',
      '/matchmakers',
    );

    // An outside click closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await expectOpen(button, false);
    await expect(panel).toBeHidden();

    // Escape closes it and gives the focus back to the button.
    await button.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expectOpen(button, false);
    await expect(button).toBeFocused();

    // Keyboard only: Enter opens it, Tab walks through the links, Tab past the last one closes it.
    await page.keyboard.press('Enter');
    await expectOpen(button, true);
    await page.keyboard.press('Tab');
    await expect(entries.nth(0)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(entries.nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Bekijk alle matchmakers' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();

    await button.click();
    await entries.nth(0).click();
    await expect(page).toHaveURL(/\/sofie-peeters$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
  });

  test('inside the app it shows "Matchmakers laden..." until the list arrives', async ({ page }) => {
    const held = gate();
    let requests = 0;
    await page.route('**/api/matchmakers', async (route) => {
      requests += 1;
      // Held until the loading state has been seen, then answered for real.
      await held.opened;
      await route.continue().catch(() => {});
    });
    // Into the app through one of its own pages (the login page is prerendered since decision 044).
    await page.goto('/bevestiging');
    await expect(page.getByRole('heading', { level: 1, name: 'Bevestig je e-mailadres' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Koppel' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Iemand ontmoeten die écht bij je past' }),
    ).toBeVisible();

    const panel = await openMatchmakersDropdown(page);
    await expect(panel.getByRole('status')).toHaveText('Matchmakers laden...');
    await expect(panel.getByRole('list', { name: 'Actieve matchmakers' })).toHaveCount(0);
    expect(requests).toBe(1);
    held.open();
    await expect(panel.getByRole('status')).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Actieve matchmakers' }).getByRole('link')).toHaveText([
      /Sofie Peeters/,
      /Lotte & Wout Janssens/,
    ]);
  });

  // The page is on the second server: the app's own Origin there (the config's is the first's).
  test.describe('on the Koppel without matchmakers', () => {
    test.use({ extraHTTPHeaders: { origin: EMPTY_BASE_URL } });
    test('a Koppel without matchmakers says "Geen matchmakers gevonden"', async ({ page }) => {
      await page.goto(`${EMPTY_BASE_URL}/`);
      const panel = await openMatchmakersDropdown(page);
      await expect(panel.getByText('Geen matchmakers gevonden', { exact: true })).toBeVisible();
      await expect(panel.getByRole('list')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Bekijk alle matchmakers' })).toBeVisible();
      await expect(page.getByText('Ons team stelt zich binnenkort aan je voor.')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('public matchmaker pages', () => {
  test('Lotte & Wout: initials, no success rate, no scheduler, "Plan een Gesprek" goes to sign-up', async ({
    page,
  }) => {
    const response = await page.goto('/lotte-and-wout-janssens');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Lotte & Wout Janssens' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto van Lotte & Wout Janssens' })).toHaveText('LW');
    await expect(page.getByText('Succespercentage')).toHaveCount(0);
    // The count moves as other tests choose a matchmaker; its form is what this test checks.
    await expect(page.getByRole('list', { name: 'In cijfers' })).toContainText(/\d+ actieve klanten/);
    await expect(page.getByRole('heading', { name: /^Plan een kennismaking/ })).toHaveCount(0);
    const plan = page.getByRole('link', { name: 'Plan een Gesprek' });
    await expect(plan).toHaveAttribute('href', '/aanmelden');
    await expect(plan).not.toHaveAttribute('target', /./);
    await plan.click();
    await expect(page).toHaveURL(/\/aanmelden$/);
  });

  // Issue 30: this server is a local install without Calendly; with Calendly configured the page
  // embeds it and 'Plan een Gesprek' opens it in a new tab (site-calendly.team.spec.ts).
  test('Sofie: the numbers, specialties, contact and the way to the Testagenda', async ({ page }) => {
    const response = await page.goto('/sofie-peeters');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto van Sofie Peeters' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'In cijfers' }).getByRole('listitem')).toHaveText([
      /^\d+% Succespercentage$/,
      '12 jaar ervaring',
      /^\d+ actieve klanten$/,
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Specialisaties' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Specialisaties' }).getByRole('listitem')).toHaveText([
      'Hoogopgeleide professionals',
      'Tweede liefde',
      '40-plussers',
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Over Mij' })).toBeVisible();

    const contact = page.getByRole('complementary', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: 'sofie@koppel.example' })).toHaveAttribute(
      'href',
      'mailto:sofie@koppel.example',
    );
    await expect(contact.getByRole('link', { name: '+32 2 123 45 67' })).toHaveAttribute(
      'href',
      'tel:+3221234567',
    );
    await expect(contact).toContainText('Brussel, België');
    await expect(contact).toContainText('Ma - Vr 9:00 - 17:00');

    await expect(page.getByRole('link', { name: 'Meld je Aan' })).toHaveAttribute('href', '/aanmelden');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Terug naar home' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(
      page.getByRole('heading', { level: 2, name: 'Plan een kennismaking met Sofie Peeters' }),
    ).toBeVisible();

    const section = page.getByRole('region', { name: 'Plan een kennismaking met Sofie Peeters' });
    await expect(section).toContainText('Op deze testinstallatie is Calendly niet ingesteld');
    await expect(section.getByRole('link', { name: 'Plan Je Eerste Gesprek' })).toHaveAttribute(
      'href',
      '/aanmelden',
    );
    const plan = page.getByRole('link', { name: 'Plan een Gesprek' });
    await expect(plan).toHaveAttribute('href', '/aanmelden');
    await expect(plan).not.toHaveAttribute('target', /./);

    await page.getByRole('link', { name: 'Meld je Aan' }).click();
    await expect(page).toHaveURL(/\/aanmelden$/);
    await page.goBack();
    await page.getByRole('banner').getByRole('link', { name: 'Terug naar home' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  for (const slug of ['marc-dubois', 'niemand']) {
    test(`/${slug} is not found (404) and points to all matchmakers`, async ({ page }) => {
      const response = await page.goto(`/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Matchmaker Niet Gevonden' })).toBeVisible();
      await expect(page).toHaveTitle('Matchmaker Niet Gevonden | Koppel');
      await expect(page.getByText('Marc Dubois')).toHaveCount(0);
      const all = page.getByRole('main').getByRole('link', { name: 'Bekijk alle matchmakers' });
      await expect(all).toHaveAttribute('href', '/matchmakers');
      // Signed out, the public list of the active matchmakers (issue 12).
      await all.click();
      await expect(page).toHaveURL(/\/matchmakers$/);
      await expect(page.getByRole('link', { name: /Sofie Peeters/ }).first()).toBeVisible();
    });
  }

  test('signed in, "Bekijk alle matchmakers" on a not-found page opens the matchmakers overview', async ({
    page,
  }) => {
    await loginViaApi(page, 'emma@koppel.example');
    const response = await page.goto('/marc-dubois');
    expect(response?.status()).toBe(404);
    await page.getByRole('main').getByRole('link', { name: 'Bekijk alle matchmakers' }).click();
    await expect(page).toHaveURL(/\/dashboard\/matchmakers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Matchmakers' })).toBeVisible();
  });

  test('inside the app, a profile that cannot load shows "Fout bij laden" after the retries', async ({
    page,
  }) => {
    const held = gate();
    let attempts = 0;
    await page.route('**/api/matchmakers/sofie-peeters', async (route) => {
      attempts += 1;
      // The first attempt is held until the loading state has been seen; every attempt fails.
      if (attempts === 1) await held.opened;
      await route.abort('internetdisconnected').catch(() => {});
    });
    await page.goto('/bevestiging');
    await expect(page.getByRole('heading', { level: 1, name: 'Bevestig je e-mailadres' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Koppel' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    const panel = await openMatchmakersDropdown(page);
    await panel.getByRole('link', { name: /^Sofie Peeters/ }).click();
    await expect(page).toHaveURL(/\/sofie-peeters$/);

    await expect(page.getByRole('main').getByRole('status')).toHaveText('Matchmaker profiel laden...');
    await expect(page).toHaveTitle('Matchmaker profiel laden... | Koppel');
    held.open();
    await expect(page.getByRole('heading', { level: 1, name: 'Fout bij laden' })).toBeVisible({
      timeout: 15_000,
    });
    expect(attempts).toBe(3);
    await expect(page.getByRole('main')).toContainText(MESSAGES.networkError);
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
    const home = page.getByRole('main').getByRole('link', { name: 'Terug naar home' });
    await expect(home).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await home.click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Iemand ontmoeten die écht bij je past' }),
    ).toBeVisible();
  });
});

test.describe('scheduler', () => {
  test('the landing page never fetches anything from Calendly', async ({ page }) => {
    const calendlyRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('calendly.com')) calendlyRequests.push(request.url());
    });
    await page.route(CALENDLY_ASSETS, (route) => route.abort());
    await page.goto('/');
    await waitForReact(matchmakersButton(page));
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    // Everything lazy has had its chance: the page scrolled to the end, two frames later (when
    // visibility observers have answered) the network is idle, and no Calendly script was added.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script[src*="calendly"], iframe[src*="calendly"]')).toHaveCount(0);
    expect(calendlyRequests).toEqual([]);
  });
});

test.describe('prerendered pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the landing page and a profile are complete in the HTML', async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Iemand ontmoeten die écht bij je past' }),
      ).toBeVisible();
      const tiers = page
        .locator('#lidmaatschap')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) });
      await expect(tiers.getByRole('heading', { level: 3 })).toHaveText([
        'Relax',
        'Relax+',
        'Persoonlijk',
        'Persoonlijk+',
      ]);
      await expect(tiers.nth(0)).toContainText('Gratis');
      await expect(tiers.nth(1)).toContainText(/€\s165,00/);
      await expect(tiers.nth(2)).toContainText(/€\s2\.950,00/);
      await expect(tiers.nth(3)).toContainText(/€\s5\.000,00/);
      await expect(page.getByRole('heading', { level: 4, name: 'Sofie Peeters' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 4, name: 'Lotte & Wout Janssens' })).toBeVisible();
      await expect(page.getByText(/^\d+% Succespercentage$/)).toBeVisible();
      // The dropdown's list is in the HTML too, hidden until the button opens it.
      await expect(page.getByRole('link', { name: /^Sofie Peeters/ })).toBeHidden();
      await expect(page.locator('a[href="/sofie-peeters"]')).toHaveCount(2);

      await page.goto('/sofie-peeters');
      await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'In cijfers' })).toContainText(/\d+% Succespercentage/);
      await expect(page.getByText('Op deze testinstallatie is Calendly niet ingesteld')).toBeAttached();
    });
  });

  test('with JavaScript the landing page hydrates without errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const panel = await openMatchmakersDropdown(page);
    await expect(panel.getByRole('link', { name: /^Sofie Peeters/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

test.describe('SEO', () => {
  test('the landing page: title, description, canonical, Open Graph and ProfessionalService', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Koppel | Persoonlijke matchmaking voor singles in België');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${BASE_URL}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Koppel | Persoonlijke matchmaking voor singles in België',
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Koppel brengt singles/,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      /^Koppel brengt singles/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`^${BASE_URL}/`),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent())!);
    expect(data['@type']).toBe('ProfessionalService');
    expect(data.url).toBe(`${BASE_URL}/`);
    expect(data.employee.map((person: { name: string }) => person.name)).toEqual([
      'Sofie Peeters',
      'Lotte & Wout Janssens',
    ]);
  });

  test('a matchmaker page: canonical, Open Graph and a Person', async ({ page }) => {
    await page.route(CALENDLY_ASSETS, (route) => route.abort());
    await page.goto('/sofie-peeters');
    await expect(page).toHaveTitle('Sofie Peeters, matchmaker | Koppel');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/sofie-peeters`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Sofie Peeters, matchmaker | Koppel',
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Sofie Peeters/);
    // Link previews do not show SVG: Sofie's SVG portrait gives way to the agency's image.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${BASE_URL}/images/koppel-social.jpg`,
    );
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(data['@type']).toBe('Person');
    expect(data.name).toBe('Sofie Peeters');
    expect(data.url).toBe(`${BASE_URL}/sofie-peeters`);
  });

  test('a not-found page is not indexed', async ({ page }) => {
    await page.goto('/marc-dubois');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test('robots.txt points to the sitemap, which lists the active matchmakers only', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(robotsText).toContain('Disallow: /dashboard');

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${BASE_URL}/`,
      `${BASE_URL}/matchmakers`,
      `${BASE_URL}/sofie-peeters`,
      `${BASE_URL}/lotte-and-wout-janssens`,
      `${BASE_URL}/privacy`,
      `${BASE_URL}/voorwaarden`,
    ]);
    expect(xml).not.toContain('/marc-dubois');
  });
});

test.describe('accessibility', () => {
  test('the landing page, closed and with the dropdown open', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
    await openMatchmakersDropdown(page);
    await expectNoAxeViolations(page);
  });

  // The scheduler waiting and failed: site-calendly.team.spec.ts, on the server with Calendly.
  test("a profile (with the Testagenda's way) and a not-found page", async ({ page }) => {
    await page.goto('/sofie-peeters');
    await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('heading', { name: 'Plan een kennismaking met Sofie Peeters' })
      .scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name: 'Plan Je Eerste Gesprek' }).last()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/marc-dubois');
    await expect(page.getByRole('heading', { level: 1, name: 'Matchmaker Niet Gevonden' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
