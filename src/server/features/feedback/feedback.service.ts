import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FEEDBACK_REQUEST_EXPIRY_DAYS, FEEDBACK_REQUEST_INTERVAL_MONTHS } from '../../../shared/domain';
import {
  addMonths,
  FEEDBACK_PERIOD_MONTHS,
  FEEDBACK_REMINDER_DAYS_BEFORE,
  type FeedbackRequest,
  MATCH_FEEDBACK_WINDOW_DAYS,
  type StaffMatchmakerFeedback,
  type SubmitMatchmakerFeedbackInput,
} from '../../../shared/feedback';
import { firstName } from '../../../shared/format';
import type { Actor, AppContext, OutgoingEmail, Tx } from '../../context';
import { inJsonList, jsonRows, resultRows } from '../../db/json-param';
import {
  account_settings,
  feedback_requests,
  matches,
  matchmaker_assignments,
  matchmaker_feedback,
  matchmaker_profiles,
  user,
  user_profiles,
} from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { jsonify } from '../../lib/json';
import { staffDaySql, toStaffDay } from '../../lib/staff-day';
import { completedIntake, runningPaidTerm } from '../payments/membership';
import { feedbackReminderEmail, feedbackRequestEmail, feedbackRequestUrl } from './feedback.mail';

const DAY_MS = 86_400_000;
const STAFF_LIST_LIMIT = 1000;

const matchmaker = alias(user_profiles, 'feedback_matchmaker');
const client = alias(user_profiles, 'feedback_client');

// ---------------------------------------------------------------------------------------------
// The client's requests

/**
 * GET /api/me/feedback-requests: the client's pending requests that have not expired, newest
 * first, with the matchmaker's name (spec section 7).
 */
export async function listMyFeedbackRequests({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<FeedbackRequest[]> {
  const rows = await ctx.db
    .select({
      request: feedback_requests,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
    })
    .from(feedback_requests)
    .innerJoin(matchmaker, eq(matchmaker.id, feedback_requests.matchmaker_id))
    .where(
      and(
        eq(feedback_requests.client_id, actor.user.id),
        eq(feedback_requests.status, 'pending'),
        gt(feedback_requests.expires_at, ctx.clock.now()),
      ),
    )
    .orderBy(desc(feedback_requests.created_at), desc(feedback_requests.id));
  return rows.map(({ request, matchmaker: person }) => jsonify({ ...request, matchmaker: person }));
}

// ---------------------------------------------------------------------------------------------
// Giving feedback

/**
 * POST /api/matchmaker-feedback: in one transaction the feedback (for the previous 3 months up to
 * now) and the request completed. Only the client's own pending request about their current
 * matchmaker, and only once.
 */
export async function submitMatchmakerFeedback({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: SubmitMatchmakerFeedbackInput;
}): Promise<StaffMatchmakerFeedback> {
  const now = ctx.clock.now();
  const id = await ctx.transaction(async (tx) => {
    const [request] = await tx.db
      .select()
      .from(feedback_requests)
      .where(
        and(
          eq(feedback_requests.id, input.feedback_request_id),
          eq(feedback_requests.client_id, actor.user.id),
        ),
      )
      .for('update');
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status === 'completed') throw new AppError('MATCHMAKER_FEEDBACK_ALREADY_GIVEN');
    if (request.status !== 'pending' || request.expires_at.getTime() <= now.getTime())
      throw new AppError('FEEDBACK_REQUEST_EXPIRED');
    const [profile] = await tx.db
      .select({ assigned_matchmaker_id: user_profiles.assigned_matchmaker_id })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id));
    if (
      profile?.assigned_matchmaker_id !== request.matchmaker_id ||
      (input.matchmaker_id !== undefined && input.matchmaker_id !== request.matchmaker_id)
    ) {
      throw new AppError('FEEDBACK_NOT_YOUR_MATCHMAKER');
    }
    const text = (value: string | null | undefined) => value?.trim() || null;
    const [row] = await tx.db
      .insert(matchmaker_feedback)
      .values({
        client_id: actor.user.id,
        matchmaker_id: request.matchmaker_id,
        feedback_request_id: request.id,
        communication_rating: input.communication_rating ?? null,
        preference_understanding_rating: input.preference_understanding_rating ?? null,
        match_quality_rating: input.match_quality_rating ?? null,
        responsiveness_rating: input.responsiveness_rating ?? null,
        overall_satisfaction_rating: input.overall_satisfaction_rating!,
        feedback_text: text(input.feedback_text),
        improvement_suggestions: text(input.improvement_suggestions),
        is_anonymous: input.is_anonymous ?? false,
        feedback_period_start: addMonths(now, -FEEDBACK_PERIOD_MONTHS),
        feedback_period_end: now,
        created_at: now,
      })
      .returning({ id: matchmaker_feedback.id });
    await tx.db
      .update(feedback_requests)
      .set({ status: 'completed', completed_at: now })
      .where(eq(feedback_requests.id, request.id));
    return row!.id;
  });
  // The client reads their own entry back, with their own name.
  const [own] = await listFeedback(ctx, { feedbackId: id, withClients: 'all' });
  if (!own) throw new AppError('NOT_FOUND');
  return own;
}

