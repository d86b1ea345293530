/**
 * The match forms' schemas where a widget's value is not the request's: each turns the widgets into
 * the request and pipes it into the shared schema, whose rules and Dutch messages then apply to the
 * fields of the same name.
 */
import { z } from 'zod';
import { brusselsToInstant, toBrusselsDayValue, toBrusselsInputValue } from '../../../shared/date-time';
import {
  createFollowUpSchema,
  createMatchSchema,
  introductionSchema,
  MATCH_OUTCOMES,
  matchOutcomeSchema,
} from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';

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
  .object({
    outcome: z.enum(MATCH_OUTCOMES),
    scheduled_at: z.string(),
    note: z.string(),
    place_name: z.string().optional(),
    place_address: z.string().optional(),
    place_url: z.string().optional(),
    message: z.string().optional(),
  })
  .transform(
    ({
      outcome,
      scheduled_at,
      note,
      place_name,
      place_address,
      place_url,
      message,
    }): z.input<typeof matchOutcomeSchema> => ({
      outcome,
      scheduled_at: outcome === 'scheduled' ? localInputToIso(scheduled_at) : undefined,
      note: note.trim() || undefined,
      // Issue 27: a planned date has a place and may carry a message to both clients.
      ...(outcome === 'scheduled'
        ? {
            place_name: place_name?.trim() ?? '',
            place_address: place_address?.trim() ?? '',
            place_url: place_url?.trim() ?? '',
            message: message?.trim() ?? '',
          }
        : {}),
    }),
  )
  .pipe(matchOutcomeSchema)
  .refine((body) => body.outcome !== 'scheduled' || !!body.place_name, {
    message: MESSAGES.placeNameRequired,
    path: ['place_name'],
  })
  .refine((body) => body.outcome !== 'scheduled' || !!body.place_address, {
    message: MESSAGES.placeAddressRequired,
    path: ['place_address'],
  });
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

/**
 * Issue 27: the new-match dialog's form, the request's schema with the introduction required (the
 * API keeps it optional for older callers; decision 027).
 */
export const newMatchFormSchema = createMatchSchema.extend({ note: introductionSchema });
export type NewMatchFormValues = z.input<typeof newMatchFormSchema>;
