import { and, eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createMatch } from './db/factories';
import {
  checkout_sessions,
  client_photos,
  intake_feedback,
  intake_sessions,
  matches,
  matchmaker_profiles,
  payments,
  user,
} from './db/schema';
import { DEMO_PASSWORD, seedDemo } from './db/seed';
import { issueDocument } from './features/payments/invoices.service';
import { countStatements } from './test/count-statements';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Issue 19: every authenticated read makes at most two SQL round trips (the session with its user
 * and profile in one, the endpoint's own data in one more), so they cannot creep back. The count is
 * taken at the database driver (PGlite's or node-postgres's `query`, test/count-statements.ts): our
 * code runs unchanged. The endpoints are every GET of the OpenAPI document without a path
 * parameter, each called as a client, a matchmaker and an admin of the demo data.
 */
const MAX_ROUND_TRIPS = 2;
/**
 * Known exceptions (issue 19): a ceiling each, so they can only go down. Every other read folds its
 * queries into one statement (src/server/db/together.ts, decision 022).
 */
const CEILINGS: Record<string, number> = {
  // The client (with the access check and package dates) in one statement, then the candidates,
  // then the photos and names of the top 20. The candidate query's hard filters are built in
  // TypeScript from the client's row, as constants the (gender, birth_date) index can take; the
  // display fields are read for the top only: read for all ~2,000 that pass the filters at 50,000
  // clients, the candidate query took 138 ms instead of 91 (p50, PGlite), far more than a round trip.
  '/api/matchmaker/clients/{clientId}/magic-match': 4,
  // Issue 32: the conversation, read and marked read (a write). Found at the merge of that issue;
  // not yet folded into fewer statements. (Issue 29's /api/me/purchases and /api/admin/payments
  // were folded into one statement each and keep the rule of two.)
  '/api/me/conversation': 3,
  '/api/matchmaker/clients/{clientId}/conversation': 4,
  '/api/matchmaker/clients/{clientId}/debriefs': 3,
};

let t: TestApp;
let count: ReturnType<typeof countStatements>;

const cookies: Record<string, string> = {};

/** Ids of the demo data, read in `beforeAll`, for the paths with parameters. */
interface DemoIds {
  emma: string;
  sofie: string;
  sofieSlug: string;
  /** A match of Emma's, proposed by Sofie. */
  match: string;
  /** Emma's intake feedback. */
  intakeFeedback: string;
  /** One of Emma's photos. */
  photo: string;
  /** Sofie's photo (uploaded in `beforeAll`: the demo seed links a static picture). */
  sofiePhoto: string;
  /** A demo checkout of Emma's. */
  checkout: string;
  /** An intake session of Emma's, three days ahead (issue 26: the slots to move it to). */
  intakeSession: string;
  /** A planned date of Emma's (issue 27: its .ics). */
  plannedDate: string;
  /** An invoice of Emma's (issue 29: its PDF). */
  invoice: string;
}
let ids: DemoIds;

/**
 * Every GET with path parameters, filled from the demo data; each is called as every role, and must
 * answer 200 to at least one (the caller it is for), so a wrong id cannot make the count vacuous.
 */
const WITH_PARAMETERS: Record<string, (ids: DemoIds) => string> = {
  '/api/matches/{id}': ({ match }) => `/api/matches/${match}`,
  '/api/matches/{id}/feedback': ({ match }) => `/api/matches/${match}/feedback`,
  '/api/matches/{id}/follow-ups': ({ match }) => `/api/matches/${match}/follow-ups`,
  '/api/me/matches/{id}/date.ics': ({ plannedDate }) => `/api/me/matches/${plannedDate}/date.ics`,
  '/api/matchmaker/clients/{clientId}': ({ emma }) => `/api/matchmaker/clients/${emma}`,
  '/api/demo-checkout/{id}': ({ checkout }) => `/api/demo-checkout/${checkout}`,
  '/api/matchmaker/clients/{clientId}/traits': ({ emma }) => `/api/matchmaker/clients/${emma}/traits`,
  '/api/photos/{id}/{size}': ({ photo }) => `/api/photos/${photo}/small`,
  '/api/profiles/{id}/photos': ({ emma }) => `/api/profiles/${emma}/photos`,
  '/api/me/intake-feedback/{id}': ({ intakeFeedback }) => `/api/me/intake-feedback/${intakeFeedback}`,
  '/api/matchmakers/{slug}': ({ sofieSlug }) => `/api/matchmakers/${sofieSlug}`,
  '/api/admin/staff/{id}': ({ sofie }) => `/api/admin/staff/${sofie}`,
  '/api/matchmaker-photos/{id}/{photo}': ({ sofie, sofiePhoto }) =>
    `/api/matchmaker-photos/${sofie}/${sofiePhoto}`,
  '/api/admin/clients/{id}': ({ emma }) => `/api/admin/clients/${emma}`,
  '/api/matchmaker/clients/{clientId}/magic-match/overview': ({ emma }) =>
    `/api/matchmaker/clients/${emma}/magic-match/overview`,
  '/api/matchmaker/clients/{clientId}/magic-match': ({ emma }) =>
    `/api/matchmaker/clients/${emma}/magic-match`,
  '/api/matchmaker/clients/{clientId}/package-dates': ({ emma }) =>
    `/api/matchmaker/clients/${emma}/package-dates`,
  // Swagger UI's files, read from disk.
  '/api/docs/{asset}': () => '/api/docs/swagger-ui.css',
  '/api/intake-sessions/{id}/slots': ({ intakeSession }) => `/api/intake-sessions/${intakeSession}/slots`,
  '/api/me/invoices/{id}/pdf': ({ invoice }) => `/api/me/invoices/${invoice}/pdf`,
  '/api/admin/invoices/{id}/pdf': ({ invoice }) => `/api/admin/invoices/${invoice}/pdf`,
  '/api/matchmaker/clients/{clientId}/conversation': ({ emma }) =>
    `/api/matchmaker/clients/${emma}/conversation`,
  '/api/matchmaker/clients/{clientId}/debriefs': ({ emma }) => `/api/matchmaker/clients/${emma}/debriefs`,
};

async function readDemoIds(): Promise<DemoIds> {
  const idOf = async (email: string) => {
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  };
  const emma = await idOf('emma@koppel.example');
  const sofie = await idOf('sofie@koppel.example');
  const [profile] = await t.db
    .select({ slug: matchmaker_profiles.slug })
    .from(matchmaker_profiles)
    .where(eq(matchmaker_profiles.id, sofie));
  const [match] = await t.db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.matchmaker_id, sofie),
        or(eq(matches.client1_id, emma), eq(matches.client2_id, emma)),
        sql`${matches.proposed_to_clients_at} IS NOT NULL`,
      ),
    )
    .limit(1);
  const [feedback] = await t.db
    .select({ id: intake_feedback.id })
    .from(intake_feedback)
    .where(eq(intake_feedback.client_id, emma))
    .limit(1);
  const [photo] = await t.db
    .select({ id: client_photos.id })
    .from(client_photos)
    .where(eq(client_photos.client_id, emma))
    .limit(1);
  const checkout = 'cs_demo_round_trips';
  await t.db.insert(checkout_sessions).values({
    provider: 'demo',
    provider_session_id: checkout,
    client_id: emma,
    tier: 'Relax+',
    price_id: 'demo_relax_plus',
    amount_total: 2900,
  });
  const [intake] = await t.db
    .insert(intake_sessions)
    .values({
      user_id: emma,
      assigned_matchmaker_id: sofie,
      scheduled_at: new Date(t.clock.now().getTime() + 3 * 86_400_000),
      calendly_event_id: 'round-trips-intake',
    })
    .returning({ id: intake_sessions.id });
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#0a785a' } })
    .jpeg()
    .toBuffer();
  form.set('photo', new File([jpeg as Uint8Array<ArrayBuffer>], 'foto.jpg', { type: 'image/jpeg' }));
  const uploaded = await t.request('/api/me/matchmaker-profile/photo', {
    method: 'POST',
    cookie: cookies.matchmaker,
    body: form,
  });
  const { member } = (await uploaded.json()) as { member: { profile_photo_url: string } };
  const date = await createMatch(t.db, {
    clientA: emma,
    clientB: (await createClient(t.db, { full_name: 'Datum Round Trips' })).id,
    matchmaker_id: sofie,
    status: 'scheduled',
    now: t.clock.now(),
  });
  // An invoice as the fulfilment issues one (issue 29), for a payment of Emma's.
  const [payment] = await t.db
    .insert(payments)
    .values({
      provider: 'demo',
      provider_session_id: 'cs_demo_round_trips_paid',
      client_id: emma,
      tier: 'Relax+',
      amount_total: 2900,
      currency: 'eur',
      paid_at: t.clock.now(),
    })
    .returning();
  const invoice = await issueDocument(t.db, t.ctx.env, {
    kind: 'invoice',
    payment: { id: payment!.id, client_id: emma, tier: 'Relax+', currency: 'eur' },
    amountTotal: 2900,
    issuedAt: t.clock.now(),
    buyer: { name: 'Emma Claes', email: 'emma@koppel.example' },
  });
  return {
    invoice: invoice.id,
    plannedDate: date.id,
    emma,
    sofie,
    sofieSlug: profile!.slug,
    match: match!.id,
    intakeFeedback: feedback!.id,
    photo: photo!.id,
    sofiePhoto: member.profile_photo_url.split('/').pop()!,
    checkout,
    intakeSession: intake!.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.clock.now(), { files: t.ctx.storage });
  cookies.client = await t.login('emma@koppel.example', DEMO_PASSWORD);
  cookies.matchmaker = await t.login('sofie@koppel.example', DEMO_PASSWORD);
  cookies.admin = await t.login('beheer@koppel.example', DEMO_PASSWORD);
  ids = await readDemoIds();
  count = countStatements(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function measure(path: string, cookie: string) {
  const { result: status, statements: roundTrips } = await count(async () => {
    const response = await t.request(path, { cookie });
    await response.arrayBuffer();
    return response.status;
  });
  return { status, roundTrips };
}

/** Every GET of the OpenAPI document under /api/, but better-auth's and the document itself. */
async function authenticatedReads(): Promise<string[]> {
  const doc = (await (await t.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path, methods]) => methods.get && path.startsWith('/api/'))
    .filter(([path]) => !path.startsWith('/api/auth/') && path !== '/api/openapi.json')
    .map(([path]) => path);
}

