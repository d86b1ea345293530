import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { MATCH_RESPONSE_DEADLINE_DAYS, type MatchResponse, type MatchStatus } from '../../../shared/domain';
import { ageOn, firstName } from '../../../shared/format';
import type {
  ClientMatch,
  CreateFollowUpInput,
  CreateMatchFeedbackInput,
  CreateMatchInput,
  FollowUp,
  Match,
  MatchAnswer,
  MatchDetailResponse,
  MatchFeedback,
  MatchOutcomeInput,
  ProposedMatchSummary,
  UpdateMatchInput,
} from '../../../shared/matches';
import { MATCH_OUTCOMES, OUTCOME_FROM } from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  account_settings,
  client_match_responses,
  client_profiles,
  match_feedback,
  match_follow_up,
  matches,
  user,
  user_profiles,
} from '../../db/schema';
import { isoInstant, jsonRows, named, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { mailMatchAccepted, mailMatchDeadlines, mailMatchProposed, mailMatchRejected } from './matches.mail';
import { beyondPackage, packageDatesOf } from './package-dates';

const DAY_MS = 86_400_000;

const profile1 = alias(user_profiles, 'client1_profile');
const profile2 = alias(user_profiles, 'client2_profile');
const user1 = alias(user, 'client1_user');
const user2 = alias(user, 'client2_user');

/** The match is one of this client's (either side). */
const isClientOf = (client_id: string | Placeholder): SQL =>
  sql`(${matches.client1_id} = ${client_id} OR ${matches.client2_id} = ${client_id})`;

/** The id of the other client of the match, seen from this one. */
const otherClientOf = (client_id: string | Placeholder): SQL =>
  sql`CASE WHEN ${matches.client1_id} = ${client_id} THEN ${matches.client2_id} ELSE ${matches.client1_id} END`;

/**
 * A client's e-mail as this staff member may see it (decision 009): an admin always, a matchmaker
 * only for their own clients.
 */
export function staffEmail(
  actor: Actor,
  profile: { assigned_matchmaker_id: AnyPgColumn },
  email: AnyPgColumn,
): SQL<string | null> {
  return emailForStaff(actor.profile.role === 'admin', actor.user.id, profile, email);
}

/** `staffEmail` for an admin or for this matchmaker (an id, or a prepared query's placeholder). */
function emailForStaff(
  admin: boolean,
  matchmaker_id: string | Placeholder,
  profile: { assigned_matchmaker_id: AnyPgColumn },
  email: AnyPgColumn,
): SQL<string | null> {
  if (admin) return sql<string | null>`${email}`;
  return sql<string | null>`CASE WHEN ${profile.assigned_matchmaker_id} = ${matchmaker_id} THEN ${email} END`;
}

/**
 * A match with both clients joined (spec section 7: "select matches with client1 and client2 joins"),
 * and `extra` fields read along (issue 19: an endpoint's own rows in the same statement).
 */
function selectJoinedMatches<Extra extends Record<string, SQL>>(db: Db, actor: Actor, extra?: Extra) {
  return db
    .select({
      match: matches,
      client1: {
        id: profile1.id,
        full_name: profile1.full_name,
        email: staffEmail(actor, profile1, user1.email),
        tier: profile1.tier,
      },
      client2: {
        id: profile2.id,
        full_name: profile2.full_name,
        email: staffEmail(actor, profile2, user2.email),
        tier: profile2.tier,
      },
      ...(extra as Extra),
    })
    .from(matches)
    .innerJoin(profile1, eq(profile1.id, matches.client1_id))
    .innerJoin(user1, eq(user1.id, matches.client1_id))
    .innerJoin(profile2, eq(profile2.id, matches.client2_id))
    .innerJoin(user2, eq(user2.id, matches.client2_id));
}

type JoinedRow = Awaited<ReturnType<typeof selectJoinedMatches<Record<never, SQL>>>>[number];
const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** Field by field rather than through `jsonify`: it runs for every row of the matches list. */
const toMatch = ({ match: m, client1, client2 }: JoinedRow): Match => ({
  id: m.id,
  client1_id: m.client1_id,
  client2_id: m.client2_id,
  matchmaker_id: m.matchmaker_id,
  status: m.status,
  note: m.note,
  proposed_to_clients_at: iso(m.proposed_to_clients_at),
  response_deadline: iso(m.response_deadline),
  accepted_at: iso(m.accepted_at),
  scheduled_at: iso(m.scheduled_at),
  completed_at: iso(m.completed_at),
  cancelled_at: iso(m.cancelled_at),
  created_at: m.created_at.toISOString(),
  updated_at: m.updated_at.toISOString(),
  client1,
  client2,
});

/** Staff may see a match: an admin always, a matchmaker who made it or who guides one of the two. */
function visibleTo(actor: Actor): SQL | undefined {
  if (actor.profile.role === 'admin') return undefined;
  return visibleToStaff(actor.user.id);
}

const visibleToStaff = (matchmaker_id: string | Placeholder): SQL =>
  sql`(${matches.matchmaker_id} = ${matchmaker_id}
    OR ${profile1.assigned_matchmaker_id} = ${matchmaker_id}
    OR ${profile2.assigned_matchmaker_id} = ${matchmaker_id})`;

async function getVisibleMatch(db: Db, actor: Actor, id: string): Promise<Match> {
  const [row] = await selectJoinedMatches(db, actor)
    .where(and(eq(matches.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toMatch(row);
}

/**
 * `getVisibleMatch` with an endpoint's own rows read in the same statement (issue 19, decision
 * 022), as JSON (`selectTogether`'s types); none of them leaves here unless the match is visible.
 */
async function getVisibleMatchWith<Row>(
  db: Db,
  actor: Actor,
  id: string,
  query: SQL,
): Promise<{ match: Match; rows: Row[] }> {
  const [row] = await selectJoinedMatches(db, actor, { rows: jsonRows<Row>(query) })
    .where(and(eq(matches.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { match: toMatch(row), rows: row.rows };
}

/**
 * Proposes a match between two clients (spec sections 3 to 5): stored smaller id first, proposed
 * now with a 7-day deadline, made by the caller. The pair's unique key decides a duplicate, also
 * when two requests race.
 */
export async function createMatch({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: CreateMatchInput;
}): Promise<Match> {
  const { client1_id: a, client2_id: b, note } = input;
  if (a === b) throw new AppError('BAD_REQUEST', MESSAGES.matchWithSelf);
  const now = ctx.clock.now();
  const [client1_id, client2_id] = a < b ? [a, b] : [b, a];
  return ctx.transaction(async (tx) => {
    const clients = await tx.db
      .select({
        id: user_profiles.id,
        assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
        contract_status: user_profiles.contract_status,
      })
      .from(user_profiles)
      .where(and(inArray(user_profiles.id, [a, b]), eq(user_profiles.role, 'client')))
      // Both clients locked, in id order, until the commit: two proposals for one client at the same
      // moment are counted against their package one after the other (decision 015).
      .orderBy(user_profiles.id)
      .for('update');
    if (clients.length !== 2) throw new AppError('BAD_REQUEST', MESSAGES.matchNeedsClients);
    // Issue 16 (decision 009 narrowed): a matchmaker proposes only where at least one of the two is
    // their own client; admins any two.
    if (actor.profile.role !== 'admin' && !clients.some((c) => c.assigned_matchmaker_id === actor.user.id)) {
      throw new AppError('MATCH_NOT_OWN_CLIENT');
    }
    // Issue 14: a client who paused matching, or deleted the account, gets no proposals.
    const unavailable = await tx.db
      .select({ paused: account_settings.matching_paused_at, deleted: account_settings.deleted_at })
      .from(account_settings)
      .where(inArray(account_settings.user_id, [a, b]));
    if (unavailable.some((s) => s.deleted)) throw new AppError('ACCOUNT_DELETED');
    if (unavailable.some((s) => s.paused)) throw new AppError('MATCHING_PAUSED');
    // Issue 16: every proposal is for two clients active for matching (after their intake).
    if (clients.some((c) => c.contract_status !== 'active_for_matching')) {
      throw new AppError('MATCH_CLIENT_NOT_ELIGIBLE');
    }
    // Issue 16 item 6 (decision 015): past the dates a package includes, the matchmaker confirms.
    if (!input.confirm_extra_date) {
      for (const id of [a, b]) {
        if (beyondPackage(await packageDatesOf({ db: tx.db, clientId: id })))
          throw new AppError('PACKAGE_DATES_USED');
      }
    }
    const [created] = await tx.db
      .insert(matches)
      .values({
        client1_id,
        client2_id,
        matchmaker_id: actor.user.id,
        status: 'proposed',
        note: note || null,
        proposed_to_clients_at: now,
        response_deadline: new Date(now.getTime() + MATCH_RESPONSE_DEADLINE_DAYS * DAY_MS),
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: [matches.client1_id, matches.client2_id] })
      .returning({ id: matches.id });
    if (!created) throw new AppError('DUPLICATE_MATCH');
    const match = await getVisibleMatch(tx.db, actor, created.id);
    await mailMatchProposed({ tx, appUrl: ctx.env.APP_URL, match });
    return match;
  });
}

/** Matches the caller may see, newest first, optionally by status and by client. */
export async function listMatches({
  ctx,
  actor,
  status,
  client_id,
}: {
  ctx: AppContext;
  actor: Actor;
  status?: MatchStatus;
  client_id?: string;
}): Promise<Match[]> {
  const rows = await matchListQuery(ctx.db, actor.profile.role === 'admin', !!status, !!client_id).execute({
    actor_id: actor.user.id,
    status,
    client_id,
  });
  return rows.map(toMatch);
}

/**
 * Issue 19: the list's SQL is built once per shape (admin or matchmaker, with or without the two
 * filters) instead of on every request; the profiler showed drizzle building it as a tenth of the
 * endpoint's time.
 */
const matchListQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareMatchList>>>();
function matchListQuery(db: Db, admin: boolean, byStatus: boolean, byClient: boolean) {
  let queries = matchListQueries.get(db);
  if (!queries) {
    queries = new Map();
    matchListQueries.set(db, queries);
  }
  const key = `${admin ? 'admin' : 'matchmaker'}_${byStatus ? 's' : ''}${byClient ? 'c' : ''}`;
  let query = queries.get(key);
  if (!query) {
    query = prepareMatchList(db, key, admin, byStatus, byClient);
    queries.set(key, query);
  }
  return query;
}

function prepareMatchList(db: Db, key: string, admin: boolean, byStatus: boolean, byClient: boolean) {
  const actor_id = sql.placeholder('actor_id');
  return db
    .select({
      match: matches,
      client1: {
        id: profile1.id,
        full_name: profile1.full_name,
        email: emailForStaff(admin, actor_id, profile1, user1.email),
        tier: profile1.tier,
      },
      client2: {
        id: profile2.id,
        full_name: profile2.full_name,
        email: emailForStaff(admin, actor_id, profile2, user2.email),
        tier: profile2.tier,
      },
    })
    .from(matches)
    .innerJoin(profile1, eq(profile1.id, matches.client1_id))
    .innerJoin(user1, eq(user1.id, matches.client1_id))
    .innerJoin(profile2, eq(profile2.id, matches.client2_id))
    .innerJoin(user2, eq(user2.id, matches.client2_id))
    .where(
      and(
        admin ? undefined : visibleToStaff(actor_id),
        byStatus ? sql`${matches.status} = ${sql.placeholder('status')}` : undefined,
        byClient ? isClientOf(sql.placeholder('client_id')) : undefined,
      ),
    )
    .orderBy(desc(matches.created_at))
    .prepare(`koppel_match_list_${key}`);
}

/**
 * One match for staff who may see it (as in the list; otherwise not found), with the clients'
 * answers so far, oldest first.
 */
export async function getMatchDetail({
  ctx,
  actor,
  id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
}): Promise<MatchDetailResponse> {
  const { match, rows } = await getVisibleMatchWith<
    Omit<MatchAnswer, 'responded_at'> & { responded_at: string }
  >(
    ctx.db,
    actor,
    id,
    sql`SELECT client_id, response, rejection_reason, created_at AS responded_at FROM ${client_match_responses}
        WHERE match_id = ${id} ORDER BY created_at ASC`,
  );
  const answers: MatchAnswer[] = rows.map((row) => ({
    client_id: row.client_id,
    response: row.response,
    rejection_reason: row.rejection_reason,
    responded_at: isoInstant(row.responded_at),
  }));
  return { match, answers };
}

/**
 * PATCH /api/matches/{id}: a status change by staff, under the same rule as the outcome (spec
 * section 4 timestamps): only a planned date, a held date or a cancellation, each from the
 * statuses `OUTCOME_FROM` allows. Acceptance and rejection come only from the clients' answers.
 */
export async function updateMatch({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: UpdateMatchInput;
}): Promise<Match> {
  const current = await getVisibleMatch(ctx.db, actor, id);
  const outcome = MATCH_OUTCOMES.find((o) => o === input.status);
  if (!outcome) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
  // A date keeps its time when the status is set again without one.
  const scheduled_at = input.scheduled_at ?? current.scheduled_at ?? ctx.clock.now().toISOString();
  return applyOutcome(ctx, actor, current, { outcome, scheduled_at });
}

/**
 * A client's answer to a proposal (DESIGN.md "Answering a proposal"): only the two clients, once
 * each, while it is proposed and before the deadline. A rejection closes the match; two
 * acceptances make it accepted.
 */
export async function respondToMatch({
  ctx,
  actor,
  match_id,
  response,
  rejection_reason,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  response: MatchResponse;
  rejection_reason?: string;
}): Promise<MatchResponse> {
  const now = ctx.clock.now();
  return ctx.transaction(async (t) => {
    const tx = t.db;
    const [match] = await tx
      .select()
      .from(matches)
      .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)))
      .for('update');
    if (!match) throw new AppError('NOT_FOUND');
    if (match.status !== 'proposed') throw new AppError('MATCH_NOT_OPEN');
    if (match.response_deadline && match.response_deadline.getTime() <= now.getTime()) {
      throw new AppError('MATCH_DEADLINE_PASSED');
    }
    const [saved] = await tx
      .insert(client_match_responses)
      .values({
        match_id,
        client_id: actor.user.id,
        response,
        rejection_reason: response === 'rejected' ? rejection_reason || null : null,
        created_at: now,
      })
      .onConflictDoNothing({ target: [client_match_responses.match_id, client_match_responses.client_id] })
      .returning({ id: client_match_responses.id });
    if (!saved) throw new AppError('MATCH_ALREADY_ANSWERED');

    if (response === 'rejected') {
      await tx.update(matches).set({ status: 'rejected', updated_at: now }).where(eq(matches.id, match_id));
      await mailMatchRejected({ tx: t, appUrl: ctx.env.APP_URL, match });
      return response;
    }
    {
      const [{ accepted }] = (await tx
        .select({ accepted: sql<number>`count(*)::int` })
        .from(client_match_responses)
        .where(
          and(eq(client_match_responses.match_id, match_id), eq(client_match_responses.response, 'accepted')),
        )) as [{ accepted: number }];
      if (accepted === 2) {
        await tx
          .update(matches)
          .set({ status: 'accepted', accepted_at: now, updated_at: now })
          .where(eq(matches.id, match_id));
        await mailMatchAccepted({ tx: t, appUrl: ctx.env.APP_URL, match });
      }
    }
    return response;
  });
}

/**
 * The client's open proposals with only what may be shown before both accepted: the other
 * person's first name, age, region and the interests they share, and the matchmaker's note.
 * Never their e-mail or surname.
 */
/**
 * Issue 19: GET /api/me/proposed-matches' query, prepared once per database (the profiler showed
 * drizzle building this SQL on every request; PostgreSQL also parses it once per connection).
 */
const proposedMatchesQueries = new WeakMap<Db, ReturnType<typeof prepareProposedMatches>>();
function prepareProposedMatches(db: Db) {
  const client_id = sql.placeholder('client_id');
  const other = alias(user_profiles, 'other');
  const otherDetails = alias(client_profiles, 'other_details');
  const mine = alias(client_profiles, 'mine');
  return db
    .select({
      id: matches.id,
      proposed_to_clients_at: matches.proposed_to_clients_at,
      response_deadline: matches.response_deadline,
      note: matches.note,
      other_full_name: other.full_name,
      other_birth_date: otherDetails.birth_date,
      other_region: otherDetails.province,
      other_interests: otherDetails.interests,
      my_interests: mine.interests,
      my_response: client_match_responses.response,
    })
    .from(matches)
    .innerJoin(other, sql`${other.id} = ${otherClientOf(client_id)}`)
    .leftJoin(otherDetails, eq(otherDetails.id, other.id))
    .leftJoin(mine, eq(mine.id, client_id))
    .leftJoin(
      client_match_responses,
      and(eq(client_match_responses.match_id, matches.id), eq(client_match_responses.client_id, client_id)),
    )
    .where(and(eq(matches.status, 'proposed'), isClientOf(client_id)))
    .orderBy(desc(matches.created_at))
    .prepare('koppel_proposed_matches');
}
function proposedMatchesQuery(db: Db) {
  let query = proposedMatchesQueries.get(db);
  if (!query) {
    query = prepareProposedMatches(db);
    proposedMatchesQueries.set(db, query);
  }
  return query;
}

export async function listProposedMatchesForClient({
  ctx,
  client_id,
}: {
  ctx: AppContext;
  client_id: string;
}): Promise<ProposedMatchSummary[]> {
  const now = ctx.clock.now();
  const rows = await proposedMatchesQuery(ctx.db).execute({ client_id });
  return rows.map((r) => {
    const myInterests = new Set(r.my_interests ?? []);
    return {
      id: r.id,
      status: 'proposed' as const,
      proposed_to_clients_at: r.proposed_to_clients_at?.toISOString() ?? null,
      response_deadline: r.response_deadline?.toISOString() ?? null,
      note: r.note,
      other: {
        first_name: firstName(r.other_full_name),
        age: ageOn(r.other_birth_date, now),
        region: r.other_region,
        shared_interests: (r.other_interests ?? []).filter((interest) => myInterests.has(interest)),
      },
      my_response: r.my_response ?? null,
    };
  });
}

/** The statuses a client sees in their matches: both accepted, and what followed. */
const CLIENT_MATCH_STATUSES = [
  'accepted',
  'scheduled',
  'completed',
] as const satisfies readonly MatchStatus[];

/**
 * The client's matches after both accepted, newest first: the status and its dates, the other
 * person's first name (never their e-mail or surname) and whether this client gave feedback.
 */
export async function listAcceptedMatchesForClient({
  ctx,
  client_id,
}: {
  ctx: AppContext;
  client_id: string;
}): Promise<ClientMatch[]> {
  const { db } = ctx;
  const other = alias(user_profiles, 'other');
  const rows = await db
    .select({
      id: matches.id,
      status: matches.status,
      accepted_at: matches.accepted_at,
      scheduled_at: matches.scheduled_at,
      completed_at: matches.completed_at,
      other_full_name: other.full_name,
      feedback_id: match_feedback.id,
    })
    .from(matches)
    .innerJoin(other, sql`${other.id} = ${otherClientOf(client_id)}`)
    // At most one row: feedback is unique per match and client.
    .leftJoin(
      match_feedback,
      and(eq(match_feedback.match_id, matches.id), eq(match_feedback.client_id, client_id)),
    )
    .where(and(inArray(matches.status, CLIENT_MATCH_STATUSES), isClientOf(client_id)))
    .orderBy(desc(matches.created_at));
  return rows.map((r) => ({
    id: r.id,
    // The where clause keeps only these statuses.
    status: r.status as ClientMatch['status'],
    accepted_at: r.accepted_at?.toISOString() ?? null,
    scheduled_at: r.scheduled_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
    other: { first_name: firstName(r.other_full_name) },
    feedback_given: r.feedback_id !== null,
  }));
}

/** Staff record what happened with a match; a note becomes a follow-up by the matchmaker. */
export async function recordMatchOutcome({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: MatchOutcomeInput;
}): Promise<Match> {
  return applyOutcome(ctx, actor, await getVisibleMatch(ctx.db, actor, id), input);
}

/** One outcome on a match the caller may see, if its status allows it; a note becomes a follow-up. */
async function applyOutcome(
  ctx: AppContext,
  actor: Actor,
  current: Match,
  input: MatchOutcomeInput,
): Promise<Match> {
  const now = ctx.clock.now();
  if (!OUTCOME_FROM[input.outcome].includes(current.status)) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
  // A date is marked as held once its time has come; one that happened earlier is moved first.
  if (input.outcome === 'completed' && current.scheduled_at && new Date(current.scheduled_at) > now) {
    throw new AppError('MATCH_DATE_NOT_PASSED');
  }
  const scheduledAt = input.outcome === 'scheduled' ? new Date(input.scheduled_at!) : null;
  // A date is planned between the two of them, so never before both said yes.
  if (scheduledAt && current.accepted_at && scheduledAt < new Date(current.accepted_at)) {
    throw new AppError('MATCH_DATE_BEFORE_ACCEPTANCE');
  }
  const changes: Partial<typeof matches.$inferInsert> = { status: input.outcome, updated_at: now };
  if (scheduledAt) changes.scheduled_at = scheduledAt;
  if (input.outcome === 'completed') changes.completed_at = now;
  if (input.outcome === 'cancelled') changes.cancelled_at = now;
  await ctx.db.transaction(async (tx) => {
    // Conditional: of two staff members changing the match at once, the first wins. The dates'
    // order is part of the condition, so a date moved meanwhile never ends up after its completion.
    const [changed] = await tx
      .update(matches)
      .set(changes)
      .where(
        and(
          eq(matches.id, current.id),
          eq(matches.status, current.status),
          scheduledAt
            ? sql`(${matches.accepted_at} IS NULL OR ${matches.accepted_at} <= ${scheduledAt})`
            : undefined,
          input.outcome === 'completed'
            ? sql`(${matches.scheduled_at} IS NULL OR ${matches.scheduled_at} <= ${now})`
            : undefined,
        ),
      )
      .returning({ id: matches.id });
    if (!changed) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
    if (input.note) {
      await tx.insert(match_follow_up).values({
        match_id: current.id,
        follow_up_date: now,
        notes: input.note,
        updated_by_matchmaker_id: actor.user.id,
      });
    }
  });
  return getVisibleMatch(ctx.db, actor, current.id);
}

/** A client's feedback after a completed date: once per client and match. */
export async function createMatchFeedback({
  ctx,
  actor,
  match_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  input: CreateMatchFeedbackInput;
}): Promise<MatchFeedback> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [match] = await db
    .select({ status: matches.status })
    .from(matches)
    .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)));
  if (!match) throw new AppError('NOT_FOUND');
  if (match.status !== 'completed') throw new AppError('FEEDBACK_NOT_OPEN');
  const [saved] = await db
    .insert(match_feedback)
    .values({
      match_id,
      client_id: actor.user.id,
      rating: input.rating,
      would_meet_again: input.would_meet_again,
      feedback_text: input.feedback_text || null,
      submitted_at: now,
    })
    .onConflictDoNothing({ target: [match_feedback.match_id, match_feedback.client_id] })
    .returning({ id: match_feedback.id });
  if (!saved) throw new AppError('FEEDBACK_ALREADY_GIVEN');
  const [created] = await selectTogether<{ rows: FeedbackRow }>(db, {
    rows: feedbackQuery(db, actor, match_id, { feedback_id: saved.id }),
  }).then(({ rows }) => rows.map(toFeedback));
  return created!;
}

