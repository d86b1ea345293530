import { brusselsToInstant, toBrusselsDayValue, toBrusselsInputValue } from '../../shared/date-time';

/**
 * Issue 26: the demo's times, as an agency would have them. Every moment is a Brussels calendar day
 * counted back from the seed's "now" plus a Brussels wall-clock time, never "now minus so many
 * hours": seeded at 03:21, an intake held "93 days ago" is still at 10:00 on a weekday, not at
 * 03:21. What is done lies before now (moved back a day when the day's time has not come yet);
 * what is ahead lies after now.
 */
export interface SeedClock {
  now: Date;
  /** The Brussels day `days` before today (negative: ahead) at `time` ('HH:MM'), as it falls. */
  at(days: number, time: string): Date;
  /**
   * Done by now: the day `days` back at `time`, moved a day further back (to a weekday when
   * `weekday`) until it ended `lastsMinutes` before now.
   */
  past(days: number, time: string, options?: { weekday?: boolean; lastsMinutes?: number }): Date;
  /** Still ahead: the day `-days` ahead at `time`, moved on (to a weekday when asked) until after now. */
  ahead(days: number, time: string, options?: { weekday?: boolean }): Date;
  /** The Brussels day of `date`, `daysLater` days on, at `time`. */
  sameDayAs(date: Date, time: string, daysLater?: number): Date;
}

const DAY = 86_400_000;
/** 'YYYY-MM-DD' `days` after the day `day` (a calendar day, whatever the clock change). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}
/** 0 Sunday … 6 Saturday, of a calendar day. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
export const isWeekend = (day: string) => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/** The Brussels wall clock of an instant: its day ('YYYY-MM-DD'), its minutes after midnight, its weekday. */
export function brusselsWallClock(instant: Date) {
  const value = toBrusselsInputValue(instant);
  const day = value.slice(0, 10);
  const minutes = Number(value.slice(11, 13)) * 60 + Number(value.slice(14, 16));
  return { day, minutes, weekday: weekdayOf(day) };
}

export function seedClock(now: Date): SeedClock {
  const today = toBrusselsDayValue(now);
  const instant = (day: string, time: string) => brusselsToInstant(day, time)!;
  return {
    now,
    at: (days, time) => instant(addDays(today, -days), time),
    past(days, time, { weekday = false, lastsMinutes = 0 } = {}) {
      let day = addDays(today, -days);
      while (
        (weekday && isWeekend(day)) ||
        instant(day, time).getTime() + lastsMinutes * 60_000 > now.getTime()
      ) {
        day = addDays(day, -1);
      }
      return instant(day, time);
    },
    ahead(days, time, { weekday = false } = {}) {
      let day = addDays(today, -days);
      while ((weekday && isWeekend(day)) || instant(day, time).getTime() <= now.getTime()) {
        day = addDays(day, 1);
      }
      return instant(day, time);
    },
    sameDayAs: (date, time, daysLater = 0) => instant(addDays(toBrusselsDayValue(date), daysLater), time),
  };
}
