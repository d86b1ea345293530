import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Decision 034: what staff read of anonymous feedback (and of every client's last activity) is
 * exact to the calendar day in Brussels, no finer, so that the time of an anonymous entry cannot be
 * laid beside a client's activity to single the client out.
 */
const brusselsDate = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Brussels',
});

/**
 * The Brussels calendar day of an instant, as that day's midnight UTC (`2026-11-27T00:00:00.000Z`):
 * formatted as a date in Brussels it gives the same day, and it carries no hour or second.
 */
export function toStaffDay(value: Date | string): string;
export function toStaffDay(value: Date | string | null | undefined): string | null;
export function toStaffDay(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${brusselsDate.format(date)}T00:00:00.000Z`;
}

/** The same day in SQL, to sort by: within a day the order must not follow the exact time. */
export function staffDaySql(column: SQLWrapper): SQL {
  return sql`(${column} AT TIME ZONE 'Europe/Brussels')::date`;
}
