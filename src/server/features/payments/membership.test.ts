import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, TIERS } from '../../../shared/domain';
import type { PickerClient } from '../../../shared/magic-match';
import { hasRunningPaidTerm } from '../../../shared/payments';
import {
  type CreatedUser,
  createClient,
  createFeedbackRequest,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { email_outbox, feedback_requests, matches, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { APP_URL, createTestApp, type TestApp } from '../../test/test-app';
import { runningPaidTerm, syncMatchingWithMembership } from './membership';
import { sweepSubscriptions } from './subscriptions.service';

/*
 * Decision 024: membership and matching agree, on every path that changes a term: the daily
 * lifecycle (the clock moved past the grace period), the client's cancel, a new purchase.
 */

const DAY = 86_400_000;
let t: TestApp;
let sofie: CreatedUser;
let sofieCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters', matchmaker: { is_active: true } });
  sofieCookie = await t.login(sofie.email);
});
afterEach(() => t.clock.setOffset(0));
afterAll(async () => {
  await t?.close();
});

type ProfileFields = Partial<Omit<typeof user_profiles.$inferInsert, 'id' | 'full_name'>>;

/** A client of Sofie's on a running Persoonlijk term, active for matching after a held intake. */
async function matchingClient(name: string, fields: ProfileFields = {}, { intake = true } = {}) {
  const now = t.clock.now();
  const client = await createClient(t.db, {
    full_name: name,
    tier: 'Persoonlijk',
    subscription_status: 'active',
    subscription_started_at: new Date(now.getTime() - 100 * DAY),
    subscription_ends_at: new Date(now.getTime() + 200 * DAY),
    assigned_matchmaker_id: sofie.id,
    contract_status: intake ? 'active_for_matching' : 'pending',
    ...fields,
  });
  if (intake) {
    const held = new Date(now.getTime() - 90 * DAY);
    await createIntakeSession(t.db, {
      user_id: client.id,
      assigned_matchmaker_id: sofie.id,
      scheduled_at: held,
      session_type: 'intake',
      status: 'completed',
      completed_at: held,
      created_at: held,
      updated_at: held,
    });
  }
  return { ...client, cookie: await t.login(client.email) };
}

async function profileOf(id: string) {
  const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, id));
  return profile!;
}
async function mailsTo(address: string) {
  return t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address));
}
async function statusOf(matchId: string) {
  const [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
  return row!.status;
}
/** Sofie's magic match waiting list, searched by name (the search also shows open proposals). */
async function pickerNames(q: string) {
  const response = await t.request(`/api/matchmaker/magic-match/clients?q=${encodeURIComponent(q)}`, {
    cookie: sofieCookie,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { clients: PickerClient[] }).clients.map((c) => c.full_name);
}
async function contractStatusSeenBy(cookie: string) {
  const response = await t.request('/api/me', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { profile: { contract_status: string } }).profile.contract_status;
}
/** The demo checkout, paid: the one fulfilment. */
async function buy(cookie: string, tier: string) {
  const start = await t.request('/api/checkout-sessions', { cookie, json: { tier, ...TERMS_ACCEPTED } });
  expect(start.status).toBe(201);
  const id = ((await start.json()) as { url: string }).url.split('/').pop()!;
  const pay = await t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie });
  expect(pay.status).toBe(200);
}

