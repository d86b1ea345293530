import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MatchmakerProfile, MatchmakerSummary } from '../shared/matchmakers';
import { MESSAGES } from '../shared/messages';
import { loginNoticesOf, type SitePageData } from '../shared/site';
import { isIslandName, loadIsland } from './features/site/islands/hydrate-islands';
import { createVisitorStore, islandIdPrefix, islandRoot } from './features/site/islands/site-visitor';
import { renderSitePage } from './site-render';

const APP_URL = 'https://koppel.example';

const sofie: MatchmakerProfile = {
  id: 'mm-1',
  slug: 'sofie-peeters',
  full_name: 'Sofie Peeters',
  email: 'sofie@koppel.example',
  profile_photo_url: '/images/matchmakers/sofie-peeters.svg',
  bio: null,
  about_me: '',
  specialties: ['Hoogopgeleide professionals', 'Tweede liefde', '40-plussers'],
  success_rate: 87,
  years_experience: 12,
  client_count: 12,
  calendly_link: 'https://calendly.com/koppel-sofie/intake',
  scheduler: 'calendly',
};
const lotteAndWout: MatchmakerSummary = {
  id: 'mm-2',
  slug: 'lotte-and-wout-janssens',
  full_name: 'Lotte & Wout Janssens',
  profile_photo_url: null,
  specialties: ['Jonge professionals'],
  success_rate: null,
  years_experience: null,
  client_count: 3,
};

/** The href of the first link or button-link whose text is `text`. */
function hrefsOf(html: string, text: string): string[] {
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)];
  return links.filter((m) => m[2]!.replace(/<[^>]+>/g, '').trim() === text).map((m) => m[1]!);
}

describe('the prerendered landing page', () => {
  const home = (session: SitePageData['session']) =>
    renderSitePage({ page: 'home', session, matchmakers: [sofie, lotteAndWout] }, APP_URL);

  it('signed out: primary buttons and "Plan Je Eerste Gesprek" lead to sign-up, Relax+ to the products', () => {
    const { html } = home(null);
    expect(html).toContain('Iemand ontmoeten die écht bij je past');
    expect(new Set(hrefsOf(html, 'Word gratis lid'))).toEqual(new Set(['/aanmelden']));
    expect(hrefsOf(html, 'Word gratis lid').length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefsOf(html, 'Plan Je Eerste Gesprek'))).toEqual(new Set(['/aanmelden']));
    expect(hrefsOf(html, 'Kies Relax+')).toEqual(['/dashboard/producten']);
    expect(hrefsOf(html, 'Dashboard')).toEqual([]);
    for (const id of ['hoe-het-werkt', 'lidmaatschap', 'ervaringen', 'over-ons']) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
  });

  it('signed in as a client: primary buttons lead to /dashboard and the intake button to the planning', () => {
    const { html } = home({ role: 'client', full_name: 'Emma Claes', email: 'emma@koppel.example' });
    expect(new Set(hrefsOf(html, 'Naar je dashboard'))).toEqual(new Set(['/dashboard']));
    expect(new Set(hrefsOf(html, 'Plan Je Eerste Gesprek'))).toEqual(new Set(['/dashboard/intake-planning']));
    expect(hrefsOf(html, 'Dashboard')).toEqual(['/dashboard']);
    expect(hrefsOf(html, 'Kies Relax+')).toEqual(['/dashboard/producten']);
    expect(html).toContain('Uitloggen');
    expect(hrefsOf(html, 'Word gratis lid')).toEqual([]);
  });

  it('signed in as a matchmaker: primary buttons and the top bar go to /matchmaker, never to Geen Toegang', () => {
    const { html } = home({ role: 'matchmaker', full_name: 'Sofie Peeters', email: 'sofie@koppel.example' });
    expect(new Set(hrefsOf(html, 'Naar je dashboard'))).toEqual(new Set(['/matchmaker']));
    expect(hrefsOf(html, 'Dashboard')).toEqual(['/matchmaker']);
    // Issue 30: staff buy no package; 'Kies Relax+' would end on 'Geen toegang'.
    expect(hrefsOf(html, 'Kies Relax+')).toEqual([]);
    expect(html).toContain('Alleen klanten kiezen een pakket');
  });

  it('signed in as an admin: the top bar leads to /admin', () => {
    const { html } = home({ role: 'admin', full_name: 'Annelies Wauters', email: 'beheer@koppel.example' });
    expect(hrefsOf(html, 'Dashboard')).toEqual(['/admin']);
    expect(hrefsOf(html, 'Kies Relax+')).toEqual([]);
  });

  it('shows the four tiers with Belgian prices and the team from the active matchmakers', () => {
    const { html } = home(null);
    for (const price of ['165,00', '2.950,00', '5.000,00']) expect(html).toMatch(new RegExp(`€\\s${price}`));
    expect(html).toContain('Gratis');
    expect(html).toContain('Sofie Peeters');
    expect(html).toContain('87% Succespercentage');
    // Lotte & Wout have no photo: their initials stand in.
    expect(html).toContain('>LW</span>');
    expect(hrefsOf(html, 'Bekijk profiel van Lotte &amp; Wout Janssens')).toEqual([
      '/lotte-and-wout-janssens',
    ]);
  });

  it('has a title, description, canonical, Open Graph tags and the agency as structured data', () => {
    const { head } = home(null);
    expect(head).toContain('<title>Koppel | Persoonlijke matchmaking voor singles in België</title>');
    expect(head).toContain('<link rel="canonical" href="https://koppel.example/" />');
    expect(head).toContain('<meta property="og:title"');
    expect(head).toContain(
      '<meta property="og:image" content="https://koppel.example/images/koppel-social.jpg" />',
    );
    const jsonLd = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd['@type']).toBe('ProfessionalService');
    expect(jsonLd.employee.map((p: { url: string }) => p.url)).toEqual([
      'https://koppel.example/sofie-peeters',
      'https://koppel.example/lotte-and-wout-janssens',
    ]);
  });
});

