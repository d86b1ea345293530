import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md, checked on every file under src/. A rule that needs
 * an exception gets an entry in ALLOWED with the reason, never a silent skip.
 */
const ROOT = resolve(__dirname, '..');

/** Imports across feature folders that are allowed, each with why. `from` and `to` are path prefixes. */
const ALLOWED: readonly { from: string; to: string; why: string }[] = [
  {
    from: 'src/server/db/seed-rules.ts',
    to: 'src/server/features/matches/eligibility',
    why: "the demo seed picks and checks its pairs with the product's one eligibility rule (issue 26, decision 026)",
  },
  {
    from: 'src/server/db/seed-rules.ts',
    to: 'src/server/features/magic-match/engine',
    why: 'the demo seed reads a client as magic match does (its known traits), so seed.test.ts can hold the two equal',
  },
  {
    from: 'src/server/features/site/',
    to: 'src/server/features/matchmakers/matchmakers.service',
    why: 'the public pages render the same matchmaker listing and profiles the API serves',
  },
  {
    from: 'src/web/features/admin/',
    to: 'src/web/features/matches/api/',
    why: "the admin's home counts the agency's matches with the matches feature's own query",
  },
  {
    from: 'src/web/features/admin/',
    to: 'src/web/features/matchmakers/api/',
    why: "the admin's home lists the matchmakers with the matchmakers feature's own query",
  },
  {
    from: 'src/web/features/site/',
    to: 'src/web/features/matchmakers/api/',
    why: "the public pages inside the app load the matchmakers as the API's listing and profile",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/matches/api/',
    why: "the account overview's next steps follow the client's proposals and dates, as the matches feature loads them",
  },
  {
    from: 'src/server/features/intake/',
    to: 'src/server/features/traits',
    why: 'completing an intake asks, in its own transaction, for the notes to be tagged for traits (issue 15)',
  },
  {
    from: 'src/server/features/profile/',
    to: 'src/server/features/traits',
    why: "a client's own words are tagged too, asked in the transaction that saves them (issue 15)",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/profile/api/',
    why: "the account overview's next steps follow the profile's completeness, as the profile feature loads it",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/quiz/api/',
    why: "the account overview's next steps know whether the quiz is done, as the quiz feature loads it",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/intake/api/',
    why: "the account overview's next steps show the booked intake, as the intake feature loads it",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/matchmakers/api/',
    why: "the account overview names the client's matchmaker from the matchmakers feature's listing",
  },
  {
    from: 'src/web/features/profile/',
    to: 'src/web/features/quiz/components/quiz-summary',
    why: "the profile overview shows the quiz's bands as the quiz feature summarises them",
  },
  {
    from: 'src/web/features/workspace/',
    to: 'src/web/features/matchmakers/api/',
    why: "an admin's dashboard filters on a matchmaker from the matchmakers feature's listing",
  },
  {
    from: 'src/server/features/clients/client-file',
    to: 'src/server/features/profile',
    why: "a client's file shows their profile and photos as their own overview does",
  },
  {
    from: 'src/server/features/clients/client-file',
    to: 'src/server/features/quiz',
    why: "a client's file shows their quiz bands as the quiz feature scores them",
  },
  {
    from: 'src/web/features/clients/',
    to: 'src/web/features/magic-match/components/package-dates',
    why: "a client's file shows the dates of their package as magic match counts them (issue 16)",
  },
  {
    from: 'src/server/dev/',
    to: 'src/server/features/outbox/outbox.service',
    why: "the local mailbox's resend button is the outbox feature's resend",
  },
  {
    from: 'src/web/features/workspace/',
    to: 'src/web/features/intake/components/',
    why: "the matchmaker's dashboard shows their upcoming and past intakes with the intake feature's own list (issue 13)",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/two-factor/components/',
    why: 'the settings page holds the two-factor section: turning it on or off (issue 17)',
  },
  {
    from: 'src/web/features/auth/',
    to: 'src/web/features/two-factor/components/',
    why: 'the login asks the code of the authenticator app after the password (issue 17)',
  },
  {
    from: 'src/web/features/two-factor/',
    to: 'src/web/features/auth/components/auth-page-layout',
    why: 'the two-factor setup page has the layout of the other auth pages (issue 17)',
  },
  // Issue 17 (item 4)
  {
    from: 'src/server/features/admin/',
    to: 'src/server/features/profile/profile.service',
    why: "a matchmaker's photo is processed exactly like a client's (EXIF gone, fixed sizes, bombs refused)",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/admin/components/matchmaker-profile-form',
    why: 'a matchmaker edits their own public profile in their settings with the form the admin uses',
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/admin/api/',
    why: "the matchmaker's settings load and save their own public profile with the admin feature's hooks",
  },
  {
    from: 'src/server/features/magic-match/',
    to: 'src/server/features/matches/package-dates',
    why: "magic match shows the client's package dates as the matches feature counts them (issue 16)",
  },
  {
    from: 'src/server/features/magic-match/',
    to: 'src/server/features/profile/photo-access',
    why: 'magic match records the candidates it showed a matchmaker, whose photos they may then see (issue 30, decision 034)',
  },
  {
    from: 'src/server/features/magic-match/',
    to: 'src/server/features/matches/eligibility',
    why: "magic match's hard filters are the profile part of the one eligibility rule of every proposal (issue 26, decision 026)",
  },
  {
    from: 'src/web/features/magic-match/',
    to: 'src/web/features/matches/components/new-match-dialog',
    why: "'Stel match voor' opens the matches feature's own dialog, prefilled, so the normal match API creates it (issue 16)",
  },
  {
    from: 'src/web/features/account/',
    to: 'src/web/features/magic-match/components/package-dates',
    why: "the client's dashboard shows the dates their package includes with magic match's component (issue 16)",
  },
  {
    from: 'src/web/features/matches/',
    to: 'src/web/features/magic-match/components/package-dates',
    why: "after a date the client sees how many of the package's dates they had, with magic match's component (issue 16)",
  },
  // Issue 26
  {
    from: 'src/server/features/feedback/',
    to: 'src/server/features/payments/membership',
    why: 'the feedback job asks only clients whose paid term runs, by the rule that ends and resumes matching (decision 024)',
  },
  // Issue 32 (decision 036)
  {
    from: 'src/server/features/matches/match-outcome',
    to: 'src/server/features/messages/conversation-rules',
    why: "a held date's debrief question arrives in each client's conversation, in the outcome's transaction",
  },
  {
    from: 'src/server/features/matchmakers/matchmakers.service',
    to: 'src/server/features/messages/conversation-rules',
    why: "a client's change of matchmaker hands the conversation over, with a notice, in the change's transaction",
  },
  {
    from: 'src/server/features/admin/admin-clients',
    to: 'src/server/features/messages/conversation-rules',
    why: "an admin's change of a client's matchmaker hands the conversation over, in the change's transaction",
  },
  {
    from: 'src/server/db/seed.ts',
    to: 'src/server/features/messages/conversation-rules',
    why: "the demo's conversation is written by the conversation's own rules (the debrief and its answer)",
  },
  {
    from: 'src/web/features/clients/',
    to: 'src/web/features/messages/components/',
    why: "a client's file shows the conversation and each date's debrief answer with the messages feature's components",
  },
  {
    from: 'src/web/features/workspace/',
    to: 'src/web/features/messages/api/',
    why: "the matchmaker's dashboard shows how many clients wait for an answer, as the messages feature counts them",
  },
  // Issue 29 (part B, decision 032)
  {
    from: 'src/server/features/payments/payments.service',
    to: 'src/server/features/tasks/promised-tasks',
    why: 'the fulfilment creates the tasks a purchase promises, in its own transaction (one call)',
  },
  {
    from: 'src/server/db/seed',
    to: 'src/server/features/tasks/promised-tasks',
    why: "the demo seed's purchases make their tasks with the fulfilment's own function",
  },
  // Issue 29 (what remained: decisions 031, 032)
  {
    from: 'src/server/db/seed',
    to: 'src/server/features/payments/invoices.service',
    why: "the demo seed's purchases get their invoices from the fulfilment's own function (issueDocument, invoiceBuyer)",
  },
  {
    from: 'src/server/features/retention/payment-retention.test',
    to: 'src/server/features/payments/invoices.service',
    why: 'the retention test issues old invoices and a credit note with the one numbering function, to see them erased',
  },
  {
    from: 'src/web/features/workspace/',
    to: 'src/web/features/tasks/',
    why: "the staff dashboard shows the tasks purchases promised, with the tasks feature's list",
  },
  {
    from: 'src/web/features/payments/',
    to: 'src/web/features/tasks/',
    why: '/success promises only what the tasks of the purchase say, with their real due days',
  },
];

