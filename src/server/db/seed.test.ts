import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWNGRADE_TIER,
  FEEDBACK_REQUEST_EXPIRY_DAYS,
  GRACE_PERIOD_DAYS,
  MATCH_RESPONSE_DEADLINE_DAYS,
  MATCH_STATUSES,
  PAID_TIER_TERM_MONTHS,
  SUBSCRIPTION_STATUSES,
  TIERS,
} from '../../shared/domain';
import {
  addMonths,
  CANCELLABLE_STATUSES,
  canBuyTier,
  canCancelSubscription,
  PAID_TIERS,
} from '../../shared/payments';
// Issue 14.
import { QUIZ_DIMENSIONS, QUIZ_QUESTIONS, quizTraitSuggestions, scoreQuiz } from '../../shared/quiz';
import { tierInfo } from '../../shared/tiers';
import { sweepMatchDeadlines } from '../features/matches/match-deadlines.service';
import { sweepSubscriptions } from '../features/payments/subscriptions.service';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Db } from './client';
import {
  checkout_sessions,
  client_match_responses,
  client_traits,
  feedback_requests,
  intake_feedback,
  intake_sessions,
  match_feedback,
  matches,
  matchmaker_assignments,
  matchmaker_feedback,
  payments,
  quiz_answers,
  quiz_attempts,
  user,
  user_profiles,
} from './schema';
import {
  DEMO_CLIENTS,
  DEMO_GENERATED_LOGINS,
  DEMO_LOGINS,
  DEMO_MATCHES,
  DEMO_PASSWORD,
  DEMO_QUIZ_ANSWERS,
  seedDemo,
} from './seed';

/**
 * The demo data agrees with itself: every seeded client and match is walked and held against the
 * product's rules (src/shared and the services' own sweeps), relative to the seed's "now".
 */

const DAY = 86_400_000;

async function loadSnapshot(db: Db) {
  return {
    users: await db.select().from(user),
    profiles: await db.select().from(user_profiles),
    matches: await db.select().from(matches),
    answers: await db.select().from(client_match_responses),
    matchFeedback: await db.select().from(match_feedback),
    payments: await db.select().from(payments),
    checkouts: await db.select().from(checkout_sessions),
    intakes: await db.select().from(intake_sessions),
    intakeFeedback: await db.select().from(intake_feedback),
    feedbackRequests: await db.select().from(feedback_requests),
    matchmakerFeedback: await db.select().from(matchmaker_feedback),
    matchmakerAssignments: await db.select().from(matchmaker_assignments),
  };
}
type Snapshot = Awaited<ReturnType<typeof loadSnapshot>>;

