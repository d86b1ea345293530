/**
 * The match forms' schemas where a widget's value is not the request's: each turns the widgets into
 * the request and pipes it into the shared schema, whose rules and Dutch messages then apply to the
 * fields of the same name.
 */
import { z } from 'zod';
import { createFollowUpSchema, MATCH_OUTCOMES, matchOutcomeSchema } from '../../../shared/matches';

/** "2026-11-28T19:30" in the browser's time zone, for a datetime-local input. */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO timestamp; undefined when empty or not a date. */
function localInputToIso(value: string): string | undefined {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
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

/** Today as a date input's "yyyy-MM-dd" in the browser's zone. */
export function todayValue(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date input's "yyyy-MM-dd" (empty: today) at noon in the browser's zone, which keeps the chosen day. */
function dayToIso(day: string): string {
  const date = new Date(`${day || todayValue()}T12:00`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
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
