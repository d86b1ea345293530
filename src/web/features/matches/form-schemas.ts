/**
 * The match forms' schemas where a widget's value is not the request's: each turns the widgets into
 * the request and pipes it into the shared schema, whose rules and Dutch messages then apply to the
 * fields of the same name.
 */
import { z } from 'zod';
import { brusselsToInstant, toBrusselsDayValue, toBrusselsInputValue } from '../../../shared/date-time';
import { createFollowUpSchema, MATCH_OUTCOMES, matchOutcomeSchema } from '../../../shared/matches';

/** "2026-11-28T19:30" on the Brussels clock, for a datetime-local input (whatever the browser's zone). */
export function toLocalInputValue(iso: string | null): string {
  return toBrusselsInputValue(iso);
}

/** A datetime-local value, read as Brussels time, as an ISO timestamp; undefined when empty or not a date. */
function localInputToIso(value: string): string | undefined {
  return brusselsToInstant(value)?.toISOString();
}

/**
 * The form's widgets (a datetime-local field, a text area) turned into the request, checked by
 * the shared matchOutcomeSchema: its rules and messages apply to the fields of the same name.
 */
export const outcomeFormSchema = z
  .object({ outcome: z.enum(MATCH_OUTCOMES), scheduled_at: z.string(), note: z.string() })
  .transform(
    ({ outcome, scheduled_at, note }): z.input<typeof matchOutcomeSchema> => ({
      outcome,
      scheduled_at: outcome === 'scheduled' ? localInputToIso(scheduled_at) : undefined,
      note: note.trim() || undefined,
    }),
  )
  .pipe(matchOutcomeSchema);
export type OutcomeFormValues = z.input<typeof outcomeFormSchema>;

/** Today as a date input's "yyyy-MM-dd" on the Brussels calendar. */
export function todayValue(): string {
  return toBrusselsDayValue(new Date());
}

/** A date input's "yyyy-MM-dd" (empty: today) at noon in Brussels, which keeps the chosen day. */
function dayToIso(day: string): string {
  return brusselsToInstant(day || todayValue(), '12:00')?.toISOString() ?? '';
}

/** The form's date widget turned into the request, checked by the shared createFollowUpSchema. */
export const followUpFormSchema = z
  .object({ follow_up_date: z.string(), notes: z.string() })
  .transform(
    ({ follow_up_date, notes }): z.input<typeof createFollowUpSchema> => ({
      follow_up_date: dayToIso(follow_up_date),
      notes,
    }),
  )
  .pipe(createFollowUpSchema);
export type FollowUpFormValues = z.input<typeof followUpFormSchema>;