/** A feedback row of `feedbackQuery`, as JSON gives it. */
type FeedbackRow = Omit<MatchFeedback, 'submitted_at' | 'client'> & {
  submitted_at: string;
  full_name: string | null;
  email: string | null;
};

/** A match's feedback with the client's name and e-mail, newest first, as a query for JSON rows. */
function feedbackQuery(
  db: Db,
  actor: Actor,
  match_id: string,
  { feedback_id, client_id }: { feedback_id?: string; client_id?: string } = {},
): SQL {
  return db
    .select(
      named({
        id: match_feedback.id,
        match_id: match_feedback.match_id,
        client_id: match_feedback.client_id,
        rating: match_feedback.rating,
        would_meet_again: match_feedback.would_meet_again,
        feedback_text: match_feedback.feedback_text,
        submitted_at: match_feedback.submitted_at,
        full_name: user_profiles.full_name,
        // A client reads only their own feedback; staff see e-mails as decision 009 says.
        email: actor.profile.role === 'client' ? user.email : staffEmail(actor, user_profiles, user.email),
      }),
    )
    .from(match_feedback)
    .innerJoin(user_profiles, eq(user_profiles.id, match_feedback.client_id))
    .innerJoin(user, eq(user.id, match_feedback.client_id))
    .where(
      and(
        eq(match_feedback.match_id, match_id),
        feedback_id ? eq(match_feedback.id, feedback_id) : undefined,
        client_id ? eq(match_feedback.client_id, client_id) : undefined,
      ),
    )
    .orderBy(desc(match_feedback.submitted_at))
    .getSQL();
}

