import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import {
  DOWNGRADE_TIER,
  FEEDBACK_REQUEST_EXPIRY_DAYS,
  GRACE_PERIOD_DAYS,
  MATCH_RESPONSE_DEADLINE_DAYS,
  type MatchStatus,
  PAID_TIER_TERM_MONTHS,
  type Role,
  type SubscriptionStatus,
  type Tier,
} from '../../shared/domain';
import { addMonths, PAID_TIERS, type PaymentMethod } from '../../shared/payments';
import { RESERVED_SLUGS } from '../../shared/routes';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from '../../shared/slugify';
import { tierInfo } from '../../shared/tiers';
import type { Db } from './client';
import {
  account,
  checkout_sessions,
  client_match_responses,
  client_profiles,
  feedback_requests,
  intake_feedback,
  intake_sessions,
  match_feedback,
  matches,
  matchmaker_profiles,
  payments,
  user,
  user_profiles,
} from './schema';

/**
 * Factories for accounts and the records around them. The demo seed and the tests use these same
 * functions, so what the tests exercise is what the demo shows.
 */

const DAY = 86_400_000;
const hashes = new Map<string, Promise<string>>();
/** scrypt is slow on purpose; one hash per distinct password is enough for seeds and tests. */
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export const TEST_PASSWORD = 'koppel-test-2026';

type ProfileFields = Partial<Omit<typeof user_profiles.$inferInsert, 'id'>>;

export interface CreateUserOptions extends ProfileFields {
  email?: string;
  full_name?: string;
  password?: string;
  role?: Role;
  tier?: Tier;
  email_verified?: boolean;
}

export interface CreatedUser {
  id: string;
  email: string;
  full_name: string;
  password: string;
}

/** A user who can log in with e-mail and password; the trigger creates the profile row. */
export async function createUser(db: Db, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const {
    email = `gebruiker-${randomUUID().slice(0, 8)}@test.koppel.example`,
    full_name = 'Test Gebruiker',
    password = TEST_PASSWORD,
    email_verified = true,
    ...profile
  } = options;
  const id = randomUUID();
  const passwordHash = await hashOnce(password);
  // 'Lid sinds': the account, its login and its profile share one creation time.
  const since = profile.created_at ? { createdAt: profile.created_at, updatedAt: profile.created_at } : {};
  await db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id, name: full_name, email: email.toLowerCase(), emailVerified: email_verified, ...since });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      ...since,
    });
    if (Object.keys(profile).length > 0) {
      await tx.update(user_profiles).set(profile).where(eq(user_profiles.id, id));
    }
  });
  return { id, email: email.toLowerCase(), full_name, password };
}

export interface CreateClientOptions extends CreateUserOptions {
  profile?: Partial<Omit<typeof client_profiles.$inferInsert, 'id'>>;
}

export async function createClient(db: Db, options: CreateClientOptions = {}): Promise<CreatedUser> {
  const { profile, ...rest } = options;
  const created = await createUser(db, { full_name: 'Test Klant', ...rest, role: 'client' });
  if (profile) {
    const since = rest.created_at ? { created_at: rest.created_at, updated_at: rest.created_at } : {};
    await db.insert(client_profiles).values({ id: created.id, ...since, ...profile });
  }
  return created;
}

export interface CreateMatchmakerOptions extends CreateUserOptions {
  matchmaker?: Partial<Omit<typeof matchmaker_profiles.$inferInsert, 'id'>>;
}

export async function createMatchmaker(db: Db, options: CreateMatchmakerOptions = {}): Promise<CreatedUser> {
  const { matchmaker, ...rest } = options;
  const created = await createUser(db, { full_name: 'Test Matchmaker', ...rest, role: 'matchmaker' });
  // Spec section 2's slug; a name without Latin letters or digits still gets a page, and a very
  // long one a slug the page can be looked up by.
  const base =
    slugify(created.full_name)
      .slice(0, MAX_SLUG_LENGTH - 8)
      .replace(/-+$/, '') || 'koppel-matchmaker';
  const taken = new Set([
    ...RESERVED_SLUGS,
    ...(await db.select({ slug: matchmaker_profiles.slug }).from(matchmaker_profiles)).map((r) => r.slug),
  ]);
  await db
    .insert(matchmaker_profiles)
    .values({ id: created.id, slug: uniqueSlug(base, taken), ...matchmaker });
  return created;
}