describe('SQL round trips per authenticated read (issue 19)', () => {
  it('the driver wrapper counts: a request with a forged session cookie makes none', async () => {
    const forged = await measure('/api/me', 'koppel.session_token=abc.def');
    expect(forged.status).toBe(401);
    expect(forged.roundTrips).toBe(0);
    const real = await measure('/api/me', cookies.client!);
    expect(real.status).toBe(200);
    expect(real.roundTrips).toBeGreaterThanOrEqual(1);
  });

  it(`every authenticated GET without path parameters answers in at most ${MAX_ROUND_TRIPS} round trips, for every role`, async () => {
    const paths = (await authenticatedReads()).filter((path) => !path.includes('{'));
    // The endpoints of the issue are among those walked.
    for (const path of ['/api/me', '/api/me/proposed-matches', '/api/matches', '/api/matchmaker/clients']) {
      expect(paths).toContain(path);
    }
    const seen: string[] = [];
    const over: string[] = [];
    for (const path of paths) {
      for (const [role, cookie] of Object.entries(cookies)) {
        const { status, roundTrips: count } = await measure(path, cookie);
        if (status !== 200) continue;
        seen.push(`${role} ${path}: ${count}`);
        if (count > (CEILINGS[path] ?? MAX_ROUND_TRIPS)) over.push(`${role} ${path}: ${count}`);
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(over).toEqual([]);
  });

  it(`every authenticated GET with path parameters answers in at most ${MAX_ROUND_TRIPS} round trips, for every role that may read it`, async () => {
    const paths = (await authenticatedReads()).filter((path) => path.includes('{'));
    // A new endpoint with parameters gets its ids in WITH_PARAMETERS.
    expect(paths.sort()).toEqual(Object.keys(WITH_PARAMETERS).sort());
    const unread: string[] = [];
    const over: string[] = [];
    for (const path of paths) {
      const concrete = WITH_PARAMETERS[path]!(ids);
      let read = false;
      for (const [role, cookie] of Object.entries(cookies)) {
        const { status, roundTrips: count } = await measure(concrete, cookie);
        if (status !== 200) continue;
        read = true;
        if (count > (CEILINGS[path] ?? MAX_ROUND_TRIPS)) over.push(`${role} ${path}: ${count}`);
      }
      if (!read) unread.push(path);
    }
    expect(unread).toEqual([]);
    expect(over).toEqual([]);
  });

  it('GET /api/me/proposed-matches reads the session and the proposals in one round trip (decision 049)', async () => {
    await measure('/api/me/proposed-matches', cookies.client!);
    const { status, roundTrips } = await measure('/api/me/proposed-matches', cookies.client!);
    expect(status).toBe(200);
    expect(roundTrips).toBe(1);
  });

  it('GET /api/me/intake-sessions and GET /api/intake-sessions read the session and the sessions in one round trip (decision 049)', async () => {
    const reads: [string, string][] = [
      ['/api/me/intake-sessions', cookies.client!],
      ['/api/intake-sessions', cookies.matchmaker!],
      ['/api/intake-sessions?status=scheduled&from=2026-01-01T00:00:00.000Z', cookies.admin!],
    ];
    for (const [path, cookie] of reads) {
      await measure(path, cookie);
      const { status, roundTrips } = await measure(path, cookie);
      expect(status, path).toBe(200);
      expect(roundTrips, path).toBe(1);
    }
  });

  it('GET /api/matches reads the session and the list in one round trip, for a matchmaker and an admin, with and without filters (decision 049)', async () => {
    for (const cookie of [cookies.matchmaker!, cookies.admin!]) {
      for (const path of ['/api/matches', `/api/matches?status=proposed&client_id=${ids.emma}`]) {
        await measure(path, cookie);
        const { status, roundTrips } = await measure(path, cookie);
        expect(status).toBe(200);
        expect(roundTrips).toBe(1);
      }
    }
  });

  it('GET /api/me reads the session, user and profile in one round trip and writes activity at most once per few minutes', async () => {
    const first = await measure('/api/me', cookies.matchmaker!);
    expect(first.status).toBe(200);
    // Sign-in just set last_activity_at: no write.
    expect(first.roundTrips).toBe(1);
    const again = await measure('/api/me', cookies.matchmaker!);
    expect(again.roundTrips).toBe(1);
  });
});