describe('a paid term that ends (the daily lifecycle, the clock moved past the grace period)', () => {
  it('ends matching: open proposals withdrawn and mailed, accepted and scheduled dates kept, no waiting list, no proposals', async () => {
    const anna = await matchingClient('Anna Verloopt', {
      subscription_ends_at: new Date(t.clock.now().getTime() + 10 * DAY),
    });
    const bram = await matchingClient('Bram Wacht');
    const cas = await matchingClient('Cas Aanvaard');
    const dirk = await matchingClient('Dirk Gepland');
    const eef = await matchingClient('Eef Jazegger');
    const request = await createFeedbackRequest(t.db, {
      client_id: anna.id,
      matchmaker_id: sofie.id,
      created_at: t.clock.now(),
    });
    expect(await pickerNames('Anna Verloopt')).toEqual(['Anna Verloopt']);

    // The term ends: the grace period (14 days) and matching still runs.
    t.clock.setOffset(10 * DAY + 60_000);
    expect(await sweepSubscriptions({ ctx: t.ctx })).toMatchObject({ grace_period: 1 });
    expect(await profileOf(anna.id)).toMatchObject({
      subscription_status: 'grace_period',
      contract_status: 'active_for_matching',
    });
    const now = t.clock.now();
    const open = await createMatch(t.db, {
      clientA: anna.id,
      clientB: bram.id,
      matchmaker_id: sofie.id,
      now,
    });
    const halfAnswered = await createMatch(t.db, {
      clientA: anna.id,
      clientB: eef.id,
      matchmaker_id: sofie.id,
      accepted_by: eef.id,
      proposed_at: new Date(now.getTime() - DAY),
      now,
    });
    const accepted = await createMatch(t.db, {
      clientA: anna.id,
      clientB: cas.id,
      matchmaker_id: sofie.id,
      status: 'accepted',
      now,
    });
    const scheduled = await createMatch(t.db, {
      clientA: anna.id,
      clientB: dirk.id,
      matchmaker_id: sofie.id,
      status: 'scheduled',
      now,
    });
    const bystanders = await createMatch(t.db, {
      clientA: bram.id,
      clientB: cas.id,
      matchmaker_id: sofie.id,
      now,
    });

    // Past the grace period: expired, Relax, and matching ended in the same run.
    t.clock.setOffset(24 * DAY + 2 * 60_000);
    expect(await sweepSubscriptions({ ctx: t.ctx })).toMatchObject({ expired: 1 });
    expect(await profileOf(anna.id)).toMatchObject({
      subscription_status: 'expired',
      tier: 'Relax',
      contract_status: 'ended',
    });
    expect(await contractStatusSeenBy(anna.cookie)).toBe('ended');
    expect(await statusOf(open.id)).toBe('cancelled');
    expect(await statusOf(halfAnswered.id)).toBe('cancelled');
    expect(await statusOf(accepted.id)).toBe('accepted');
    expect(await statusOf(scheduled.id)).toBe('scheduled');
    expect(await statusOf(bystanders.id)).toBe('proposed');
    const [withdrawn] = await t.db.select().from(matches).where(eq(matches.id, open.id));
    expect(withdrawn!.cancelled_at!.getTime()).toBeGreaterThan(t.clock.now().getTime() - 60_000);
    const [expiredRequest] = await t.db
      .select()
      .from(feedback_requests)
      .where(eq(feedback_requests.id, request.id));
    expect(expiredRequest!.status).toBe('expired');

    // The other clients: that the proposal is gone, never why.
    for (const other of [bram, eef]) {
      const mails = (await mailsTo(other.email)).filter((m) => m.template === 'proposal-withdrawn-client');
      expect(mails, other.full_name).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Dit voorstel is niet meer beschikbaar');
      expect(mails[0]!.text).toContain('kennis te maken met Anna');
      expect(mails[0]!.text).not.toMatch(/lidmaatschap|verlopen|opgezegd|betaal/i);
      expect(mails[0]!.text).toContain(`${APP_URL}/dashboard/proposed-matches`);
    }
    expect(await mailsTo(cas.email)).toEqual([]);
    expect(await mailsTo(dirk.email)).toEqual([]);
    // The matchmaker: each withdrawn proposal, with the reason and a link to it (Sofie also has the
    // other tests' clients: only Anna's count here).
    const toSofie = (await mailsTo(sofie.email)).filter(
      (m) => m.template === 'proposal-withdrawn-matchmaker' && m.subject.includes('Anna Verloopt'),
    );
    expect(toSofie.map((m) => m.subject).sort()).toEqual(
      [
        'Voorstel ingetrokken: Anna Verloopt en Bram Wacht',
        'Voorstel ingetrokken: Anna Verloopt en Eef Jazegger',
      ].sort(),
    );
    expect(toSofie.find((m) => m.subject.includes('Bram'))!.text).toContain(
      `${APP_URL}/matchmaker/matches?match=${open.id}`,
    );
    // Anna herself: the expiry e-mail says what it means for matching.
    const expiry = (await mailsTo(anna.email)).find((m) => m.template === 'subscription-expired');
    expect(expiry?.text).toContain('openstaande voorstellen vervallen');
    expect(expiry?.text).toContain('gaan gewoon door');

    // Out of magic match's waiting list, and no new proposal.
    expect(await pickerNames('Anna Verloopt')).toEqual([]);
    const proposal = await t.request('/api/matches', {
      cookie: sofieCookie,
      json: { client1_id: anna.id, client2_id: bram.id },
    });
    expect(proposal.status).toBe(409);
    const pairs = await t.db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.status, 'proposed'),
          sql`${anna.id} IN (${matches.client1_id}, ${matches.client2_id})`,
        ),
      );
    expect(pairs).toEqual([]);

    // Running the sweep again changes nothing and sends nothing more.
    const mailCount = (await t.db.select().from(email_outbox)).length;
    expect(await sweepSubscriptions({ ctx: t.ctx })).toEqual({ grace_period: 0, expired: 0 });
    expect((await t.db.select().from(email_outbox)).length).toBe(mailCount);
  });
});