describe('the prerendered matchmaker page', () => {
  it('shows the profile, default texts for an empty bio and Over Mij, and the scheduler placeholder', () => {
    const { html, head } = renderSitePage(
      { page: 'matchmaker', session: null, slug: 'sofie-peeters', matchmaker: sofie },
      APP_URL,
    );
    expect(html).toContain('Sofie Peeters</h1>');
    expect(html).toContain('87%</span> <span class="text-sm text-stone-700">Succespercentage');
    expect(html).toContain('jaar ervaring');
    expect(html).toContain('Als matchmaker bij Koppel help ik singles');
    expect(html).toContain('Ik geloof dat de beste relaties beginnen bij een goed gesprek.');
    expect(html).toContain('Calendly widget laden...');
    expect(html).toContain('Brussel, België');
    expect(html).toContain('Ma - Vr 9:00 - 17:00');
    expect(html).toContain('href="https://calendly.com/koppel-sofie/intake" target="_blank"');
    expect(hrefsOf(html, 'Meld je Aan')).toEqual(['/aanmelden']);
    expect(head).toContain('<link rel="canonical" href="https://koppel.example/sofie-peeters" />');
    const jsonLd = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'Person', name: 'Sofie Peeters', jobTitle: 'Matchmaker' });
  });

  it('without success rate, years or scheduling link: none of them, and "Plan een Gesprek" goes to sign-up', () => {
    const { html } = renderSitePage(
      {
        page: 'matchmaker',
        session: null,
        slug: 'lotte-and-wout-janssens',
        matchmaker: {
          ...lotteAndWout,
          email: 'lw@koppel.example',
          bio: 'Wij',
          about_me: null,
          years_experience: null,
          calendly_link: null,
          scheduler: 'calendly',
        },
      },
      APP_URL,
    );
    expect(html).not.toContain('Succespercentage');
    expect(html).not.toContain('jaar ervaring');
    expect(html).not.toContain('Calendly');
    expect(hrefsOf(html, 'Plan een Gesprek')).toEqual(['/aanmelden']);
  });

  it('on a local install without Calendly: the Testagenda section, no Calendly embed nor link', () => {
    const { html } = renderSitePage(
      {
        page: 'matchmaker',
        session: null,
        slug: 'sofie-peeters',
        matchmaker: { ...sofie, scheduler: 'testagenda' },
      },
      APP_URL,
    );
    expect(html).toContain('Op deze testinstallatie is Calendly niet ingesteld');
    expect(html).not.toContain('calendly.com');
    expect(html).not.toContain('Calendly widget laden...');
    expect(hrefsOf(html, 'Plan een Gesprek')).toEqual(['/aanmelden']);
    expect(hrefsOf(html, 'Plan Je Eerste Gesprek')).toEqual(['/aanmelden']);
  });

  it("says 'Matchmaker Niet Gevonden' with a way to all matchmakers, and is not indexed", () => {
    const { html, head } = renderSitePage(
      { page: 'matchmaker', session: null, slug: 'niemand', matchmaker: null },
      APP_URL,
    );
    expect(html).toContain('Matchmaker Niet Gevonden');
    expect(hrefsOf(html, 'Bekijk alle matchmakers')).toEqual(['/matchmakers']);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
  });

  it("shows 'Fout bij laden' with the error and a button home", () => {
    const { html } = renderSitePage(
      {
        page: 'matchmaker',
        session: null,
        slug: 'sofie-peeters',
        matchmaker: null,
        error: 'Geen verbinding',
      },
      APP_URL,
    );
    expect(html).toContain('Fout bij laden');
    expect(html).toContain('Geen verbinding');
    expect(hrefsOf(html, 'Terug naar home')).toContain('/');
  });
});