export async function createAdmin(db: Db, options: CreateUserOptions = {}): Promise<CreatedUser> {
  return createUser(db, { full_name: 'Test Beheerder', ...options, role: 'admin' });
}

export interface CreatePurchaseOptions {
  client_id: string;
  /** The paid tier bought. */
  tier: Tier;
  paid_at: Date;
  /** When the client cancelled in the settings, while the term or its grace period ran. */
  cancelled_at?: Date;
  /** How the test checkout was paid (issue 29); unrecorded when not given. */
  payment_method?: PaymentMethod;
  /** How far the daily lifecycle has run: the seed's or the test's "now". */
  now?: Date;
}

/**
 * A purchase through the test checkout, and what the product's rules made of it by `now`: the
 * fulfilment's payment and 12-month term (`fulfilCheckout`), then the daily lifecycle's grace
 * period and its return to Relax (`sweepSubscriptions`), or a cancellation in the settings
 * (`cancelSubscription`). Returns the status the client ends in.
 */
export async function createPurchase(db: Db, options: CreatePurchaseOptions): Promise<SubscriptionStatus> {
  const { client_id, tier, paid_at, cancelled_at, payment_method = null, now = new Date() } = options;
  if (!PAID_TIERS.includes(tier)) throw new Error(`${tier} is not a paid tier`);
  if (paid_at > now) throw new Error('a purchase cannot be paid after now');
  const ends = addMonths(paid_at, PAID_TIER_TERM_MONTHS);
  const graceEnd = new Date(ends.getTime() + GRACE_PERIOD_DAYS * DAY);
  if (cancelled_at && (cancelled_at < paid_at || cancelled_at > now || cancelled_at >= graceEnd)) {
    throw new Error('a subscription is cancelled while it runs, and not after now');
  }
  const info = tierInfo(tier);
  const provider_session_id = `cs_demo_${randomUUID().replaceAll('-', '')}`;
  const opened = new Date(paid_at.getTime() - 2 * 60_000);
  await db.insert(checkout_sessions).values({
    provider: 'demo',
    provider_session_id,
    client_id,
    tier,
    price_id: info.price_id,
    amount_total: info.price * 100,
    currency: 'eur',
    status: 'paid',
    payment_method,
    expires_at: new Date(opened.getTime() + 60 * 60_000),
    created_at: opened,
    updated_at: paid_at,
  });
  await db.insert(payments).values({
    provider: 'demo',
    provider_session_id,
    client_id,
    tier,
    amount_total: info.price * 100,
    currency: 'eur',
    paid_at,
    payment_method,
  });
  const term = { subscription_started_at: paid_at, subscription_ends_at: ends };
  const [status, changes]: [SubscriptionStatus, Partial<typeof user_profiles.$inferInsert>] = cancelled_at
    ? [
        'cancelled',
        {
          tier: DOWNGRADE_TIER,
          subscription_started_at: paid_at,
          subscription_ends_at: cancelled_at,
          grace_period_end_date: null,
          updated_at: cancelled_at,
        },
      ]
    : now < ends
      ? ['active', { tier, ...term, grace_period_end_date: null, updated_at: paid_at }]
      : now < graceEnd
        ? ['grace_period', { tier, ...term, grace_period_end_date: graceEnd, updated_at: ends }]
        : [
            'expired',
            { tier: DOWNGRADE_TIER, ...term, grace_period_end_date: graceEnd, updated_at: graceEnd },
          ];
  await db
    .update(user_profiles)
    .set({ ...changes, subscription_status: status })
    .where(eq(user_profiles.id, client_id));
  return status;
}