describe('cancelling (POST /api/me/subscription/cancel)', () => {
  it('ends matching at once, in the answer too, and withdraws the open proposals', async () => {
    const lies = await matchingClient('Lies Zegtop');
    const tom = await matchingClient('Tom Blijft');
    const open = await createMatch(t.db, { clientA: lies.id, clientB: tom.id, matchmaker_id: sofie.id });
    expect(await pickerNames('Lies Zegtop')).toEqual(['Lies Zegtop']);

    const response = await t.request('/api/me/subscription/cancel', { method: 'POST', cookie: lies.cookie });
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: { contract_status: string; tier: string } };
    expect(profile).toMatchObject({ tier: 'Relax', contract_status: 'ended' });
    expect(await contractStatusSeenBy(lies.cookie)).toBe('ended');
    expect(await statusOf(open.id)).toBe('cancelled');
    expect((await mailsTo(tom.email)).map((m) => m.subject)).toEqual([
      'Dit voorstel is niet meer beschikbaar',
    ]);
    expect((await mailsTo(lies.email)).map((m) => m.subject)).toEqual(['Je lidmaatschap is opgezegd']);
    expect(await pickerNames('Lies Zegtop')).toEqual([]);
    // Tom is still waiting for a match.
    expect(await pickerNames('Tom Blijft')).toEqual(['Tom Blijft']);
  });

  it('refuses the wrong actor and changes no one', async () => {
    const noor = await matchingClient('Noor Staff');
    await expectRefused(
      await t.request('/api/me/subscription/cancel', { method: 'POST', cookie: sofieCookie }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/me/subscription/cancel', { method: 'POST' }),
      401,
      'NOT_AUTHENTICATED',
    );
    // A body is ignored: a client cancels only their own term.
    const withBody = await t.request('/api/me/subscription/cancel', {
      cookie: (
        await matchingClient('Ander Klant', { tier: 'Relax', subscription_status: null }, { intake: false })
      ).cookie,
      json: { client_id: noor.id },
    });
    await expectRefused(withBody, 409, 'NOTHING_TO_CANCEL');
    expect(await profileOf(noor.id)).toMatchObject({
      subscription_status: 'active',
      contract_status: 'active_for_matching',
    });
  });
});

describe('buying a paid tier again (the fulfilment)', () => {
  it('brings an ended client back: active for matching after a completed intake, else pending', async () => {
    const held = await matchingClient('Hanne Terug');
    const fresh = await matchingClient('Femke Nieuw', {}, { intake: false });
    for (const client of [held, fresh]) {
      const cancel = await t.request('/api/me/subscription/cancel', {
        method: 'POST',
        cookie: client.cookie,
      });
      expect(cancel.status).toBe(200);
      expect((await profileOf(client.id)).contract_status).toBe('ended');
    }
    await buy(held.cookie, 'Persoonlijk');
    await buy(fresh.cookie, 'Relax+');
    expect(await profileOf(held.id)).toMatchObject({
      tier: 'Persoonlijk',
      subscription_status: 'active',
      contract_status: 'active_for_matching',
    });
    expect(await profileOf(fresh.id)).toMatchObject({
      tier: 'Relax+',
      subscription_status: 'active',
      contract_status: 'pending',
    });
    expect(await pickerNames('Hanne Terug')).toEqual(['Hanne Terug']);
    expect(await pickerNames('Femke Nieuw')).toEqual([]);
  });

  it('leaves a running or a first purchase as it is', async () => {
    const upgrading = await matchingClient('Uma Upgrade', { tier: 'Relax+' });
    await buy(upgrading.cookie, 'Persoonlijk+');
    expect(await profileOf(upgrading.id)).toMatchObject({
      tier: 'Persoonlijk+',
      contract_status: 'active_for_matching',
    });
    const first = await matchingClient(
      'Eerste Koop',
      { tier: 'Relax', subscription_status: null },
      { intake: false },
    );
    await buy(first.cookie, 'Persoonlijk');
    expect(await profileOf(first.id)).toMatchObject({ tier: 'Persoonlijk', contract_status: 'pending' });
  });

  it('refuses bad input and the wrong actor at the checkout', async () => {
    const bad = await t.request('/api/checkout-sessions', {
      cookie: sofieCookie,
      json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
    });
    await expectRefused(bad, 403, 'UNAUTHORIZED');
    const client = await matchingClient(
      'Bad Input',
      { tier: 'Relax', subscription_status: null },
      { intake: false },
    );
    const wrongTier = await t.request('/api/checkout-sessions', {
      cookie: client.cookie,
      json: { tier: 'Relax', ...TERMS_ACCEPTED },
    });
    await expectRefused(wrongTier, 400, 'BAD_REQUEST');
    expect((await profileOf(client.id)).contract_status).toBe('pending');
  });
});