describe('the embedded page data', () => {
  it('carries only the visitor, cannot close its script element, and parses back to the same data', () => {
    // The islands carry their own props; the data script is only the session they share.
    const hostile = '</script><script>alert(1)</script>';
    const session = { role: 'client' as const, full_name: hostile, email: 'emma@koppel.example' };
    const data: SitePageData = {
      page: 'matchmaker',
      session,
      slug: 'x',
      matchmaker: { ...sofie, full_name: hostile },
    };
    const { dataScript, html } = renderSitePage(data, APP_URL);
    expect(dataScript.match(/<\/script>/g)).toHaveLength(1);
    const json = dataScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({ session });
    expect(html).not.toContain('<script>alert(1)');
  });
});

/** The islands of a page in document order: their names and parsed props. */
function islandsOf(html: string): { name: string; props: unknown }[] {
  return [...html.matchAll(/<div data-island="([^"]+)" data-props="([^"]*)"/g)].map((m) => ({
    name: m[1]!,
    props: JSON.parse(m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')),
  }));
}

describe('the islands', () => {
  it('on the landing page: the top bar, the hero and the four buttons that follow the session', () => {
    const { html } = renderSitePage(
      { page: 'home', session: null, matchmakers: [sofie, lotteAndWout] },
      APP_URL,
    );
    expect(islandsOf(html)).toEqual([
      { name: 'skip-link', props: {} },
      {
        name: 'home-top-bar',
        props: { matchmakers: { status: 'ready', matchmakers: [sofie, lotteAndWout] } },
      },
      { name: 'hero-actions', props: {} },
      { name: 'session-link', props: { target: 'intake', size: 'lg' } },
      { name: 'session-link', props: { target: 'primary', variant: 'secondary', className: 'w-full' } },
      { name: 'session-link', props: { target: 'relaxPlus', className: 'w-full' } },
      { name: 'session-link', props: { target: 'intake', variant: 'secondary', className: 'w-full' } },
      { name: 'session-link', props: { target: 'intake', variant: 'secondary', className: 'w-full' } },
      { name: 'session-link', props: { target: 'primary', size: 'lg', variant: 'secondary' } },
    ]);
    // Each island is rendered in place.
    expect(html).not.toContain('<!--island:');
    // Issue 31: the top bar's disclosures are native <details>, which open before the island has
    // hydrated (they no longer need ids of their own: no aria-controls).
    expect(html).toMatch(/<details class="group relative"><summary[^>]*>Matchmakers</);
    expect(html).toMatch(
      /<details class="group relative lg:hidden"><summary[^>]*>.*?<span class="sr-only">Menu</,
    );
  });

  it('on a matchmaker page: the scheduler with the signed-in visitor as its prefill', () => {
    const session = { role: 'client' as const, full_name: 'Emma Claes', email: 'emma@koppel.example' };
    const { html } = renderSitePage(
      { page: 'matchmaker', session, slug: 'sofie-peeters', matchmaker: sofie },
      APP_URL,
    );
    expect(islandsOf(html)).toEqual([
      { name: 'skip-link', props: {} },
      {
        name: 'scheduler',
        props: {
          url: 'https://calendly.com/koppel-sofie/intake',
          matchmakerName: 'Sofie Peeters',
          visitorName: 'Emma Claes',
          visitorEmail: 'emma@koppel.example',
        },
      },
    ]);
  });

  it('the list, the privacy statement and a not-found page have only the skip link', () => {
    for (const data of [
      { page: 'matchmakers', session: null, matchmakers: [sofie] },
      { page: 'privacy', session: null },
      { page: 'matchmaker', session: null, slug: 'niemand', matchmaker: null },
    ] satisfies SitePageData[]) {
      expect(islandsOf(renderSitePage(data, APP_URL).html).map((island) => island.name)).toEqual([
        'skip-link',
      ]);
    }
  });

  it("each island's markup is what the browser renders from its JSON props when it hydrates", async () => {
    const client = { role: 'client' as const, full_name: 'Emma Claes', email: 'emma@koppel.example' };
    const pages: SitePageData[] = [
      { page: 'home', session: null, matchmakers: [sofie, lotteAndWout] },
      { page: 'home', session: client, matchmakers: [sofie, lotteAndWout] },
      { page: 'home', session: { ...client, role: 'matchmaker' }, matchmakers: [] },
      { page: 'matchmaker', session: client, slug: 'sofie-peeters', matchmaker: sofie },
      {
        page: 'matchmaker',
        session: client,
        slug: 'sofie-peeters',
        matchmaker: { ...sofie, scheduler: 'testagenda' },
      },
      { page: 'privacy', session: null },
    ];
    for (const data of pages) {
      const { html } = renderSitePage(data, APP_URL);
      const opening = /<div data-island="([^"]+)" data-props="([^"]*)" class="contents">/g;
      const found = [...html.matchAll(opening)];
      expect(found.length).toBeGreaterThan(0);
      for (const [index, match] of found.entries()) {
        const name = match[1];
        if (!isIslandName(name)) throw new Error(`unknown island ${name}`);
        // What hydrate-islands.tsx does in the browser: the attribute's JSON, the same root and prefix.
        const props = JSON.parse(match[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
        const Component = await loadIsland(name);
        const inBrowser = renderToString(
          islandRoot(createVisitorStore(data.session), <Component {...props} />),
          { identifierPrefix: islandIdPrefix(index) },
        );
        const start = match.index + match[0].length;
        expect(
          html.slice(start, start + inBrowser.length + 6),
          `${data.page} island ${index} (${name})`,
        ).toBe(`${inBrowser}</div>`);
      }
    }
  });
});

// Issue 31 (decision 044): the login and sign-up forms as HTML, for auth.html's small script.
describe('the prerendered login and sign-up pages', () => {
  it('the login form: posted (never a password in an address), its texts, the notices and the links that keep ?next=', () => {
    const page = renderSitePage(
      { page: 'login', session: null, next: '/matchmaker/clients', notices: ['verified'] },
      APP_URL,
    );
    expect(page.template).toBe('auth');
    expect(page.head).toContain('<title>Inloggen | Koppel</title>');
    const form = page.html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/inloggen?next=%2Fmatchmaker%2Fclients"');
    expect(form).toContain('data-auth-form="login"');
    const texts = JSON.parse(
      (form.match(/data-texts="([^"]*)"/)?.[1] ?? '{}').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    );
    expect(texts).toMatchObject({
      allFieldsRequired: MESSAGES.allFieldsRequired,
      loginFailed: MESSAGES.loginFailed,
      emailNotVerified: MESSAGES.emailNotVerified,
      busy: 'Bezig met inloggen...',
    });
    expect(page.html).toMatch(/<input[^>]*name="email"/);
    expect(page.html).toMatch(
      /<input[^>]*name="password"[^>]*type="password"|<input[^>]*type="password"[^>]*name="password"/,
    );
    expect(page.html).toContain('Je e-mailadres is bevestigd. Je kunt nu inloggen.');
    expect(page.html).not.toContain('Je account is verwijderd');
    expect(hrefsOf(page.html, 'Wachtwoord vergeten?')).toEqual([
      '/inloggen?next=%2Fmatchmaker%2Fclients&amp;modus=wachtwoord-vergeten',
    ]);
    expect(hrefsOf(page.html, 'Meld je gratis aan')).toEqual(['/aanmelden']);
  });

  it('the sign-up form: its three fields, the strength hint to draw into, and the public pages keep site.html', () => {
    const page = renderSitePage({ page: 'sign-up', session: null }, APP_URL);
    expect(page.template).toBe('auth');
    expect(page.html).toContain('data-auth-form="sign-up"');
    for (const name of ['full_name', 'email', 'password']) expect(page.html).toContain(`name="${name}"`);
    expect(page.html).toContain('data-password-strength=""');
    expect(page.html).not.toContain('data-island');
    expect(renderSitePage({ page: 'privacy', session: null }, APP_URL).template).toBe('site');
  });

  it('the notices the login address asks for, read alike by the server and the app', () => {
    const notices = (search: string) => loginNoticesOf(new URLSearchParams(search));
    expect(notices('')).toEqual([]);
    expect(notices('verwijderd=1')).toEqual(['account-deleted']);
    expect(notices('bevestigd=1')).toEqual(['verified']);
    expect(notices('bevestigd=1&error=INVALID_TOKEN')).toEqual(['invalid-verification']);
  });
});
