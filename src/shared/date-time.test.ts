import { describe, expect, it } from 'vitest';
import { isoDateTimeSchema } from './date-time';
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