/** Every contradiction in the data, as `who: what`; empty when it all agrees. */
function findContradictions(data: Snapshot, now: Date): string[] {
  const problems: string[] = [];
  const t = (date: Date | null | undefined) => date?.getTime() ?? Number.NaN;
  const emailOf = new Map(data.users.map((u) => [u.id, u.email]));
  const profileOf = new Map(data.profiles.map((p) => [p.id, p]));
  const who = (id: string) => emailOf.get(id) ?? id;
  const check = (ok: boolean, subject: string, what: string) => {
    if (!ok) problems.push(`${subject}: ${what}`);
  };
  /** `date` lies in [from, to] (either bound optional). */
  const within = (date: Date | null, from: Date | null, to: Date | null) =>
    date !== null && (from === null || t(date) >= t(from)) && (to === null || t(date) <= t(to));

  for (const u of data.users) {
    const profile = profileOf.get(u.id)!;
    const name = u.email;
    check(t(u.createdAt) === t(profile.created_at), name, "'Lid sinds' differs between account and profile");
    check(t(profile.created_at) <= t(now), name, 'created after now');
    for (const field of ['last_login_at', 'last_activity_at'] as const) {
      const value = profile[field];
      check(value === null || within(value, profile.created_at, now), name, `${field} outside membership`);
    }
  }

  // Clients: tier, subscription status and term under the payment rules.
  for (const profile of data.profiles.filter((p) => p.role === 'client')) {
    const name = who(profile.id);
    const { tier, subscription_status: status } = profile;
    const started = profile.subscription_started_at;
    const ends = profile.subscription_ends_at;
    const graceEnd = profile.grace_period_end_date;
    const paid = data.payments
      .filter((p) => p.client_id === profile.id)
      .sort((a, b) => t(a.paid_at) - t(b.paid_at));
    const lastPayment = paid.at(-1);
    const running = status === 'active' || status === 'grace_period';
    const cancellable = canCancelSubscription(profile);
    check(
      cancellable === CANCELLABLE_STATUSES.some((s) => s === status),
      name,
      'cancellable in the wrong state',
    );

    if (status === null) {
      check(tier === 'Relax', name, `on ${tier} without a subscription`);
      check(
        started === null && ends === null && graceEnd === null,
        name,
        'term dates without a subscription',
      );
      check(paid.length === 0, name, 'payments without a subscription');
    } else {
      check(started !== null && ends !== null, name, `${status} without a term`);
      check(lastPayment !== undefined, name, `${status} without a payment`);
      if (lastPayment) {
        check(PAID_TIERS.includes(lastPayment.tier), name, 'paid for a free tier');
        check(t(lastPayment.paid_at) === t(started), name, 'term does not start at the payment');
        check(
          lastPayment.amount_total === tierInfo(lastPayment.tier).price * 100,
          name,
          'paid another price',
        );
        if (running)
          check(lastPayment.tier === tier, name, `${status} on ${tier} but paid ${lastPayment.tier}`);
        const checkout = data.checkouts.find(
          (c) => c.provider_session_id === lastPayment.provider_session_id,
        );
        check(
          checkout?.status === 'paid' && checkout.client_id === profile.id,
          name,
          'payment without its paid checkout',
        );
      }
      check(
        started === null || within(started, profile.created_at, now),
        name,
        'term starts outside membership',
      );
    }
    if (status === 'active' || status === 'grace_period' || status === 'expired') {
      check(
        started !== null && t(ends) === t(addMonths(started, PAID_TIER_TERM_MONTHS)),
        name,
        `term is not ${PAID_TIER_TERM_MONTHS} months`,
      );
    }
    if (status === 'active') {
      check(PAID_TIERS.includes(tier), name, `active on ${tier}`);
      check(t(ends) > t(now), name, 'active after its term ended (the lifecycle moves it to grace)');
      check(graceEnd === null, name, 'active with a grace period');
      check(!canBuyTier(profile, tier), name, 'may buy the tier it has');
    }
    if (status === 'grace_period') {
      check(PAID_TIERS.includes(tier), name, `grace period on ${tier}`);
      check(t(ends) <= t(now), name, 'grace period before the term ended');
      check(
        t(graceEnd) - t(ends) === GRACE_PERIOD_DAYS * DAY,
        name,
        `grace period is not ${GRACE_PERIOD_DAYS} days`,
      );
      check(t(graceEnd) > t(now), name, 'grace period over (the lifecycle expires it)');
      check(canBuyTier(profile, tier), name, 'cannot renew during the grace period');
    }
    if (status === 'expired') {
      check(tier === DOWNGRADE_TIER, name, `expired on ${tier}`);
      check(t(graceEnd) - t(ends) === GRACE_PERIOD_DAYS * DAY, name, 'expired without its grace period');
      check(t(graceEnd) <= t(now), name, 'expired before the grace period ended');
    }
    if (status === 'cancelled') {
      check(tier === DOWNGRADE_TIER, name, `cancelled on ${tier}`);
      check(graceEnd === null, name, 'cancelled with a grace period');
      check(within(ends, started, now), name, 'cancelled outside its term');
    }

    const matchmaker = profile.assigned_matchmaker_id
      ? profileOf.get(profile.assigned_matchmaker_id)
      : undefined;
    if (profile.assigned_matchmaker_id) {
      check(matchmaker?.role === 'matchmaker', name, 'assigned to a non-matchmaker');
    }
    if (profile.contract_status === 'active_for_matching') {
      const heldIntake = data.intakes.some((i) => i.user_id === profile.id && i.status === 'completed');
      check(!!matchmaker && heldIntake, name, 'active for matching without a matchmaker and a held intake');
    }

    // Membership comes before everything the client did, and their last activity after it.
    const actions: [string, Date | null][] = [
      ...paid.map((p): [string, Date] => ['payment', p.paid_at]),
      ...data.answers
        .filter((a) => a.client_id === profile.id)
        .map((a): [string, Date] => ['answer', a.created_at]),
      ...data.matchFeedback
        .filter((f) => f.client_id === profile.id)
        .map((f): [string, Date] => ['match feedback', f.submitted_at]),
      ...data.intakes
        .filter((i) => i.user_id === profile.id)
        .map((i): [string, Date] => ['intake booked', i.created_at]),
    ];
    for (const [what, at] of actions) {
      check(within(at, profile.created_at, now), name, `${what} outside membership`);
      check(t(profile.last_activity_at) >= t(at), name, `last activity before a ${what}`);
    }
    for (const m of data.matches.filter((m) => m.client1_id === profile.id || m.client2_id === profile.id)) {
      check(t(m.proposed_to_clients_at) >= t(profile.created_at), name, 'proposed before becoming a member');
    }
  }

  // Intakes: held in the past, planned ahead.
  for (const intake of data.intakes) {
    const name = `intake of ${who(intake.user_id)}`;
    if (intake.status === 'cancelled') {
      // Issue 13: a cancelled booking is kept, cancelled after it was booked and before it was due.
      check(
        within(intake.cancelled_at, intake.created_at, intake.scheduled_at),
        name,
        'cancelled at the wrong time',
      );
    } else {
      // A scheduled intake is ahead, or held in the last two days and waiting for the matchmaker to
      // complete it (the dashboard's 'Intakes af te ronden', issue 15).
      const awaitingNotes =
        intake.status === 'scheduled' && within(intake.scheduled_at, new Date(t(now) - 2 * 86_400_000), now);
      check(
        intake.status === 'completed'
          ? t(intake.scheduled_at) <= t(now)
          : t(intake.scheduled_at) > t(now) || awaitingNotes,
        name,
        `${intake.status} at the wrong time`,
      );
    }
    check(
      intake.status === 'completed'
        ? t(intake.completed_at) === t(intake.scheduled_at)
        : intake.completed_at === null,
      name,
      'completed_at does not match the status',
    );
    check(t(intake.created_at) <= t(intake.scheduled_at), name, 'booked after it took place');
    // Completing an intake asks for feedback then (issue 13), answered after that and before now.
    const feedback = data.intakeFeedback.filter((f) => f.intake_session_id === intake.id);
    check(
      feedback.length === (intake.status === 'completed' ? 1 : 0),
      name,
      'intake feedback without completion',
    );
    for (const f of feedback) {
      check(t(f.feedback_requested_at) === t(intake.completed_at), name, 'feedback asked at another time');
      check(f.client_id === intake.user_id, name, 'feedback of another client');
      check(f.matchmaker_id === intake.assigned_matchmaker_id, name, 'feedback about another matchmaker');
      if (f.submitted_at) {
        check(within(f.submitted_at, f.feedback_requested_at, now), name, 'feedback given at the wrong time');
        check(f.overall_satisfaction_rating !== null, name, 'feedback without overall satisfaction');
      }
    }
  }
  check(
    data.intakeFeedback.some((f) => f.submitted_at) && data.intakeFeedback.some((f) => !f.submitted_at),
    'intake feedback',
    'pending and submitted ones both exist',
  );

  // Matches: status, answers and timestamps, in order.
  for (const m of data.matches) {
    const name = `match ${who(m.client1_id)} + ${who(m.client2_id)} (${m.status})`;
    const answers = data.answers
      .filter((a) => a.match_id === m.id)
      .sort((a, b) => t(a.created_at) - t(b.created_at));
    const yes = answers.filter((a) => a.response === 'accepted');
    const no = answers.filter((a) => a.response === 'rejected');
    const proposed = m.proposed_to_clients_at;
    const deadline = m.response_deadline;
    const maker = m.matchmaker_id ? profileOf.get(m.matchmaker_id) : undefined;
    const clients = [profileOf.get(m.client1_id), profileOf.get(m.client2_id)];

    check(
      clients.every((c) => c?.role === 'client'),
      name,
      'between non-clients',
    );
    check(
      maker?.role === 'admin' || clients.some((c) => c?.assigned_matchmaker_id === m.matchmaker_id),
      name,
      'made by someone who guides neither client (decision 009)',
    );
    check(
      maker === undefined || t(maker.created_at) <= t(proposed),
      name,
      'made before its matchmaker joined',
    );
    check(t(m.created_at) === t(proposed) && within(proposed, null, now), name, 'proposed at the wrong time');
    check(t(deadline) - t(proposed) === MATCH_RESPONSE_DEADLINE_DAYS * DAY, name, 'deadline is not 7 days');
    check(within(m.updated_at, proposed, now), name, 'updated outside its life');
    for (const a of answers) {
      check(a.client_id === m.client1_id || a.client_id === m.client2_id, name, 'answered by an outsider');
      check(
        within(a.created_at, proposed, deadline) && t(a.created_at) <= t(now),
        name,
        'answered out of time',
      );
      check(a.response === 'rejected' || a.rejection_reason === null, name, 'a yes with a rejection reason');
    }

    const bothSaidYes = m.status === 'accepted' || m.status === 'scheduled' || m.status === 'completed';
    if (bothSaidYes) {
      check(yes.length === 2 && no.length === 0, name, `${yes.length} yes and ${no.length} no`);
      check(t(m.accepted_at) === t(yes.at(-1)?.created_at), name, 'accepted_at is not the second yes');
      check(m.cancelled_at === null, name, 'cancelled');
    } else {
      check(m.accepted_at === null, name, 'accepted_at without two yes');
      check(yes.length < 2, name, 'two yes but not accepted');
    }
    if (m.status === 'proposed') {
      check(no.length === 0, name, 'open after a no');
      check(t(deadline) > t(now), name, 'open past its deadline (the sweep cancels it)');
      check(!m.scheduled_at && !m.completed_at && !m.cancelled_at, name, 'dates on an open proposal');
    }
    if (m.status === 'accepted')
      check(!m.scheduled_at && !m.completed_at, name, 'a date before one was planned');
    if (m.status === 'scheduled') {
      check(t(m.scheduled_at) >= t(m.accepted_at), name, 'date planned before the acceptance');
      check(t(m.scheduled_at) > t(now), name, 'a planned date that has passed');
      check(m.completed_at === null, name, 'completed while planned');
    }
    if (m.status === 'completed') {
      check(t(m.accepted_at) <= t(m.scheduled_at), name, 'date before the acceptance');
      check(t(m.scheduled_at) <= t(m.completed_at), name, 'completed before the date');
      check(t(m.completed_at) <= t(now), name, 'completed in the future');
    }
    if (m.status === 'rejected') {
      check(no.length === 1 && no[0] === answers.at(-1), name, 'rejected without one last no');
      check(!m.scheduled_at && !m.completed_at && !m.cancelled_at, name, 'dates on a rejection');
    }
    if (m.status === 'cancelled') {
      check(no.length === 0 && m.completed_at === null, name, 'cancelled after a no or a date');
      check(within(m.cancelled_at, proposed, now), name, 'cancelled out of time');
      if (m.accepted_at === null)
        check(t(m.cancelled_at) >= t(deadline) || yes.length < 2, name, 'cancelled oddly');
    }
    for (const f of data.matchFeedback.filter((f) => f.match_id === m.id)) {
      check(m.status === 'completed', name, 'feedback before the date took place');
      check(f.client_id === m.client1_id || f.client_id === m.client2_id, name, 'feedback from an outsider');
      check(within(f.submitted_at, m.completed_at, now), name, 'feedback out of time');
    }
  }

  for (const r of data.feedbackRequests) {
    const name = `feedback request of ${who(r.client_id)}`;
    check(profileOf.get(r.client_id)?.assigned_matchmaker_id === r.matchmaker_id, name, 'about someone else');
    check(t(r.expires_at) - t(r.created_at) === FEEDBACK_REQUEST_EXPIRY_DAYS * DAY, name, 'wrong expiry');
    check(
      t(r.created_at) >= t(profileOf.get(r.client_id)?.created_at) && t(r.created_at) <= t(now),
      name,
      'out of time',
    );
    if (r.status === 'pending')
      check(t(r.expires_at) > t(now) && r.completed_at === null, name, 'pending but over');
    if (r.status === 'completed')
      check(within(r.completed_at, r.created_at, r.expires_at), name, 'answered out of time');
  }
  // Issue 17: the assignment the feedback schedule starts from agrees with the profile.
  for (const a of data.matchmakerAssignments) {
    const name = `matchmaker assignment of ${who(a.client_id)}`;
    check(profileOf.get(a.client_id)?.assigned_matchmaker_id === a.matchmaker_id, name, 'another matchmaker');
    check(
      within(a.assigned_at, profileOf.get(a.client_id)?.created_at ?? null, now),
      name,
      'assigned out of time',
    );
  }
  for (const f of data.matchmakerFeedback) {
    const name = `matchmaker feedback of ${who(f.client_id)}`;
    check(profileOf.get(f.client_id)?.assigned_matchmaker_id === f.matchmaker_id, name, 'about someone else');
    check(t(f.feedback_period_start) < t(f.feedback_period_end), name, 'period backwards');
    check(within(f.created_at, f.feedback_period_end, now), name, 'given out of time');
  }
  return problems;
}

