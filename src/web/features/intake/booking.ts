import {
  BOOKING_MAX_RETRIES,
  BOOKING_RETRY_BASE_MS,
  type CreateIntakeSessionInput,
  schedulerBookingMessageSchema,
  uuidFromUri,
} from '../../../shared/intake';
import { ApiError } from '../../lib/api';

/** What the scheduler's message tells: a booking to save, one only the webhook can save, or nothing. */
export type BookingFromMessage =
  | { kind: 'booking'; input: CreateIntakeSessionInput }
  /** Calendly's own embed sends only the event's URI: the signed webhook brings the rest. */
  | { kind: 'webhook-only' }
  | null;

/** Reads a `message` event's data; anything but an event_scheduled message is null. */
export function bookingFromMessage(data: unknown): BookingFromMessage {
  const parsed = schedulerBookingMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const { event, event_type } = parsed.data.payload;
  const id = event.uuid ?? uuidFromUri(event.uri);
  if (!id || !event.start_time) return { kind: 'webhook-only' };
  const location = event.location?.join_url ?? event.location?.location;
  return {
    kind: 'booking',
    input: {
      calendly_event_id: id,
      scheduled_at: event.start_time,
      event_type_name: event_type?.name,
      location: location || undefined,
    },
  };
}

/** Messages are accepted from Calendly, and from this page itself when the Testagenda is used. */
export function isSchedulerOrigin(origin: string, ownOrigin: string, isTestScheduler: boolean): boolean {
  if (isTestScheduler) return origin === ownOrigin;
  try {
    const url = new URL(origin);
    return (
      url.protocol === 'https:' && (url.hostname === 'calendly.com' || url.hostname.endsWith('.calendly.com'))
    );
  } catch {
    return false;
  }
}

export type BookingOutcome = 'success' | 'save-failed' | 'unexpected';

/**
 * Saves a booking, retrying a failure up to 3 times after 2 s × the attempt (spec sections 4 and
 * 9). A refusal by the server ends as 'save-failed', anything else as 'unexpected'.
 */
/** A 4xx other than a timeout or a rate limit: trying again gives the same answer. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![408, 429].includes(error.status)
  );
}

export async function saveBookingWithRetries(
  save: () => Promise<unknown>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<BookingOutcome> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= BOOKING_MAX_RETRIES; attempt++) {
    if (attempt > 0) await sleep(BOOKING_RETRY_BASE_MS * attempt);
    try {
      await save();
      return 'success';
    } catch (error) {
      lastError = error;
      // A refusal (bad input, not theirs, a conflict) will be refused again: no 12 s of waiting.
      if (isRefusal(error)) break;
    }
  }
  return lastError instanceof ApiError && lastError.status > 0 ? 'save-failed' : 'unexpected';
}
