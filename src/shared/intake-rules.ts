/**
 * The intake's rules and constants (issue 26), free of schemas: the web imports them from here, so
 * its pages do not load zod (decision 047). intake.ts holds the contract's schemas and re-exports
 * these for the server.
 */
import { INTAKE_FEEDBACK_DUE_DAYS, type SessionType } from './domain';

/** The longest notes a matchmaker keeps of a session. */
export const MAX_INTAKE_NOTES_LENGTH = 10_000;

/** The widget's countdown: days left, then hours left, then 'Deadline verstreken'. */
export function intakeFeedbackCountdown(dueAt: string | Date, now: Date): string {
  const ms = new Date(dueAt).getTime() - now.getTime();
  if (ms <= 0) return 'Deadline verstreken';
  if (ms < 86_400_000) {
    const hours = Math.ceil(ms / 3_600_000);
    return hours === 1 ? 'Nog 1 uur' : `Nog ${hours} uur`;
  }
  const days = Math.ceil(ms / 86_400_000);
  return days === 1 ? 'Nog 1 dag' : `Nog ${days} dagen`;
}

// ---------------------------------------------------------------------------------------------
// Issue 26: the intake's rules, one function each; the server enforces them, the web asks the same

const HOUR_MS = 3_600_000;
/** A session lasts an hour: the Testagenda's slots and the overlap of a matchmaker's sessions. */
export const SESSION_LENGTH_MS = HOUR_MS;
/** A client cancels or moves their booking up to this many hours before it starts. */
export const INTAKE_CHANGE_WINDOW_HOURS = 24;

/** A session is completed from its start time on (an unknown start time does not hold it back). */
export function canCompleteSession(scheduledAt: string | Date | null, now: Date): boolean {
  return !scheduledAt || new Date(scheduledAt).getTime() <= now.getTime();
}

/** The client may still cancel or move a booking: at least 24 hours before its start. */
export function canChangeBooking(scheduledAt: string | Date | null, now: Date): boolean {
  if (!scheduledAt) return true;
  return new Date(scheduledAt).getTime() - now.getTime() >= INTAKE_CHANGE_WINDOW_HOURS * HOUR_MS;
}

/**
 * An upcoming booking: still scheduled and not begun (or its time unknown). A client has at most
 * one (decision 025).
 */
export function isUpcomingBooking(
  session: { status: string; scheduled_at: string | Date | null },
  now: Date,
): boolean {
  return (
    session.status === 'scheduled' &&
    (!session.scheduled_at || new Date(session.scheduled_at).getTime() > now.getTime())
  );
}

/**
 * Completing a session of type intake is the first intake: the client becomes active for matching,
 * is thanked and asked for feedback. A follow-up or coaching session only keeps its notes.
 */
export const isFirstIntakeSession = (sessionType: SessionType) => sessionType === 'intake';

/** When intake feedback is due: 7 days after it was asked (spec section 9). */
export function intakeFeedbackDueAt(requestedAt: string | Date): Date {
  return new Date(new Date(requestedAt).getTime() + INTAKE_FEEDBACK_DUE_DAYS * 24 * HOUR_MS);
}

/** Intake feedback is taken until its due date, not after. */
export function isIntakeFeedbackOpen(dueAt: string | Date, now: Date): boolean {
  return now.getTime() < new Date(dueAt).getTime();
}

/** The browser key under which a dismissed intake feedback widget is remembered. */
export const INTAKE_FEEDBACK_WIDGET_KEY = 'koppel.intake-feedback-widget.dismissed';
