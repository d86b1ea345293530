import { describe, expect, it } from 'vitest';
import {
  ageOn,
  daysRemaining,
  firstName,
  formatBadgeCount,
  formatDate,
  formatEuro,
  formatEuroCents,
  formatMonth,
  formatOneDecimal,
  formatSpecialtiesPreview,
  formatTime,
  formatTimeLeft,
  initials,
  madeOnFirstUse,
  yearsBefore,
} from './format';

describe('formatting', () => {
  it('writes euro amounts the Belgian Dutch way', () => {
    expect(formatEuro(165).replace(/\u00a0/g, ' ')).toBe('€ 165,00');
    expect(formatEuro(2950).replace(/\u00a0/g, ' ')).toBe('€ 2.950,00');
    expect(formatEuro(5000).replace(/\u00a0/g, ' ')).toBe('€ 5.000,00');
  });

  it('writes amounts in cents as euros with their cents', () => {
    expect(formatEuroCents(16500).replace(/\u00a0/g, ' ')).toBe('€ 165,00');
    expect(formatEuroCents(295000).replace(/\u00a0/g, ' ')).toBe('€ 2.950,00');
    expect(formatEuroCents(1999).replace(/\u00a0/g, ' ')).toBe('€ 19,99');
    expect(formatEuroCents(0).replace(/\u00a0/g, ' ')).toBe('€ 0,00');
  });

  it('writes dates in nl-NL', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 november 2026');
  });

  it('writes times on the Brussels clock, summer and winter', () => {
    expect(formatTime('2026-11-22T13:30:00Z')).toBe('14:30');
    expect(formatTime('2026-07-01T07:05:00Z')).toBe('09:05');
  });

  it('writes scores with one decimal comma', () => {
    expect(formatOneDecimal(4.25)).toBe('4,3');
    expect(formatOneDecimal(5)).toBe('5,0');
  });

  it('makes a value on its first use only, then keeps it (issue 31: no Intl object when a module loads)', () => {
    let made = 0;
    const value = madeOnFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = value();
    expect(made).toBe(1);
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });

  it('shows 9+ above 9 on the badge', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
  });

  it('counts days remaining rounded up and never below 0', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(daysRemaining('2026-11-22T13:00:00Z', now)).toBe(1);
    expect(daysRemaining('2026-11-25T12:00:00Z', now)).toBe(3);
    expect(daysRemaining('2026-11-20T12:00:00Z', now)).toBe(0);
  });

  it('takes the first name of a full name', () => {
    expect(firstName('  Emma Claes ')).toBe('Emma');
    expect(firstName(null)).toBe('');
  });
});

describe('formatMonth', () => {
  it('writes a month long, short or as its name alone, the same on every call', () => {
    expect(formatMonth('2026-11', 'long')).toBe('november 2026');
    expect(formatMonth('2026-11', 'short')).toBe('nov 2026');
    expect(formatMonth('2026-11', 'name')).toBe('nov');
    expect(formatMonth('2027-01', 'name')).toBe('jan');
    expect(formatMonth('2026-03', 'long')).toBe('maart 2026');
    expect(formatMonth('2026-11', 'long')).toBe('november 2026');
  });
});

describe('formatSpecialtiesPreview', () => {
  it('shows up to two specialties and an ellipsis when there are more', () => {
    expect(formatSpecialtiesPreview([])).toBe('');
    expect(formatSpecialtiesPreview(['Expats'])).toBe('Expats');
    expect(formatSpecialtiesPreview(['Expats', '40-plussers'])).toBe('Expats, 40-plussers');
    expect(formatSpecialtiesPreview(['Expats', '40-plussers', 'Tweede liefde'])).toBe(
      'Expats, 40-plussers, ...',
    );
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Sofie Peeters')).toBe('SP');
    expect(initials('Lotte & Wout Janssens')).toBe('LW');
    expect(initials('Émile')).toBe('É');
  });
});

describe('formatTimeLeft', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const inMs = (ms: number) => new Date(now.getTime() + ms);
  const HOUR = 3_600_000;

  it('counts whole days and hours, rounded down', () => {
    expect(formatTimeLeft(inMs(7 * 24 * HOUR), now)).toBe('7 dagen');
    expect(formatTimeLeft(inMs(7 * 24 * HOUR - 1), now)).toBe('6 dagen en 23 uur');
    expect(formatTimeLeft(inMs(25 * HOUR + 59 * 60_000), now)).toBe('1 dag en 1 uur');
    expect(formatTimeLeft(inMs(24 * HOUR), now)).toBe('1 dag');
    expect(formatTimeLeft(inMs(5 * HOUR + 1), now)).toBe('5 uur');
  });

  it('says less than an hour at the end and null once passed', () => {
    expect(formatTimeLeft(inMs(59 * 60_000), now)).toBe('minder dan een uur');
    expect(formatTimeLeft(now, now)).toBeNull();
    expect(formatTimeLeft(inMs(-HOUR), now)).toBeNull();
  });
});

describe('ages and birth-date bounds', () => {
  const DAY_MS = 86_400_000;
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('a birth date is within yearsBefore(today, n) exactly when ageOn counts n years or more', () => {
    const todays = [
      '2028-02-29T00:30:00Z',
      '2028-02-29T23:30:00Z',
      '2027-02-28T12:00:00Z',
      '2027-03-01T00:00:00Z',
      '2026-12-31T23:59:59Z',
      '2027-01-01T00:00:00Z',
      '2026-11-29T10:00:00Z',
    ];
    const mismatches: string[] = [];
    for (const today of todays.map((iso) => new Date(iso))) {
      for (const years of [1, 4, 18, 35]) {
        const bound = yearsBefore(today, years);
        // Every birth date from two years before the bound to two years after.
        const from = Date.parse(`${bound}T00:00:00Z`) - 731 * DAY_MS;
        for (let ms = from; ms <= from + 1462 * DAY_MS; ms += DAY_MS) {
          const born = isoDay(ms);
          if (born <= bound !== (ageOn(born, today) ?? 0) >= years) {
            mismatches.push(`${today.toISOString()} ${years} ${born}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('gives a real day on 29 February, in a year without one the 28th', () => {
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 1)).toBe('2027-02-28');
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 4)).toBe('2024-02-29');
    expect(yearsBefore(new Date('2026-11-29T12:00:00Z'), 18)).toBe('2008-11-29');
    expect(ageOn('2027-03-01', new Date('2028-02-29T12:00:00Z'))).toBe(0);
    expect(ageOn('2027-02-28', new Date('2028-02-29T12:00:00Z'))).toBe(1);
  });
});