// ---------------------------------------------------------------------------------------------
// What staff read

/**
 * GET /api/matchmaker-feedback, newest first. A matchmaker gets their own: an anonymous entry
 * without any client reference (no name, no id). An admin gets all (or one matchmaker's), always
 * with the client (spec section 6).
 */
export async function listMatchmakerFeedback({
  ctx,
  actor,
  filters,
}: {
  ctx: AppContext;
  actor: Actor;
  filters: { matchmaker_id?: string };
}): Promise<StaffMatchmakerFeedback[]> {
  const isAdmin = actor.profile.role === 'admin';
  return listFeedback(ctx, {
    matchmakerId: isAdmin ? filters.matchmaker_id : actor.user.id,
    withClients: isAdmin ? 'all' : 'named-only',
  });
}

async function listFeedback(
  ctx: AppContext,
  options: { matchmakerId?: string; feedbackId?: string; withClients: 'all' | 'named-only' },
): Promise<StaffMatchmakerFeedback[]> {
  const rows = await ctx.db
    .select({
      feedback: matchmaker_feedback,
      request_type: feedback_requests.request_type,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
      client_name: client.full_name,
    })
    .from(matchmaker_feedback)
    .innerJoin(matchmaker, eq(matchmaker.id, matchmaker_feedback.matchmaker_id))
    .innerJoin(client, eq(client.id, matchmaker_feedback.client_id))
    .leftJoin(feedback_requests, eq(feedback_requests.id, matchmaker_feedback.feedback_request_id))
    .where(
      and(
        options.matchmakerId ? eq(matchmaker_feedback.matchmaker_id, options.matchmakerId) : undefined,
        options.feedbackId ? eq(matchmaker_feedback.id, options.feedbackId) : undefined,
      ),
    )
    // Decision 034: a matchmaker's list is in days, and within a day in no order that follows the
    // time (the id is random), so an anonymous entry's place among the named ones says nothing.
    .orderBy(
      ...(options.withClients === 'all'
        ? [desc(matchmaker_feedback.created_at), desc(matchmaker_feedback.id)]
        : [desc(staffDaySql(matchmaker_feedback.created_at)), desc(matchmaker_feedback.id)]),
    )
    .limit(STAFF_LIST_LIMIT);
  return rows.map(({ feedback, request_type, matchmaker: person, client_name }) => {
    const { client_id, matchmaker_id: _matchmaker, feedback_request_id: _request, ...fields } = feedback;
    const showClient = options.withClients === 'all' || !feedback.is_anonymous;
    const entry = jsonify({
      ...fields,
      request_type,
      matchmaker: person,
      client: showClient ? { id: client_id, full_name: client_name } : null,
    });
    if (showClient) return entry;
    // To a matchmaker, an anonymous entry carries nothing that points at the client (decision
    // 034): no name or id, its times only to the day, and not what asked for it (a request after
    // a date names a recent date, which the matchmaker planned).
    return {
      ...entry,
      request_type: null,
      created_at: toStaffDay(entry.created_at),
      feedback_period_start: toStaffDay(entry.feedback_period_start),
      feedback_period_end: toStaffDay(entry.feedback_period_end),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The daily job

/**
 * Queues the requests' e-mails (a new request's, or the reminder) in the caller's transaction:
 * everyone in one query, every e-mail in one `queueMails`.
 */
async function queueRequestMails(
  tx: Tx,
  appUrl: string,
  wanted: readonly { requestId: string; kind: 'request' | 'reminder' }[],
) {
  if (!wanted.length) return;
  const targets = await tx.db
    .select({
      request_id: feedback_requests.id,
      email: user.email,
      full_name: client.full_name,
      matchmaker_name: matchmaker.full_name,
      expires_at: feedback_requests.expires_at,
      request_type: feedback_requests.request_type,
      match_id: feedback_requests.match_id,
      // After a date: the other client of that date, whom the e-mail names.
      other_name: sql<string | null>`(SELECT o.full_name FROM ${user_profiles} o
        WHERE o.id = CASE WHEN ${matches.client1_id} = ${feedback_requests.client_id}
                          THEN ${matches.client2_id} ELSE ${matches.client1_id} END)`,
    })
    .from(feedback_requests)
    .leftJoin(matches, eq(matches.id, feedback_requests.match_id))
    .innerJoin(client, eq(client.id, feedback_requests.client_id))
    .innerJoin(user, eq(user.id, feedback_requests.client_id))
    .innerJoin(matchmaker, eq(matchmaker.id, feedback_requests.matchmaker_id))
    // One parameter, however many requests: ids as returned by the database.
    .where(
      sql`${feedback_requests.id} = ANY(${`{${[...new Set(wanted.map((w) => w.requestId))].join(',')}}`}::uuid[])`,
    );
  const byId = new Map(targets.map((target) => [target.request_id, target]));
  const messages: OutgoingEmail[] = [];
  for (const { requestId, kind } of wanted) {
    const target = byId.get(requestId);
    if (!target) continue;
    // Issue 26: each e-mail opens the form it asks about: after a date, that date's page.
    const date =
      target.request_type === 'post_match' && target.match_id
        ? { matchId: target.match_id, otherName: firstName(target.other_name) || null }
        : null;
    const content = {
      name: greetingName(target.full_name),
      matchmakerName: target.matchmaker_name ?? 'je matchmaker',
      expiresAt: target.expires_at,
      url: feedbackRequestUrl(appUrl, target.request_id, date?.matchId),
    };
    messages.push({
      to: target.email,
      dedupe_key: `matchmaker-feedback-${kind}:${target.request_id}`,
      ...(kind === 'request'
        ? feedbackRequestEmail({ ...content, date })
        : feedbackReminderEmail({ ...content, date })),
    });
  }
  await tx.queueMails(messages);
}

/**
 * Issue 26 (decisions 016, 024): who may be asked about their matchmaker: a client (not deleted)
 * with an assigned matchmaker who was not deactivated, a running paid term (the membership's rule,
 * `runningPaidTerm`) and a completed intake. Reads `user_profiles` and a left-joined
 * `account_settings`.
 */
const mayBeAsked = () =>
  and(
    eq(user_profiles.role, 'client'),
    sql`${user_profiles.assigned_matchmaker_id} IS NOT NULL`,
    isNull(account_settings.deleted_at),
    runningPaidTerm(),
    completedIntake(),
    sql`NOT EXISTS (SELECT 1 FROM ${matchmaker_profiles} WHERE ${matchmaker_profiles.id} = ${user_profiles.assigned_matchmaker_id} AND ${matchmaker_profiles.deactivated_at} IS NOT NULL)`,
  );

/** Clients who may be asked now: as `mayBeAsked`, and no pending request. */
const askable = () =>
  and(
    mayBeAsked(),
    sql`NOT EXISTS (SELECT 1 FROM ${feedback_requests} WHERE ${feedback_requests.client_id} = ${user_profiles.id} AND ${feedback_requests.status} = 'pending')`,
  );

/**
 * Daily (issue 17 item 1): pending requests past their date, about a matchmaker the client no
 * longer has, or of a client who may no longer be asked (`mayBeAsked`, issue 26), expire; since
 * when each client has their matchmaker is noted; a client who may be asked (a matchmaker, a
 * running paid term, a completed intake) gets a `periodic` request 3 months after the assignment
 * or their last periodic request about them, and one `post_match` request per date completed in
 * the last 14 days; each
 * new request with an e-mail, and a reminder 3 days before a request expires. Never two pending
 * (a unique index holds it too). Safe to run any number of times.
 */
export async function sweepFeedbackRequests({ ctx }: { ctx: AppContext }): Promise<Record<string, number>> {
  const now = ctx.clock.now();

  // 1. Expire what is over: past its date, about a matchmaker the client no longer has, or of a
  // client who may no longer be asked (their paid term ended, no intake, a deactivated matchmaker).
  const expired = await ctx.db
    .update(feedback_requests)
    .set({ status: 'expired' })
    .where(
      and(
        eq(feedback_requests.status, 'pending'),
        or(
          lte(feedback_requests.expires_at, now),
          sql`NOT EXISTS (SELECT 1 FROM ${user_profiles}
            LEFT JOIN ${account_settings} ON ${account_settings.user_id} = ${user_profiles.id}
            WHERE ${user_profiles.id} = ${feedback_requests.client_id}
              AND ${user_profiles.assigned_matchmaker_id} = ${feedback_requests.matchmaker_id}
              AND ${mayBeAsked()})`,
        ),
      ),
    )
    .returning({ id: feedback_requests.id });

  // 2. Since when each client has their current matchmaker (as this job first sees it).
  await ctx.db.execute(sql`
    INSERT INTO ${matchmaker_assignments} (client_id, matchmaker_id, assigned_at)
    SELECT ${user_profiles.id}, ${user_profiles.assigned_matchmaker_id}, ${now.toISOString()}::timestamptz
    FROM ${user_profiles}
    WHERE ${user_profiles.role} = 'client' AND ${user_profiles.assigned_matchmaker_id} IS NOT NULL
    ON CONFLICT (client_id) DO UPDATE
      SET matchmaker_id = excluded.matchmaker_id, assigned_at = excluded.assigned_at
      WHERE ${matchmaker_assignments}.matchmaker_id <> excluded.matchmaker_id`);
  await ctx.db.execute(sql`
    DELETE FROM ${matchmaker_assignments} a
    WHERE NOT EXISTS (
      SELECT 1 FROM ${user_profiles} p
      WHERE p.id = a.client_id AND p.assigned_matchmaker_id = a.matchmaker_id)`);

  // 3. Periodic: 3 months after the assignment or the last periodic request about this matchmaker,
  // counted forward from that moment as `addMonths` counts (by UTC calendar, the day clamped to the
  // month's end). Counting back from now is not the same at a month's end: an assignment on
  // 29 November is due on 28 February, and 28 February minus 3 months is 28 November.
  const periodic = await ctx.db
    .select({ client_id: user_profiles.id, matchmaker_id: matchmaker_assignments.matchmaker_id })
    .from(user_profiles)
    .innerJoin(
      matchmaker_assignments,
      and(
        eq(matchmaker_assignments.client_id, user_profiles.id),
        eq(matchmaker_assignments.matchmaker_id, user_profiles.assigned_matchmaker_id),
      ),
    )
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .where(
      and(
        askable(),
        sql`(coalesce((SELECT max(r.created_at) FROM ${feedback_requests} r
          WHERE r.client_id = ${user_profiles.id} AND r.matchmaker_id = ${matchmaker_assignments.matchmaker_id}
            AND r.request_type = 'periodic' AND r.created_at >= ${matchmaker_assignments.assigned_at}),
          ${matchmaker_assignments.assigned_at}) AT TIME ZONE 'UTC'
          + make_interval(months => ${FEEDBACK_REQUEST_INTERVAL_MONTHS})) AT TIME ZONE 'UTC' <= ${now.toISOString()}::timestamptz`,
      ),
    );

  // 4. After a completed date: each of its clients, once per match.
  const windowStart = new Date(now.getTime() - MATCH_FEEDBACK_WINDOW_DAYS * DAY_MS);
  const recent = await ctx.db
    .select({ id: matches.id, client1_id: matches.client1_id, client2_id: matches.client2_id })
    .from(matches)
    .where(
      and(
        eq(matches.status, 'completed'),
        gt(matches.completed_at, windowStart),
        lte(matches.completed_at, now),
      ),
    );
  const afterDate: { client_id: string; matchmaker_id: string; match_id: string }[] = [];
  const clientIds = [...new Set(recent.flatMap((m) => [m.client1_id, m.client2_id]))];
  if (clientIds.length) {
    const eligible = await ctx.db
      .select({ id: user_profiles.id, matchmaker_id: user_profiles.assigned_matchmaker_id })
      .from(user_profiles)
      .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
      .where(and(inJsonList(user_profiles.id, clientIds), askable()));
    const byId = new Map(eligible.map((e) => [e.id, e.matchmaker_id!]));
    const asked = await ctx.db
      .select({ match_id: feedback_requests.match_id, client_id: feedback_requests.client_id })
      .from(feedback_requests)
      .where(
        inJsonList(
          feedback_requests.match_id,
          recent.map((m) => m.id),
          'uuid',
        ),
      );
    const askedKeys = new Set(asked.map((a) => `${a.match_id}:${a.client_id}`));
    for (const m of recent) {
      for (const clientId of [m.client1_id, m.client2_id]) {
        const matchmakerId = byId.get(clientId);
        if (!matchmakerId || askedKeys.has(`${m.id}:${clientId}`)) continue;
        byId.delete(clientId); // one new request per client per run
        afterDate.push({ client_id: clientId, matchmaker_id: matchmakerId, match_id: m.id });
      }
    }
  }

  // 5. Create them in one INSERT (a date's request first: it is the more recent reason to ask;
  // of two rows for one client the first wins, as the pending index allows one), and 6. remind 3 days
  // before a pending request expires (once, by the outbox's dedupe key). One transaction: the
  // requests and their e-mails commit together, every e-mail in one `queueMails`.
  const expiresAt = new Date(now.getTime() + FEEDBACK_REQUEST_EXPIRY_DAYS * DAY_MS);
  // In client order (a stable sort keeps a client's date request first), so two runs at once take
  // the pending index's entries in the same order and one waits for the other, never both.
  const wanted = [
    ...afterDate.map((r) => ({ ...r, request_type: 'post_match' as const })),
    ...periodic.map((r) => ({ ...r, match_id: null, request_type: 'periodic' as const })),
  ].sort((a, b) => (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0));
  const remindBefore = new Date(now.getTime() + FEEDBACK_REMINDER_DAYS_BEFORE * DAY_MS);
  const { created, toRemind } = await ctx.transaction(async (tx) => {
    // Issue 31 (decision 040): one INSERT for all of them, the rows in one JSON parameter (in
    // their order: of two rows for one client, the first inserted wins the pending index).
    const inserted: { id: string }[] = wanted.length
      ? resultRows<{ id: string }>(
          await tx.db.execute(sql`
            INSERT INTO ${feedback_requests}
              (client_id, matchmaker_id, request_type, match_id, status, expires_at, created_at)
            SELECT r.client_id, r.matchmaker_id, r.request_type::feedback_request_type, r.match_id,
              'pending', ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            FROM jsonb_to_recordset(${jsonRows(wanted.map((r, n) => ({ ...r, n })))})
              AS r(client_id text, matchmaker_id text, request_type text, match_id uuid, n int)
            ORDER BY r.n
            ON CONFLICT DO NOTHING
            RETURNING id`),
        )
      : [];
    const toRemind = await tx.db
      .select({ id: feedback_requests.id })
      .from(feedback_requests)
      .where(
        and(
          eq(feedback_requests.status, 'pending'),
          gt(feedback_requests.expires_at, now),
          lte(feedback_requests.expires_at, remindBefore),
        ),
      );
    await queueRequestMails(tx, ctx.env.APP_URL, [
      ...inserted.map((r) => ({ requestId: r.id, kind: 'request' as const })),
      ...toRemind.map((r) => ({ requestId: r.id, kind: 'reminder' as const })),
    ]);
    return { created: inserted.length, toRemind };
  });

  return { expired: expired.length, created, reminders: toRemind.length };
}
