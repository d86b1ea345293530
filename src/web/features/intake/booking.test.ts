import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { bookingFromMessage, isSchedulerOrigin, saveBookingWithRetries } from './booking';

describe('the scheduler booking message', () => {
  it('reads the event, its start, the event type and the join link', () => {
    expect(
      bookingFromMessage({
        event: 'calendly.event_scheduled',
        payload: {
          event: {
            uuid: 'ev-1',
            start_time: '2026-12-01T09:00:00.000Z',
            location: { join_url: 'https://meet/x' },
          },
          invitee: { uuid: 'in-1' },
          event_type: { name: 'Follow-up' },
        },
      }),
    ).toEqual({
      kind: 'booking',
      input: {
        calendly_event_id: 'ev-1',
        scheduled_at: '2026-12-01T09:00:00.000Z',
        event_type_name: 'Follow-up',
        location: 'https://meet/x',
      },
    });
  });

  it("takes the id from Calendly's URI, leaves a message without a start to the webhook, ignores others", () => {
    const fromUri = bookingFromMessage({
      event: 'calendly.event_scheduled',
      payload: {
        event: { uri: 'https://api.calendly.com/scheduled_events/abc', start_time: '2026-12-01T09:00:00Z' },
      },
    });
    expect(fromUri).toMatchObject({ kind: 'booking', input: { calendly_event_id: 'abc' } });
    expect(
      bookingFromMessage({
        event: 'calendly.event_scheduled',
        payload: { event: { uri: 'https://api.calendly.com/scheduled_events/abc' } },
      }),
    ).toEqual({ kind: 'webhook-only' });
    expect(bookingFromMessage({ event: 'calendly.page_height', payload: { height: '700px' } })).toBeNull();
    expect(bookingFromMessage('hallo')).toBeNull();
  });

  it('accepts messages from Calendly only, or from the page itself with the Testagenda', () => {
    expect(isSchedulerOrigin('https://calendly.com', 'http://localhost:3000', false)).toBe(true);
    expect(isSchedulerOrigin('https://evil.example', 'http://localhost:3000', false)).toBe(false);
    expect(isSchedulerOrigin('http://localhost:3000', 'http://localhost:3000', false)).toBe(false);
    expect(isSchedulerOrigin('http://localhost:3000', 'http://localhost:3000', true)).toBe(true);
    expect(isSchedulerOrigin('https://calendly.com', 'http://localhost:3000', true)).toBe(false);
  });
});

describe('saving a booking', () => {
  it('retries up to 3 times, waiting 2 s times the attempt', async () => {
    const waits: number[] = [];
    let calls = 0;
    const outcome = await saveBookingWithRetries(
      async () => {
        calls++;
        if (calls < 4) throw new ApiError(500, 'INTERNAL', 'kapot');
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(outcome).toBe('success');
    expect(calls).toBe(4);
    expect(waits).toEqual([2000, 4000, 6000]);
  });

  it('ends as a save failure at once after a refusal, after the retries when busy, as unexpected after anything else', async () => {
    const noWait = async () => {};
    let calls = 0;
    const refused = await saveBookingWithRetries(async () => {
      calls++;
      throw new ApiError(409, 'INTAKE_EVENT_TAKEN', 'nee');
    }, noWait);
    expect(refused).toBe('save-failed');
    expect(calls).toBe(1);
    calls = 0;
    const busy = await saveBookingWithRetries(async () => {
      calls++;
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'even wachten');
    }, noWait);
    expect(busy).toBe('save-failed');
    expect(calls).toBe(4);
    expect(
      await saveBookingWithRetries(async () => {
        throw new TypeError('x');
      }, noWait),
    ).toBe('unexpected');
  });
});