const toFeedback = (row: FeedbackRow): MatchFeedback => ({
  id: row.id,
  match_id: row.match_id,
  client_id: row.client_id,
  rating: row.rating,
  would_meet_again: row.would_meet_again,
  feedback_text: row.feedback_text,
  submitted_at: isoInstant(row.submitted_at),
  client: { id: row.client_id, full_name: row.full_name, email: row.email },
});

/**
 * A match's feedback, newest first with the client joined: staff who may see the match read all
 * of it; a client of the match reads only their own.
 */
export async function listMatchFeedback({
  ctx,
  actor,
  match_id,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
}): Promise<MatchFeedback[]> {
  const { db } = ctx;
  // One statement each (issue 19): the feedback is read with the check that the caller may see it.
  if (actor.profile.role === 'client') {
    const [own] = await db
      .select({
        rows: jsonRows<FeedbackRow>(feedbackQuery(db, actor, match_id, { client_id: actor.user.id })),
      })
      .from(matches)
      .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)));
    if (!own) throw new AppError('NOT_FOUND');
    return own.rows.map(toFeedback);
  }
  const { rows } = await getVisibleMatchWith<FeedbackRow>(
    db,
    actor,
    match_id,
    feedbackQuery(db, actor, match_id),
  );
  return rows.map(toFeedback);
}

