import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { brusselsToInstant, toBrusselsDayValue } from '../../../shared/date-time';
import { SESSION_LENGTH_MS } from '../../../shared/intake';
import type { Db } from '../../db/client';
import { intake_sessions, user_profiles } from '../../db/schema';

/*
 * Issue 26: the intake's rules that need the database, one function each, called by every path
 * that books or moves a session (the browser's message, Calendly's webhook, the Testagenda, the
 * client's move). The rules on times alone live in src/shared/intake.ts, for the web too.
 */

const DAY_MS = 86_400_000;
/** The Testagenda's hours, on weekdays of the coming two weeks (Brussels time). */
const SLOT_TIMES = ['10:00', '14:00', '16:30'] as const;
const SLOT_DAYS = 14;

/** Weekday slots of the coming two weeks, from tomorrow, in Brussels time. */
export function testSchedulerSlots(now: Date): string[] {
  const slots: string[] = [];
  for (let d = 1; d <= SLOT_DAYS; d++) {
    const day = toBrusselsDayValue(new Date(now.getTime() + d * DAY_MS));
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const time of SLOT_TIMES) {
      const instant = brusselsToInstant(day, time);
      if (instant) slots.push(instant.toISOString());
    }
  }
  return slots;
}

/**
 * The start times of a host's sessions that are not cancelled and may overlap one of `slots`: a
 * query (its column `at`), for `freeSlots` and for reads that fold it into one statement. `host` is
 * the host's id, or SQL that gives it (a NULL host has no sessions).
 */
export function hostSessionsQuery(host: string | SQL, slots: readonly string[]): SQL {
  const first = new Date(new Date(slots[0] ?? 0).getTime() - SESSION_LENGTH_MS).toISOString();
  const last = new Date(new Date(slots.at(-1) ?? 0).getTime() + SESSION_LENGTH_MS).toISOString();
  // Issue 30: a booking that waits for staff (no client yet) takes its host's time all the same.
  return sql`SELECT s.scheduled_at AS at FROM intake_sessions s
    WHERE s.assigned_matchmaker_id = (${host}) AND s.status <> 'cancelled'
      AND s.scheduled_at > ${first}::timestamptz AND s.scheduled_at < ${last}::timestamptz
    UNION ALL
    SELECT u.scheduled_at AS at FROM unassigned_bookings u
    WHERE u.host_matchmaker_id = (${host}) AND u.cancelled_at IS NULL
      AND u.scheduled_at > ${first}::timestamptz AND u.scheduled_at < ${last}::timestamptz`;
}

/** `slots` without those a session starting at one of `busy` overlaps (sessions last an hour). */
export function withoutBusy(slots: readonly string[], busy: readonly (string | Date)[]): string[] {
  const taken = busy.map((at) => new Date(at).getTime());
  return slots.filter((slot) => {
    const at = new Date(slot).getTime();
    return !taken.some((b) => Math.abs(b - at) < SESSION_LENGTH_MS);
  });
}

/**
 * The slots of the coming two weeks that `hostId` does not already have: a session of theirs that
 * is not cancelled and overlaps the slot's hour takes it. Without a host, all slots.
 */
export async function freeSlots(db: Db, hostId: string | null, now: Date): Promise<string[]> {
  const slots = testSchedulerSlots(now);
  if (!hostId || !slots.length) return slots;
  const result = (await db.execute(hostSessionsQuery(hostId, slots))) as unknown as {
    rows: { at: string | Date }[];
  };
  return withoutBusy(
    slots,
    result.rows.map((row) => row.at),
  );
}

/**
 * The client's upcoming booking (scheduled, not begun or its time unknown), if any: a client has
 * at most one (decision 025; the same test as `isUpcomingBooking`).
 */
export async function findUpcomingBooking(
  db: Db,
  clientId: string,
  now: Date,
): Promise<{ id: string; calendly_event_id: string | null } | null> {
  const [row] = await db
    .select({ id: intake_sessions.id, calendly_event_id: intake_sessions.calendly_event_id })
    .from(intake_sessions)
    .where(
      and(
        eq(intake_sessions.user_id, clientId),
        eq(intake_sessions.status, 'scheduled'),
        or(isNull(intake_sessions.scheduled_at), gt(intake_sessions.scheduled_at, now)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Takes the client's row for the transaction: two bookings of one client wait for each other. */
export async function lockClient(db: Db, clientId: string) {
  const [profile] = await db
    .select({ assigned_matchmaker_id: user_profiles.assigned_matchmaker_id })
    .from(user_profiles)
    .where(eq(user_profiles.id, clientId))
    .for('update');
  return profile ?? null;
}