let t: TestApp;
let now: Date;
let data: Snapshot;
beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  expect(await seedDemo(t.db, now)).toEqual({ seeded: true });
  data = await loadSnapshot(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('the demo data agrees with itself', () => {
  it('has every state to show: each tier, subscription status and match status', () => {
    const clients = data.profiles.filter((p) => p.role === 'client');
    expect(clients.length).toBeGreaterThanOrEqual(46);
    expect(new Set(clients.map((c) => c.tier))).toEqual(new Set(TIERS));
    expect(new Set(clients.map((c) => c.subscription_status))).toEqual(
      new Set([null, ...SUBSCRIPTION_STATUSES]),
    );
    expect(new Set(data.matches.map((m) => m.status))).toEqual(new Set(MATCH_STATUSES));
  });

  it('every client and every match follows the product rules, in time order', () => {
    expect(findContradictions(data, now)).toEqual([]);
  });

  it("spreads 'Lid sinds' over the past, each before the member's first step", () => {
    const clients = data.profiles.filter((p) => p.role === 'client');
    const days = new Set(clients.map((c) => Math.floor((now.getTime() - c.created_at.getTime()) / DAY)));
    expect(days.size).toBeGreaterThan(clients.length * 0.8);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...days)).toBeGreaterThan(365);
  });

  it("the product's own sweeps find nothing to do: no term past its end, no proposal past its deadline", async () => {
    expect(await sweepSubscriptions({ ctx: t.ctx, now })).toEqual({ grace_period: 0, expired: 0 });
    expect(await sweepMatchDeadlines({ ctx: t.ctx, now })).toEqual({ cancelled: 0, reminded: 0 });
  });

  it('the walk sees a contradiction: a broken row is reported with who and what', () => {
    const completed = data.matches.find((m) => m.status === 'completed')!;
    const expired = data.profiles.find((p) => p.subscription_status === 'expired')!;
    const accepted = data.matches.find((m) => m.status === 'accepted')!;
    const broken: Snapshot = {
      ...data,
      matches: data.matches.map((m) =>
        m.id === completed.id ? { ...m, completed_at: new Date(m.scheduled_at!.getTime() - 3_600_000) } : m,
      ),
      profiles: data.profiles.map((p) => (p.id === expired.id ? { ...p, tier: 'Persoonlijk+' as const } : p)),
      answers: data.answers.filter((a) => a.match_id !== accepted.id),
    };
    const problems = findContradictions(broken, now);
    expect(problems).toContainEqual(expect.stringMatching(/\(completed\): completed before the date$/));
    expect(problems).toContainEqual(expect.stringMatching(/: expired on Persoonlijk\+$/));
    expect(problems).toContainEqual(expect.stringMatching(/\(accepted\): 0 yes and 0 no$/));
    expect(problems).toHaveLength(4); // and the accepted_at that is no longer the second yes
  });
});

