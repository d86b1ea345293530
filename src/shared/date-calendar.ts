/**
 * Issue 27 (decision 027): a planned date in the clients' calendars and on a map. Plain links
 * only: no third-party script or embedded map is loaded by our pages.
 */

/** A date is put in the calendar as two hours long (the time is the start; nobody fixes an end). */
export const DATE_LENGTH_MS = 2 * 60 * 60_000;

/** What a calendar entry of a date shows. */
export interface DateEntry {
  title: string;
  start: string | Date;
  details: string;
  location: string;
}

/** "20261130T183000Z": an instant in UTC, in iCalendar's basic form (also what web calendars read). */
export function utcStamp(value: string | Date): string {
  return new Date(value)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Add-to-calendar links for Google Calendar, Outlook.com and Yahoo Calendar: times in UTC. */
export function calendarLinks(entry: DateEntry): { label: string; url: string }[] {
  const start = new Date(entry.start);
  const end = new Date(start.getTime() + DATE_LENGTH_MS);
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details: entry.details,
    location: entry.location,
    ctz: 'Europe/Brussels',
  });
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: start.toISOString(),
    enddt: end.toISOString(),
    body: entry.details,
    location: entry.location,
  });
  const yahoo = new URLSearchParams({
    v: '60',
    title: entry.title,
    st: utcStamp(start),
    et: utcStamp(end),
    desc: entry.details,
    in_loc: entry.location,
  });
  return [
    { label: 'Google Agenda', url: `https://calendar.google.com/calendar/render?${google}` },
    { label: 'Outlook.com', url: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}` },
    { label: 'Yahoo Agenda', url: `https://calendar.yahoo.com/?${yahoo}` },
  ];
}

/** A plain link to the place on OpenStreetMap (a search for its address). */
export function mapLink(address: string): string {
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query: address })}`;
}