interface Import {
  file: string;
  target: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Every relative import of a file, resolved to a path from the repository root (no extension). */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3]!;
    const target = spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec;
    found.push({ file, target });
  }
  return found;
}

const FILES = sourceFiles('src').filter((f) => !f.endsWith('architecture.test.ts'));
const IMPORTS = FILES.flatMap(importsOf);

const under = (path: string, prefix: string) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix);
/** `server:matches` for a file in (or a directory import of) a feature folder; undefined elsewhere. */
const featureOf = (path: string) =>
  /^src\/(server|web)\/features\/([^/]+)\//
    .exec(path.includes('.') ? path : `${path}/`)
    ?.slice(1, 3)
    .join(':');
const isAllowed = ({ file, target }: Import) =>
  ALLOWED.some((rule) => under(file, rule.from) && under(target, rule.to));
const show = (imports: Import[]) => imports.map(({ file, target }) => `${file} → ${target}`);

/** The imports that break a rule: the file is in `from` and imports something `forbidden` says. */
function violations(from: (file: string) => boolean, forbidden: (target: string, file: string) => boolean) {
  return show(IMPORTS.filter((i) => from(i.file) && forbidden(i.target, i.file) && !isAllowed(i)));
}

describe('architecture: imports point one way', () => {
  it('sees the source tree (a rule over no files proves nothing)', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(IMPORTS.some((i) => i.target.startsWith('src/shared/'))).toBe(true);
  });

  it('the web never imports the server, and the server never imports the web', () => {
    expect(
      violations(
        (f) => under(f, 'src/web/'),
        (t) => under(t, 'src/server/'),
      ),
    ).toEqual([]);
    expect(
      violations(
        (f) => under(f, 'src/server/'),
        (t) => under(t, 'src/web/'),
      ),
    ).toEqual([]);
  });

  it('src/shared imports only src/shared and zod', () => {
    expect(
      violations(
        (f) => under(f, 'src/shared/') && !f.endsWith('.test.ts'),
        (t) => (t.startsWith('src/') ? !under(t, 'src/shared/') : t !== 'zod' && !t.startsWith('node:')),
      ),
    ).toEqual([]);
  });

  it('a feature never imports the web app shell (src/web/app)', () => {
    expect(
      violations(
        (f) => under(f, 'src/web/features/'),
        (t) => under(t, 'src/web/app/'),
      ),
    ).toEqual([]);
  });

  it("a feature imports another feature's internals only through the allow-list", () => {
    expect(
      violations(
        (f) => !!featureOf(f),
        (t, f) => !!featureOf(t) && featureOf(t) !== featureOf(f),
      ),
    ).toEqual([]);
  });

  it('server features never import each other in a loop (what two of them share lives below both)', () => {
    const imported = new Map<string, Set<string>>();
    for (const { file, target } of IMPORTS) {
      const from = featureOf(file);
      const to = featureOf(target);
      if (!from?.startsWith('server:') || !to || from === to || file.endsWith('.test.ts')) continue;
      imported.set(from, (imported.get(from) ?? new Set()).add(to));
    }
    expect(imported.size).toBeGreaterThan(3);
    const loops: string[] = [];
    const done = new Set<string>();
    const visit = (feature: string, path: string[]) => {
      if (path.includes(feature)) {
        loops.push([...path.slice(path.indexOf(feature)), feature].join(' → '));
        return;
      }
      if (done.has(feature)) return;
      for (const next of imported.get(feature) ?? []) visit(next, [...path, feature]);
      done.add(feature);
    };
    for (const feature of imported.keys()) visit(feature, []);
    expect(loops).toEqual([]);
  });

  it('only the registry and the app shell know the features', () => {
    const mayKnowFeatures = (f: string) =>
      !!featureOf(f) ||
      [
        'src/server/features/index.ts',
        'src/server/app.ts',
        'src/server/main.ts',
        'src/web/router.tsx',
        'src/web/site-app.tsx',
        'src/web/site-entry.tsx',
        'src/web/site-render.tsx',
        'src/web/auth-entry.ts',
      ].includes(f) ||
      under(f, 'src/web/app/') ||
      f.endsWith('.test.ts') ||
      f.endsWith('.test.tsx');
    expect(
      violations(
        (f) => !mayKnowFeatures(f),
        (t) => !!featureOf(t),
      ),
    ).toEqual([]);
  });

  it('lib imports nothing above it; shared components only lib, components and shared', () => {
    for (const side of ['server', 'web'] as const) {
      expect(
        violations(
          (f) => under(f, `src/${side}/lib/`) && !f.endsWith('.test.ts'),
          (t) => t.startsWith('src/') && !under(t, `src/${side}/lib/`) && !under(t, 'src/shared/'),
        ),
      ).toEqual([]);
    }
    expect(
      violations(
        (f) => under(f, 'src/web/components/') && !/\.test\.tsx?$/.test(f),
        (t) =>
          t.startsWith('src/') &&
          !['src/web/components/', 'src/web/lib/', 'src/shared/'].some((prefix) => under(t, prefix)),
      ),
    ).toEqual([]);
  });

  it('no SQL in a routes file: routes call services', () => {
    const routes = FILES.filter((f) => f.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(5);
    expect(
      violations(
        (f) => f.endsWith('.routes.ts'),
        (t) =>
          t === 'drizzle-orm' || t.startsWith('drizzle-orm/') || /src\/server\/db\/(schema|client)$/.test(t),
      ),
    ).toEqual([]);
    const rawSql = routes.filter((f) =>
      /\bsql`|\.select\(|\.insert\(|\.update\(|\.delete\(/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(rawSql).toEqual([]);
  });
});

describe('architecture: services stay readable', () => {
  it('no service is over 600 lines: a longer one is split by use case into services of its feature', () => {
    const services = FILES.filter((f) => f.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(20);
    const tooLong = services
      .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 600)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});

describe('architecture: the first load stays light', () => {
  it('no Intl formatter is made when a web or shared module loads: formatters are made on first use (format.ts)', () => {
    // Issue 31: the first Intl object of a page loads the browser's locale data (40-90 ms on the
    // 2-core machine); made at a module's top level, every page paid it while the app started.
    const browserFiles = FILES.filter(
      (f) => (f.startsWith('src/web/') || f.startsWith('src/shared/')) && !/\.test\.tsx?$/.test(f),
    );
    expect(browserFiles.length).toBeGreaterThan(50);
    const topLevel = browserFiles.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
        .filter(({ line }) => /^(?:export\s+)?(?:const|let|var)\s[^=]*=\s*new Intl\./.test(line))
        .map(({ at }) => at),
    );
    expect(topLevel).toEqual([]);
  });
});