describe('the demo stories, the banner and the README say what the data holds', () => {
  const profileByEmail = (email: string) => {
    const u = data.users.find((x) => x.email === email);
    return u && data.profiles.find((p) => p.id === u.id);
  };

  it('each client story came out in its declared state, and each match story in its status', () => {
    for (const story of DEMO_CLIENTS) {
      const profile = profileByEmail(story.email);
      expect(profile?.subscription_status, story.email).toBe(story.subscription);
      expect(profile?.full_name, story.email).toBe(story.full_name);
    }
    for (const story of DEMO_MATCHES) {
      const [a, b] = [profileByEmail(story.a)!.id, profileByEmail(story.b)!.id];
      const match = data.matches.find(
        (m) => [m.client1_id, m.client2_id].sort().join() === [a, b].sort().join(),
      );
      expect(match?.status, `${story.a} + ${story.b}`).toBe(story.status);
    }
  });

  it('every banner line is an account that exists with the tier and name it states', () => {
    for (const login of DEMO_LOGINS) {
      const profile = profileByEmail(login.email);
      expect(profile, login.email).toBeDefined();
      const client = /^klant, (\S+) \(([^)]+)\)/.exec(login.role);
      if (client) {
        expect([profile!.role, profile!.tier, profile!.full_name]).toEqual(['client', client[1], client[2]]);
      } else {
        expect(profile!.role, login.email).toBe(login.role === 'beheerder' ? 'admin' : 'matchmaker');
      }
    }
    const states = DEMO_LOGINS.map((l) => l.role).join('\n');
    for (const shown of [
      'respijtperiode',
      'verlopen',
      'opgezegd',
      'voorstel open',
      'allebei ja',
      'date gepland',
      'date gehad',
    ]) {
      expect(states).toContain(shown);
    }
  });

  it('a banner login works with the demo password', async () => {
    const response = await t.request('/api/auth/sign-in/email', {
      json: {
        email: DEMO_LOGINS.find((l) => l.role.includes('respijtperiode'))!.email,
        password: DEMO_PASSWORD,
      },
    });
    expect(response.status).toBe(200);
  });

  it("the README's demo table lists every banner line as it is printed", () => {
    const readme = readFileSync(resolve(__dirname, '../../../README.md'), 'utf8');
    for (const login of [...DEMO_LOGINS, DEMO_GENERATED_LOGINS]) {
      expect(readme).toMatch(
        new RegExp(`^\\| \`${literal(login.email)}\` +\\| ${literal(login.role)} +\\|$`, 'm'),
      );
    }
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Issue 14: the quiz attempts of the demo agree with the quiz's own rules.
describe('the demo quiz attempts', () => {
  it('lie within the membership, finished ones scored as scoreQuiz scores their answers; Emma finished, Lucas is halfway', async () => {
    const attempts = await t.db.select().from(quiz_attempts);
    const answers = await t.db.select().from(quiz_answers);
    const traits = await t.db.select().from(client_traits).where(eq(client_traits.source, 'quiz'));
    const problems: string[] = [];
    for (const attempt of attempts) {
      const profile = data.profiles.find((p) => p.id === attempt.client_id)!;
      const name = data.users.find((u) => u.id === attempt.client_id)!.email;
      const given = answers.filter((a) => a.attempt_id === attempt.id);
      const end = attempt.finished_at ?? now;
      if (profile.role !== 'client') problems.push(`${name}: a quiz of staff`);
      if (attempt.started_at < profile.created_at || end > now || end < attempt.started_at)
        problems.push(`${name}: quiz outside membership or backwards`);
      for (const a of given)
        if (a.answered_at < attempt.started_at || a.answered_at > end)
          problems.push(`${name}: answer out of time`);
      const byId = Object.fromEntries(given.map((a) => [a.question_id, a.value]));
      if (attempt.finished_at) {
        if (given.length !== QUIZ_QUESTIONS.length) problems.push(`${name}: finished with answers missing`);
        const scores = scoreQuiz(byId);
        for (const d of QUIZ_DIMENSIONS)
          if (attempt[d] !== scores[d]) problems.push(`${name}: ${d} mis-scored`);
        const suggested = traits.filter((r) => r.client_id === attempt.client_id).map((r) => r.trait);
        expect(suggested.sort(), name).toEqual(
          quizTraitSuggestions(byId)
            .map((s) => s.trait)
            .sort(),
        );
      } else if (given.length >= QUIZ_QUESTIONS.length) {
        problems.push(`${name}: all answered but not finished`);
      }
    }
    expect(problems).toEqual([]);
    const of = (email: string) =>
      attempts.filter((a) => a.client_id === data.users.find((u) => u.email === email)!.id);
    expect(of('emma@koppel.example').map((a) => a.finished_at !== null)).toEqual([true]);
    expect(of('lucas@koppel.example').map((a) => a.finished_at !== null)).toEqual([false]);
    expect(Object.keys(DEMO_QUIZ_ANSWERS.lucas).length).toBeLessThan(QUIZ_QUESTIONS.length);
  });
});
