import { describe, expect, it } from 'vitest';
import { brusselsToInstant, isoDateTimeSchema, toBrusselsDayValue, toBrusselsInputValue } from './date-time';
import { MESSAGES } from './messages';

describe('isoDateTimeSchema', () => {
  it('takes an ISO date-time with an offset in the years 1900 to 2200', () => {
    for (const value of [
      '2030-06-01T18:00:00Z',
      '2030-06-01T18:00:00.123+02:00',
      '1900-01-01T00:00:00Z',
      '2200-12-31T23:59:59Z',
    ]) {
      expect(isoDateTimeSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses dates outside that range with the Dutch text, and anything that is not ISO', () => {
    for (const value of [
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '2201-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
    ]) {
      const result = isoDateTimeSchema.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.dateOutOfRange);
    }
    for (const value of ['2024-02-30T10:00:00Z', '+275760-09-13T00:00:00.000Z', 'gisteren', '2030-06-01']) {
      expect(isoDateTimeSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('Brussels wall-clock times', () => {
  it('shows an instant on the Brussels clock, summer and winter', () => {
    expect(toBrusselsInputValue('2026-11-28T18:30:00Z')).toBe('2026-11-28T19:30');
    expect(toBrusselsInputValue('2026-07-01T17:30:00Z')).toBe('2026-07-01T19:30');
    expect(toBrusselsInputValue(null)).toBe('');
    expect(toBrusselsDayValue('2026-11-27T23:30:00Z')).toBe('2026-11-28');
  });

  it('reads a Brussels time as the instant it names, whatever the zone this process runs in', () => {
    expect(brusselsToInstant('2026-11-28T19:30')?.toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(brusselsToInstant('2026-07-01T19:30')?.toISOString()).toBe('2026-07-01T17:30:00.000Z');
    expect(brusselsToInstant('2026-11-28', '12:00')?.toISOString()).toBe('2026-11-28T11:00:00.000Z');
    // Autumn: 02:30 happens twice; the first (summer time) is taken. Spring: 02:30 does not exist.
    expect(brusselsToInstant('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(brusselsToInstant('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('round-trips every hour of a year and every quarter hour of the days the clocks change (the hour that happens twice, to its first time)', () => {
    // Brussels' offset only changes on whole hours; the quarter hours matter around the changes.
    // One assertion over all of them: tens of thousands of `expect`s took seconds on a busy machine.
    const HOUR = 3_600_000;
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += HOUR) instants.push(t);
    for (const day of [Date.UTC(2026, 2, 28), Date.UTC(2026, 9, 24)]) {
      for (let t = day; t < day + 3 * 24 * HOUR; t += 15 * 60_000) instants.push(t);
    }
    const wrong: string[] = [];
    for (const t of instants) {
      const wallTime = toBrusselsInputValue(new Date(t));
      const back = brusselsToInstant(wallTime)?.getTime();
      const twice = toBrusselsInputValue(new Date(t - HOUR)) === wallTime;
      if (back !== (twice ? t - HOUR : t)) wrong.push(`${wallTime} → ${back}`);
    }
    expect(instants).toHaveLength(365 * 24 + 2 * 3 * 24 * 4);
    expect(wrong).toEqual([]);
  });

  it('refuses what names no time', () => {
    for (const value of ['', '2026-02-30T10:00', '2026-11-28T24:00', 'morgen', '2026-11-28T19:30:00Z']) {
      expect(brusselsToInstant(value), value).toBeNull();
    }
  });
});
