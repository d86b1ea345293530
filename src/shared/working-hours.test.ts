import { describe, expect, it } from 'vitest';
import { brusselsToInstant, toBrusselsInputValue } from './date-time';
import { TIER_PROMISES } from './tasks';
import {
  belgianPublicHolidays,
  dueTime,
  easterSunday,
  isWithinWorkingHours,
  isWorkingDay,
  nextWorkingMoment,
} from './working-hours';

/** An instant from the Brussels wall clock, and back. */
const at = (wall: string) => brusselsToInstant(wall)!;
const wall = (instant: Date) => toBrusselsInputValue(instant);
const CALL = { kind: 'same_working_day' } as const;
const DAY1 = { kind: 'working_days', days: 1 } as const;
const DAY2 = { kind: 'working_days', days: 2 } as const;

describe('Belgian public holidays', () => {
  it('knows Easter and the days that move with it', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2024)).toBe('2024-03-31');
    const h2026 = belgianPublicHolidays(2026);
    expect([...h2026].sort()).toEqual([
      '2026-01-01',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-07-21',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
  });

  it('a working day is a weekday that is no holiday', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true); // Friday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Wapenstilstand, a Wednesday
    expect(isWorkingDay('2026-12-25')).toBe(false); // Kerstmis, a Friday
  });
});

describe('working hours: Monday to Friday, 9:00 to 17:00 in Brussels', () => {
  it('opens at 9:00 and closes at 17:00', () => {
    expect(isWithinWorkingHours(at('2026-12-01T08:59'))).toBe(false);
    expect(isWithinWorkingHours(at('2026-12-01T09:00'))).toBe(true);
    expect(isWithinWorkingHours(at('2026-12-01T16:59'))).toBe(true);
    expect(isWithinWorkingHours(at('2026-12-01T17:00'))).toBe(false);
    expect(isWithinWorkingHours(at('2026-11-28T11:00'))).toBe(false);
  });

  it('the next working moment: now, or the next opening', () => {
    expect(wall(nextWorkingMoment(at('2026-12-01T10:15')))).toBe('2026-12-01T10:15');
    expect(wall(nextWorkingMoment(at('2026-12-01T04:00')))).toBe('2026-12-01T09:00');
    expect(wall(nextWorkingMoment(at('2026-12-01T17:00')))).toBe('2026-12-02T09:00');
    expect(wall(nextWorkingMoment(at('2026-11-27T18:30')))).toBe('2026-11-30T09:00');
    expect(wall(nextWorkingMoment(at('2026-11-28T11:00')))).toBe('2026-11-30T09:00');
  });
});

describe('the due time of a promise (decision 032)', () => {
  const cases: [string, string, string, string, string][] = [
    // bought at,         call (same working day), contact (24 h),   invitation (48 h)
    ['Tuesday 10:15', '2026-12-01T10:15', '2026-12-01T17:00', '2026-12-02T10:15', '2026-12-03T10:15'],
    ['Tuesday 04:00', '2026-12-01T04:00', '2026-12-01T17:00', '2026-12-02T09:00', '2026-12-03T09:00'],
    ['Tuesday 16:05', '2026-12-01T16:05', '2026-12-02T17:00', '2026-12-02T16:05', '2026-12-03T16:05'],
    ['Tuesday 17:00', '2026-12-01T17:00', '2026-12-02T17:00', '2026-12-03T09:00', '2026-12-04T09:00'],
    ['Friday 16:30', '2026-11-27T16:30', '2026-11-30T17:00', '2026-11-30T16:30', '2026-12-01T16:30'],
    ['Friday 15:00', '2026-11-27T15:00', '2026-11-27T17:00', '2026-11-30T15:00', '2026-12-01T15:00'],
    ['Saturday 11:00', '2026-11-28T11:00', '2026-11-30T17:00', '2026-12-01T09:00', '2026-12-02T09:00'],
    ['Sunday 23:30', '2026-11-29T23:30', '2026-11-30T17:00', '2026-12-01T09:00', '2026-12-02T09:00'],
    // Kerstmis on Friday: the next working day after Thursday is Monday.
    [
      'Thursday 24 December 14:00',
      '2026-12-24T14:00',
      '2026-12-24T17:00',
      '2026-12-28T14:00',
      '2026-12-29T14:00',
    ],
    // Wapenstilstand on Wednesday 11 November.
    [
      'Tuesday 10 November 10:00',
      '2026-11-10T10:00',
      '2026-11-10T17:00',
      '2026-11-12T10:00',
      '2026-11-13T10:00',
    ],
    // Summer time starts on Sunday 29 March: the same wall time, an hour less between.
    ['Friday 27 March 10:00', '2026-03-27T10:00', '2026-03-27T17:00', '2026-03-30T10:00', '2026-03-31T10:00'],
  ];

  it.each(cases)('bought %s', (_, bought, call, contact, invitation) => {
    expect(wall(dueTime(at(bought), CALL))).toBe(call);
    expect(wall(dueTime(at(bought), DAY1))).toBe(contact);
    expect(wall(dueTime(at(bought), DAY2))).toBe(invitation);
  });

  it('every due time falls in working hours, whenever the purchase', () => {
    const start = at('2026-12-21T00:00').getTime();
    for (let minutes = 0; minutes < 14 * 24 * 60; minutes += 37) {
      const bought = new Date(start + minutes * 60_000);
      for (const span of [CALL, DAY1, DAY2]) {
        const due = dueTime(bought, span);
        expect(due.getTime()).toBeGreaterThan(bought.getTime());
        // 17:00 itself closes the day: a call is due at the close.
        expect(isWithinWorkingHours(due) || wall(due).endsWith('T17:00')).toBe(true);
      }
    }
  });

  it('each paid tier promises what spec section 9 says', () => {
    expect(TIER_PROMISES.Relax).toEqual([]);
    expect(TIER_PROMISES['Relax+'].map((p) => p.kind)).toEqual(['welcome_mail']);
    expect(TIER_PROMISES.Persoonlijk.map((p) => p.kind)).toEqual(['matchmaker_contact', 'intake_invitation']);
    expect(TIER_PROMISES['Persoonlijk+'].map((p) => p.kind)).toEqual(['call_same_day']);
  });
});
