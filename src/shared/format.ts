import { BADGE_MAX, DROPDOWN_SPECIALTIES } from './domain';

/**
 * Issue 31: a value made on its first use, then kept. For `Intl` formatters: the first `Intl`
 * object a page makes loads the browser's locale data, 40-90 ms on the 2-core machine (four times
 * that on Lighthouse's phone). Made when a module loads, every page paid it in the task that starts
 * the app, the longest of the first load, whether or not it showed a date or an amount.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** A Brussels calendar day, "22 november 2026". */
const DAY_OPTIONS = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Brussels',
} as const satisfies Intl.DateTimeFormatOptions;
const dateFormat = madeOnFirstUse(() => new Intl.DateTimeFormat('nl-NL', DAY_OPTIONS));
const dateTimeFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('nl-NL', { ...DAY_OPTIONS, hour: '2-digit', minute: '2-digit' }),
);
const timeFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }),
);
const oneDecimalFormat = madeOnFirstUse(
  () => new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const euroFormat = madeOnFirstUse(
  () => new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR' }),
);

/** "22 november 2026" */
export function formatDate(value: string | Date): string {
  return dateFormat().format(new Date(value));
}

/** "22 november 2026 om 14:30" in Brussels time. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat().format(new Date(value));
}

/** "14:30" in Brussels time. */
export function formatTime(value: string | Date): string {
  return timeFormat().format(new Date(value));
}

/** A score with one decimal: 4.25 → "4,3". */
export function formatOneDecimal(value: number): string {
  return oneDecimalFormat().format(value);
}

const monthOptions = {
  long: { month: 'long', year: 'numeric' },
  short: { month: 'short', year: 'numeric' },
  name: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const monthFormats = new Map<keyof typeof monthOptions, Intl.DateTimeFormat>();

/**
 * A month ('2026-11') as "november 2026" (`long`), "nov 2026" (`short`) or "nov" (`name`). Each
 * formatter is made once, on first use: making one costs about a millisecond on a phone, and a
 * chart of twelve months made two per bar (issue 31).
 */
export function formatMonth(month: string, style: keyof typeof monthOptions): string {
  let format = monthFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('nl-NL', { ...monthOptions[style], timeZone: 'UTC' });
    monthFormats.set(style, format);
  }
  const [year, number] = month.split('-').map(Number) as [number, number];
  return format.format(new Date(Date.UTC(year, number - 1, 15)));
}

/** Belgian Dutch currency format: 165 → "€ 165,00", 2950 → "€ 2.950,00". */
export function formatEuro(amount: number): string {
  return euroFormat().format(amount);
}

/** An amount in cents (as payment providers give it) in the Belgian Dutch currency format: 16500 → "€ 165,00". */
export function formatEuroCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** The navigation badge: the count, or "9+" above 9. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** Whole days from now until a moment, rounded up and never below 0. */
export function daysRemaining(until: string | Date, now: Date = new Date()): number {
  const ms = new Date(until).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** The first word of a full name, for greetings and for what a match may see. */
export function firstName(fullName: string | null | undefined): string {
  if (fullName === DELETED_ACCOUNT_NAME) return DELETED_ACCOUNT_NAME;
  return (fullName ?? '').trim().split(/\s+/)[0] ?? '';
}

/** At most two specialties, followed by an ellipsis when there are more (the matchmakers dropdown). */
export function formatSpecialtiesPreview(specialties: readonly string[], max = DROPDOWN_SPECIALTIES): string {
  const shown = specialties.slice(0, max).join(', ');
  return specialties.length > max ? `${shown}, ...` : shown;
}

/** Initials for a photo placeholder: "Lotte & Wout Janssens" becomes "LW". */
export function initials(fullName: string): string {
  const letters = fullName
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => word[0]!.toUpperCase());
  return (letters.length > 2 ? letters.slice(0, 2) : letters).join('');
}

/** Age in whole years on a day (birth date as "YYYY-MM-DD"). */
export function ageOn(birthDate: string | null | undefined, today: Date): number | null {
  if (!birthDate) return null;
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}

/**
 * The last birth date ("YYYY-MM-DD") of someone at least `years` old on `today` (UTC), as `ageOn`
 * counts: `birth_date <= yearsBefore(today, n)` holds exactly when `ageOn(birth_date, today) >= n`,
 * for a filter on birth dates in SQL. On 29 February the same day of a year without one is the
 * 28th: who was born on 1 March turns that age a day later.
 */
export function yearsBefore(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth() + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = month === 2 && today.getUTCDate() === 29 && !leap ? 28 : today.getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const HOUR_MS = 3_600_000;

/**
 * The time left to answer a proposal in days and hours, rounded down: "6 dagen en 23 uur",
 * "1 dag", "5 uur", "minder dan een uur"; null once the moment has passed.
 */
export function formatTimeLeft(until: string | Date, now: Date = new Date()): string | null {
  const ms = new Date(until).getTime() - now.getTime();
  if (ms <= 0) return null;
  const totalHours = Math.floor(ms / HOUR_MS);
  if (totalHours === 0) return 'minder dan een uur';
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  const dayText = days === 1 ? '1 dag' : `${days} dagen`;
  const hourText = `${hours} uur`;
  if (days === 0) return hourText;
  return hours === 0 ? dayText : `${dayText} en ${hourText}`;
}

/** The name a deleted account keeps (issue 14): what the other client of a match sees. */
export const DELETED_ACCOUNT_NAME = 'Verwijderd account';