describe('syncMatchingWithMembership', () => {
  it('is safe to call again and touches only the clients it is given', async () => {
    const gone = await matchingClient('Gina Weg', { tier: 'Relax', subscription_status: 'cancelled' });
    const other = await matchingClient('Otto Anders');
    const match = await createMatch(t.db, { clientA: gone.id, clientB: other.id, matchmaker_id: sofie.id });
    const sync = () =>
      t.ctx.transaction((tx) =>
        syncMatchingWithMembership(tx, {
          clientIds: [gone.id, gone.id],
          now: t.clock.now(),
          appUrl: APP_URL,
        }),
      );
    expect(await sync()).toEqual({ ended: [gone.id], resumed: [], withdrawn: 1 });
    expect(await sync()).toEqual({ ended: [], resumed: [], withdrawn: 0 });
    expect(await statusOf(match.id)).toBe('cancelled');
    expect((await profileOf(other.id)).contract_status).toBe('active_for_matching');
    expect(
      (await mailsTo(other.email)).filter((m) => m.template === 'proposal-withdrawn-client'),
    ).toHaveLength(1);
    expect(
      await t.ctx.transaction((tx) =>
        syncMatchingWithMembership(tx, { clientIds: [], now: t.clock.now(), appUrl: APP_URL }),
      ),
    ).toEqual({ ended: [], resumed: [], withdrawn: 0 });
  });

  it('the running term in SQL is the same rule as hasRunningPaidTerm, for every tier and status', async () => {
    const made: { id: string; expected: boolean }[] = [];
    for (const tier of TIERS) {
      for (const status of [...SUBSCRIPTION_STATUSES, null]) {
        const client = await createClient(t.db, { tier, subscription_status: status });
        made.push({ id: client.id, expected: hasRunningPaidTerm({ tier, subscription_status: status }) });
      }
    }
    const running = await t.db
      .select({ id: user_profiles.id })
      .from(user_profiles)
      .where(
        and(
          inArray(
            user_profiles.id,
            made.map((m) => m.id),
          ),
          runningPaidTerm(),
        ),
      );
    const ids = new Set(running.map((r) => r.id));
    expect(made.map((m) => ids.has(m.id))).toEqual(made.map((m) => m.expected));
    expect(made.filter((m) => m.expected)).toHaveLength(6);
  });
});

describe('an intake completed after the paid term ended (decision 024)', () => {
  it('leaves the client ended, out of matching, until a new purchase; a running term makes them active', async () => {
    const now = t.clock.now();
    const ended = await matchingClient(
      'Karel Gestopt',
      { tier: 'Relax', subscription_status: 'cancelled', contract_status: 'ended' },
      { intake: false },
    );
    const paying = await matchingClient('Paula Betaald', {}, { intake: false });
    const sessions = [];
    for (const client of [ended, paying]) {
      sessions.push(
        await createIntakeSession(t.db, {
          user_id: client.id,
          assigned_matchmaker_id: sofie.id,
          scheduled_at: new Date(now.getTime() - 3_600_000),
          session_type: 'intake',
          status: 'scheduled',
        }),
      );
    }
    for (const session of sessions) {
      const response = await t.request(`/api/intake-sessions/${session.id}/complete`, {
        cookie: sofieCookie,
        json: { matchmaker_notes: 'Fijn gesprek gehad over wat ze zoekt.' },
      });
      expect(response.status).toBe(200);
    }
    expect((await profileOf(ended.id)).contract_status).toBe('ended');
    expect((await profileOf(paying.id)).contract_status).toBe('active_for_matching');
  });
});
