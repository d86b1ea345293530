import { z } from 'zod';
import { madeOnFirstUse } from './format';
import { MESSAGES } from './messages';

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/**
 * An ISO 8601 date-time with an offset, in the years 1900 to 2200: every date the API accepts.
 * The ISO pattern alone lets through dates PostgreSQL refuses (the year 0000) or JavaScript cannot
 * hold; those must be a 400, not a database error.
 */
export const isoDateTime = (message?: string) =>
  z.iso.datetime({ offset: true, ...(message ? { error: message } : {}) }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      // Not a date at all: the format check has said so already, once is enough.
      if (Number.isNaN(year)) return true;
      return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
    },
    { message: MESSAGES.dateOutOfRange },
  );
export const isoDateTimeSchema = isoDateTime();

/** Koppel's dates are Belgian: forms read and show them in this zone, whatever the browser's. */
export const AGENCY_TIME_ZONE = 'Europe/Brussels';

// Made on first use (format.ts): most pages never read a wall clock.
const wallClockFormat = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: AGENCY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

/** The Brussels wall clock of an instant, as numbers. */
function brusselsParts(instant: Date) {
  const parts = Object.fromEntries(
    wallClockFormat()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far Brussels is ahead of UTC at an instant, in milliseconds (1 or 2 hours). */
function brusselsOffset(instant: Date): number {
  const p = brusselsParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-28T19:30": an instant on the Brussels clock, for a datetime-local input. */
export function toBrusselsInputValue(value: string | Date | null): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const p = brusselsParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** "2026-11-28": the Brussels calendar day of an instant, for a date input. */
export function toBrusselsDayValue(value: string | Date): string {
  return toBrusselsInputValue(value).slice(0, 10);
}

/**
 * A Brussels wall-clock time ("2026-11-28T19:30", or a day "2026-11-28" at `time`) as the instant it
 * names, or null when it names none. Around the autumn change the earlier of two readings is taken;
 * a time skipped in spring is moved forward by the hour that does not exist.
 */
export function brusselsToInstant(value: string, time = '00:00'): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour = Number.NaN, minute = Number.NaN] = match[4]
    ? [Number(match[4]), Number(match[5])]
    : time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const probe = new Date(asUtc);
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    !(hour >= 0 && hour <= 23) ||
    !(minute >= 0 && minute <= 59)
  ) {
    return null;
  }
  // Brussels is one or two hours ahead of UTC: of the readings that show this wall time, the earlier.
  const wallTime = `${value.slice(0, 10)}T${pad(hour)}:${pad(minute)}`;
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    if (toBrusselsInputValue(candidate) === wallTime) return candidate;
  }
  // Skipped in spring: read with the offset from before the change, which lands an hour later.
  return new Date(asUtc - brusselsOffset(new Date(asUtc - 3 * 3_600_000)));
}