/** Follow-ups of a match the staff member may see, by follow-up date descending, names joined. */
export async function listFollowUps({
  ctx,
  actor,
  match_id,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
}): Promise<FollowUp[]> {
  const { rows } = await getVisibleMatchWith<
    Omit<FollowUp, 'reported_by' | 'updated_by'> & {
      reporter_id: string | null;
      reporter_name: string | null;
      updater_id: string | null;
      updater_name: string | null;
    }
  >(
    ctx.db,
    actor,
    match_id,
    sql`SELECT f.id, f.match_id, f.follow_up_date, f.notes, f.reported_by_client_id, f.updated_by_matchmaker_id,
               f.created_at, r.id AS reporter_id, r.full_name AS reporter_name,
               u.id AS updater_id, u.full_name AS updater_name
          FROM ${match_follow_up} f
          LEFT JOIN ${user_profiles} r ON r.id = f.reported_by_client_id
          LEFT JOIN ${user_profiles} u ON u.id = f.updated_by_matchmaker_id
         WHERE f.match_id = ${match_id} ORDER BY f.follow_up_date DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    match_id: row.match_id,
    follow_up_date: isoInstant(row.follow_up_date),
    notes: row.notes,
    reported_by_client_id: row.reported_by_client_id,
    updated_by_matchmaker_id: row.updated_by_matchmaker_id,
    reported_by: row.reporter_id ? { id: row.reporter_id, full_name: row.reporter_name } : null,
    updated_by: row.updater_id ? { id: row.updater_id, full_name: row.updater_name } : null,
    created_at: isoInstant(row.created_at),
  }));
}

/** A staff member records a follow-up of a match they may see. */
export async function createFollowUp({
  ctx,
  actor,
  match_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  input: CreateFollowUpInput;
}): Promise<FollowUp> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await getVisibleMatch(db, actor, match_id);
  const [created] = await db
    .insert(match_follow_up)
    .values({
      match_id,
      follow_up_date: new Date(input.follow_up_date),
      notes: input.notes,
      updated_by_matchmaker_id: actor.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: match_follow_up.id });
  const all = await listFollowUps({ ctx, actor, match_id });
  return all.find((f) => f.id === created!.id)!;
}

const REMINDER_BEFORE_MS = DAY_MS;

/**
 * The deadline sweep (the `match-deadlines` job, every minute): proposals past their deadline
 * without two acceptances are cancelled and their matchmaker mailed; each client who has not
 * answered a proposal due within a day is reminded once (the dedupe key), unless they switched
 * reminders off. One transaction of at most five statements, however many matches: the
 * cancelling UPDATE, the reminders' SELECT, the people's SELECT, the opt-outs' SELECT and the
 * e-mails' INSERT (each of the last three only when it has something to do; the INSERT takes
 * 1,000 e-mails, one more per further 1,000). After the commit the stored e-mails go to delivery
 * in one hand-off (one pg-boss batch insert). Safe to run any number of times.
 */
export async function sweepMatchDeadlines({ ctx, now = ctx.clock.now() }: { ctx: AppContext; now?: Date }) {
  const appUrl = ctx.env.APP_URL;
  return ctx.transaction(async (tx) => {
    const expired = await tx.db
      .update(matches)
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
      .where(and(eq(matches.status, 'proposed'), sql`${matches.response_deadline} <= ${now}`))
      .returning({
        id: matches.id,
        client1_id: matches.client1_id,
        client2_id: matches.client2_id,
        matchmaker_id: matches.matchmaker_id,
      });

    // Each client of a proposal due within a day who has not answered it yet.
    const unanswered = await tx.db
      .select({ match_id: matches.id, client_id: sql<string>`c.client_id` })
      .from(matches)
      .innerJoin(
        sql`LATERAL (VALUES (${matches.client1_id}), (${matches.client2_id})) AS c(client_id)`,
        sql`true`,
      )
      .leftJoin(
        client_match_responses,
        and(
          eq(client_match_responses.match_id, matches.id),
          sql`${client_match_responses.client_id} = c.client_id`,
        ),
      )
      .where(
        and(
          eq(matches.status, 'proposed'),
          sql`${matches.response_deadline} > ${now}`,
          sql`${matches.response_deadline} <= ${new Date(now.getTime() + REMINDER_BEFORE_MS)}`,
          isNull(client_match_responses.id),
        ),
      );

    await mailMatchDeadlines({ tx, appUrl, expired, unanswered });
    return { cancelled: expired.length, reminded: unanswered.length };
  });
}
