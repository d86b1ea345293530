import { brusselsToInstant, toBrusselsDayValue, toBrusselsInputValue } from './date-time';

/**
 * The agency's working hours (decision 032): Monday to Friday, 9:00 to 17:00 on the Brussels clock,
 * except Belgium's ten public holidays. Every promise to a client is due inside them.
 */
export const WORKING_DAY_OPENS = '09:00';
export const WORKING_DAY_CLOSES = '17:00';
/**
 * A call promised "the same working day" needs an hour to be made: a purchase after 16:00 is
 * called the next working day.
 */
export const SAME_DAY_CALL_CUTOFF = '16:00';

const pad = (n: number) => String(n).padStart(2, '0');
const dayString = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utcDay = (day: string) => new Date(`${day}T12:00:00Z`);
const plusDays = (day: string, n: number) => dayString(new Date(utcDay(day).getTime() + n * 86_400_000));

/** Easter Sunday of a year (the Gregorian computus of Meeus/Jones/Butcher), as "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Belgium's ten legal public holidays of a year: fixed dates, and Easter's three moving ones. */
export function belgianPublicHolidays(year: number): ReadonlySet<string> {
  const easter = easterSunday(year);
  return new Set([
    `${year}-01-01`, // Nieuwjaar
    plusDays(easter, 1), // Paasmaandag
    `${year}-05-01`, // Dag van de Arbeid
    plusDays(easter, 39), // O.L.H. Hemelvaart
    plusDays(easter, 50), // Pinkstermaandag
    `${year}-07-21`, // Nationale feestdag
    `${year}-08-15`, // O.L.V. Hemelvaart
    `${year}-11-01`, // Allerheiligen
    `${year}-11-11`, // Wapenstilstand
    `${year}-12-25`, // Kerstmis
  ]);
}

/** A Brussels calendar day ("YYYY-MM-DD") on which the agency works. */
export function isWorkingDay(day: string): boolean {
  const weekday = utcDay(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !belgianPublicHolidays(Number(day.slice(0, 4))).has(day);
}

/** The first working day on or after `day`. */
function workingDayFrom(day: string): string {
  let current = day;
  while (!isWorkingDay(current)) current = plusDays(current, 1);
  return current;
}

/** The working day `n` working days after a working day. */
function addWorkingDays(day: string, n: number): string {
  let current = day;
  for (let i = 0; i < n; i++) current = workingDayFrom(plusDays(current, 1));
  return current;
}

const at = (day: string, time: string) => brusselsToInstant(day, time)!;
const wallTime = (instant: Date) => toBrusselsInputValue(instant).slice(11, 16);

/** Whether an instant falls in the working hours (9:00 inclusive to 17:00 exclusive, Brussels). */
export function isWithinWorkingHours(instant: Date): boolean {
  const time = wallTime(instant);
  return isWorkingDay(toBrusselsDayValue(instant)) && time >= WORKING_DAY_OPENS && time < WORKING_DAY_CLOSES;
}

/** The instant itself within working hours, otherwise the next opening (9:00 of a working day). */
export function nextWorkingMoment(instant: Date): Date {
  if (isWithinWorkingHours(instant)) return instant;
  const today = toBrusselsDayValue(instant);
  if (isWorkingDay(today) && wallTime(instant) < WORKING_DAY_OPENS) return at(today, WORKING_DAY_OPENS);
  return at(workingDayFrom(plusDays(today, 1)), WORKING_DAY_OPENS);
}

/** How a promise's due time is counted from the purchase. */
export type PromiseSpan = { kind: 'same_working_day' } | { kind: 'working_days'; days: number };

/**
 * The due time of a promise made at `from` (decision 032). The clock starts at the purchase when
 * it falls in working hours, else at the next opening. "The same working day": 17:00 of that day,
 * or of the next working day when less than an hour is left (after 16:00). "Within 24 (48) hours":
 * the same time of day one (two) working days after the start, so the promise never falls due on a
 * weekend, a holiday or at night.
 */
export function dueTime(from: Date, span: PromiseSpan): Date {
  const start = nextWorkingMoment(from);
  const day = toBrusselsDayValue(start);
  if (span.kind === 'same_working_day') {
    const callDay = wallTime(start) < SAME_DAY_CALL_CUTOFF ? day : addWorkingDays(day, 1);
    return at(callDay, WORKING_DAY_CLOSES);
  }
  return at(addWorkingDays(day, span.days), wallTime(start));
}