export interface CreateMatchOptions {
  clientA: string;
  clientB: string;
  matchmaker_id?: string | null;
  status?: MatchStatus;
  note?: string;
  /** When it was proposed; by default long enough before `now` for the status. */
  proposed_at?: Date;
  /** The date (scheduled, completed); by default ahead when planned, and past when held. */
  scheduled_at?: Date;
  /** One of the two who already said yes (proposed, rejected by the other, cancelled). */
  accepted_by?: string;
  rejection_reason?: string;
  /** When the answers came (first, second), instead of a day and two days after the proposal. */
  answered_at?: readonly Date[];
  /** When the matchmaker recorded a held date, instead of up to a day after it. */
  completed_recorded_at?: Date;
  /** The clock the match's story has reached. */
  now?: Date;
}

/** How long before `now` a match in each status was proposed, by default. */
const DEFAULT_PROPOSED_DAYS_AGO: Record<MatchStatus, number> = {
  proposed: 0,
  accepted: 3,
  rejected: 3,
  scheduled: 6,
  completed: 20,
  cancelled: MATCH_RESPONSE_DEADLINE_DAYS + 3,
};

/**
 * A match in any status with the rows the product writes on the way there (`respondToMatch`,
 * `applyOutcome`, the deadline sweep): answers from the clients before the deadline and before
 * `now`, `accepted_at` at the second yes, a date planned after that, held before its completion,
 * a proposal left unanswered cancelled at its deadline. Ids are stored smaller first.
 */
export async function createMatch(db: Db, options: CreateMatchOptions) {
  const {
    clientA,
    clientB,
    matchmaker_id = null,
    status = 'proposed',
    note,
    accepted_by,
    rejection_reason,
    now = new Date(),
  } = options;
  const proposed_at =
    options.proposed_at ?? new Date(now.getTime() - DEFAULT_PROPOSED_DAYS_AGO[status] * DAY);
  const [client1_id, client2_id] = clientA < clientB ? [clientA, clientB] : [clientB, clientA];
  if (accepted_by && accepted_by !== clientA && accepted_by !== clientB) {
    throw new Error('accepted_by must be one of the two clients');
  }
  const t = (date: Date) => date.getTime();
  const deadline = new Date(t(proposed_at) + MATCH_RESPONSE_DEADLINE_DAYS * DAY);
  // Answers come after the proposal, before the deadline, and not after now.
  const answerWindow = Math.min(t(deadline), t(now)) - t(proposed_at);
  const firstAnswer = options.answered_at?.[0] ?? new Date(t(proposed_at) + Math.min(DAY, answerWindow / 3));
  const secondAnswer =
    options.answered_at?.[1] ?? new Date(t(proposed_at) + Math.min(2 * DAY, (2 * answerWindow) / 3));
  const bothSaidYes = ['accepted', 'scheduled', 'completed'].includes(status);
  if (answerWindow <= 0 && (bothSaidYes || status === 'rejected' || accepted_by)) {
    throw new Error(`a ${status} match needs its proposal before now`);
  }

  const answers: Omit<typeof client_match_responses.$inferInsert, 'match_id'>[] = [];
  const answer = (client_id: string, created_at: Date, response: 'accepted' | 'rejected' = 'accepted') =>
    answers.push({
      client_id,
      response,
      rejection_reason: response === 'rejected' ? (rejection_reason ?? null) : null,
      created_at,
    });
  const times: Partial<
    Record<'accepted_at' | 'scheduled_at' | 'completed_at' | 'completed_recorded_at' | 'cancelled_at', Date>
  > = {};
  let updated_at = proposed_at;

  if (bothSaidYes) {
    answer(clientA, firstAnswer);
    answer(clientB, secondAnswer);
    times.accepted_at = updated_at = secondAnswer;
  } else if (status === 'rejected') {
    const other = accepted_by === clientB ? clientA : clientB;
    if (accepted_by) answer(accepted_by, firstAnswer);
    answer(other, accepted_by ? secondAnswer : firstAnswer, 'rejected');
    updated_at = accepted_by ? secondAnswer : firstAnswer;
  } else if (accepted_by) {
    answer(accepted_by, firstAnswer);
    updated_at = firstAnswer;
  }

  if (status === 'scheduled' || status === 'completed') {
    const accepted = t(times.accepted_at!);
    const held = status === 'completed';
    const date =
      options.scheduled_at ??
      new Date(held ? accepted + Math.min(7 * DAY, (t(now) - accepted) / 2) : t(now) + 4 * DAY);
    if (t(date) < accepted) throw new Error('a date is planned after both said yes');
    if (held && date > now) throw new Error('a held date lies before now');
    times.scheduled_at = date;
    // Planned a little after the acceptance.
    updated_at = new Date(Math.min(accepted + DAY, t(now)));
    // Issue 27: a held date took place at its planned time; the matchmaker recorded it later.
    if (held) {
      times.completed_at = date;
      times.completed_recorded_at = updated_at =
        options.completed_recorded_at ?? new Date(t(date) + Math.min(DAY, (t(now) - t(date)) / 2));
      if (times.completed_recorded_at < date || times.completed_recorded_at > now)
        throw new Error('a date is recorded as held after it took place, and not after now');
    }
  }
  if (status === 'cancelled') {
    // Past its deadline the sweep cancelled it then; before, a matchmaker stopped it.
    times.cancelled_at = updated_at =
      deadline <= now ? deadline : new Date(t(proposed_at) + (t(now) - t(proposed_at)) / 2);
  }

  const [row] = await db
    .insert(matches)
    .values({
      client1_id,
      client2_id,
      matchmaker_id,
      status,
      note,
      proposed_to_clients_at: proposed_at,
      response_deadline: deadline,
      accepted_at: times.accepted_at ?? null,
      scheduled_at: times.scheduled_at ?? null,
      completed_at: times.completed_at ?? null,
      completed_recorded_at: times.completed_recorded_at ?? null,
      cancelled_at: times.cancelled_at ?? null,
      created_at: proposed_at,
      updated_at,
    })
    .returning();
  if (answers.length > 0) {
    await db.insert(client_match_responses).values(answers.map((a) => ({ ...a, match_id: row!.id })));
  }
  return row!;
}

