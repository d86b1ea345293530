import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
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
 * The slots of the coming two weeks that `hostId` does not already have: a session of theirs that
 * is not cancelled and overlaps the slot's hour takes it. Without a host, all slots.
 */
export async function freeSlots(db: Db, hostId: string | null, now: Date): Promise<string[]> {
  const slots = testSchedulerSlots(now);
  if (!hostId || !slots.length) return slots;
  const first = new Date(slots[0]!).getTime();
  const last = new Date(slots.at(-1)!).getTime();
  const taken = await db
    .select({ at: intake_sessions.scheduled_at })
    .from(intake_sessions)
    .where(
      and(
        eq(intake_sessions.assigned_matchmaker_id, hostId),
        ne(intake_sessions.status, 'cancelled'),
        gt(intake_sessions.scheduled_at, new Date(first - SESSION_LENGTH_MS)),
        lt(intake_sessions.scheduled_at, new Date(last + SESSION_LENGTH_MS)),
      ),
    );
  const busy = taken.flatMap((row) => (row.at ? [row.at.getTime()] : []));
  return slots.filter((slot) => {
    const at = new Date(slot).getTime();
    return !busy.some((b) => Math.abs(b - at) < SESSION_LENGTH_MS);
  });
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
