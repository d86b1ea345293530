import { and, eq, gte, sql } from 'drizzle-orm';
import type { DateMoveRequestInput } from '../../../shared/matches';
import type { Actor, AppContext } from '../../context';
import { match_follow_up, matches, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { dateInvitation } from './date-invitation';
import { mailDateMoveRequested, mailDateReminders } from './matches.mail';
import { isClientOf, otherClientOf } from './matches.service';

/*
 * Issue 27 (decision 027): the date as the two clients have it: the invitation to download, "Kan
 * je niet?", and the reminder the day before.
 */

/** The text a move request carries in the match's timeline (a follow-up reported by the client). */
export const MOVE_REQUEST_PREFIX = 'Vraagt de date te verzetten: ';

/** One of the caller's matches, locked; a match of someone else is not found. */
async function ownMatchForUpdate(db: AppContext['db'], clientId: string, matchId: string) {
  const [match] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), isClientOf(clientId)))
    .for('update');
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

/**
 * GET /api/me/matches/{id}/date.ics: a client's planned date as a calendar file (METHOD:PUBLISH,
 * the same UID and SEQUENCE as the mailed invitations, so importing it updates the same entry).
 */
export async function dateCalendarFile({
  ctx,
  actor,
  match_id,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
}): Promise<string> {
  // One statement (issue 19): the match, if it is the caller's, with the other's name.
  const [row] = await ctx.db
    .select({ match: matches, other_full_name: user_profiles.full_name })
    .from(matches)
    .leftJoin(user_profiles, sql`${user_profiles.id} = ${otherClientOf(actor.user.id)}`)
    .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)));
  if (!row) throw new AppError('NOT_FOUND');
  const { match } = row;
  if (match.status !== 'scheduled' || !match.scheduled_at) throw new AppError('DATE_NOT_PLANNED');
  return dateInvitation({
    date: {
      match_id: match.id,
      scheduled_at: match.scheduled_at,
      place_name: match.date_place_name,
      place_address: match.date_place_address,
      place_url: match.date_place_url,
      message: match.date_message,
      sequence: match.date_sequence,
    },
    method: 'PUBLISH',
    appUrl: ctx.env.APP_URL,
    organizer: ctx.env.MAIL_FROM,
    otherFirstName: greetingName(row.other_full_name),
    now: ctx.clock.now(),
  });
}

/**
 * "Kan je niet?": a client of a planned date still to come asks to move it. The request is a
 * follow-up reported by the client (the match's timeline for staff) and a mail to the matchmaker
 * who made the match (else the client's own), one transaction. Once per client and planning: a
 * request after the last change of the match refuses a second (409).
 */
export async function requestDateMove({
  ctx,
  actor,
  match_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  input: DateMoveRequestInput;
}): Promise<{ requested_at: string }> {
  const now = ctx.clock.now();
  return ctx.transaction(async (t) => {
    const match = await ownMatchForUpdate(t.db, actor.user.id, match_id);
    if (match.status !== 'scheduled' || !match.scheduled_at || match.scheduled_at <= now) {
      throw new AppError('DATE_MOVE_NOT_OPEN');
    }
    const [earlier] = await t.db
      .select({ id: match_follow_up.id })
      .from(match_follow_up)
      .where(
        and(
          eq(match_follow_up.match_id, match.id),
          eq(match_follow_up.reported_by_client_id, actor.user.id),
          gte(match_follow_up.created_at, match.updated_at),
        ),
      )
      .limit(1);
    if (earlier) throw new AppError('DATE_MOVE_ALREADY_ASKED');
    await t.db.insert(match_follow_up).values({
      match_id: match.id,
      follow_up_date: now,
      notes: `${MOVE_REQUEST_PREFIX}${input.message}`,
      reported_by_client_id: actor.user.id,
      created_at: now,
      updated_at: now,
    });
    const [own] = await t.db
      .select({ matchmaker_id: user_profiles.assigned_matchmaker_id })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id));
    const matchmakerId = match.matchmaker_id ?? own?.matchmaker_id ?? null;
    if (matchmakerId) {
      await mailDateMoveRequested({
        tx: t,
        appUrl: ctx.env.APP_URL,
        match,
        clientId: actor.user.id,
        matchmakerId,
        message: input.message,
      });
    }
    return { requested_at: now.toISOString() };
  });
}

/** The reminder goes out within the last day before the date... */
const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

/**
 * The `date-reminders` job: both clients of each date within the next 24 hours get a reminder,
 * once per date and client (the outbox's dedupe key holds the planned time), however many servers
 * run it. A date planned or moved within its last day is not reminded of: its invitation has
 * just arrived.
 */
export async function sweepDateReminders({ ctx, now = ctx.clock.now() }: { ctx: AppContext; now?: Date }) {
  return ctx.transaction(async (tx) => {
    const dates = await tx.db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.status, 'scheduled'),
          sql`${matches.scheduled_at} > ${now}`,
          sql`${matches.scheduled_at} <= ${new Date(now.getTime() + REMINDER_BEFORE_MS)}`,
          sql`${matches.updated_at} <= ${matches.scheduled_at} - interval '24 hours'`,
        ),
      );
    await mailDateReminders({ tx, appUrl: ctx.env.APP_URL, dates });
    return { dates: dates.length };
  });
}