export async function createIntakeSession(db: Db, options: Omit<typeof intake_sessions.$inferInsert, 'id'>) {
  const [row] = await db.insert(intake_sessions).values(options).returning();
  return row!;
}

export async function createMatchFeedback(db: Db, options: Omit<typeof match_feedback.$inferInsert, 'id'>) {
  const [row] = await db.insert(match_feedback).values(options).returning();
  return row!;
}

export async function createFeedbackRequest(
  db: Db,
  options: Omit<typeof feedback_requests.$inferInsert, 'id' | 'expires_at'> & { expires_at?: Date },
) {
  const created = options.created_at ?? new Date();
  const [row] = await db
    .insert(feedback_requests)
    .values({
      expires_at: new Date(created.getTime() + FEEDBACK_REQUEST_EXPIRY_DAYS * DAY),
      created_at: created,
      ...options,
    })
    .returning();
  return row!;
}

export async function createIntakeFeedback(db: Db, options: Omit<typeof intake_feedback.$inferInsert, 'id'>) {
  const [row] = await db.insert(intake_feedback).values(options).returning();
  return row!;
}

/**
 * Issue 17: proposals of one matchmaker the clients decided on (decision 017's success rate):
 * `accepted` both said yes, `rejected` one said no; each between two new clients.
 */
export async function createDecidedMatches(
  db: Db,
  options: { matchmaker_id: string; accepted: number; rejected: number; now?: Date },
) {
  const statuses: MatchStatus[] = [
    ...Array<MatchStatus>(options.accepted).fill('accepted'),
    ...Array<MatchStatus>(options.rejected).fill('rejected'),
  ];
  for (const status of statuses) {
    const a = await createClient(db);
    const b = await createClient(db);
    await createMatch(db, {
      clientA: a.id,
      clientB: b.id,
      matchmaker_id: options.matchmaker_id,
      status,
      now: options.now,
    });
  }
}
