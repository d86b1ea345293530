import { DATE_LENGTH_MS, utcStamp } from '../../../shared/date-calendar';
import { AGENCY_TIME_ZONE, toBrusselsInputValue } from '../../../shared/date-time';
import type { MailAttachment } from '../../db/schema';

/**
 * Issue 27 (decision 027): a date as an iCalendar object (RFC 5545), for the invitation mailed to
 * each client (METHOD:REQUEST, CANCEL when the date is off, RFC 5546) and for the download on the
 * match page (PUBLISH). One UID per date (the match's), its SEQUENCE raised on every move, the
 * time on the Brussels clock with the VTIMEZONE that defines it.
 */

export type InvitationMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface PlannedDate {
  match_id: string;
  scheduled_at: Date;
  place_name: string | null;
  place_address: string | null;
  place_url: string | null;
  message: string | null;
  sequence: number;
}

/** The UID of a date: the match's id at the app's host, the same in every mail and download. */
export const dateUid = (matchId: string, appUrl: string) => `date-${matchId}@${new URL(appUrl).hostname}`;

/** Europe/Brussels since 1996 (EU summer time): the last Sunday of March and of October. */
const BRUSSELS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${AGENCY_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (a name) in quotes, without the characters a quoted value may not hold. */
const quoteParam = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Lines of at most 75 octets, continued with a space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** "20261130T193000": the Brussels wall clock of an instant, for DTSTART;TZID=Europe/Brussels. */
const brusselsStamp = (instant: Date) => `${toBrusselsInputValue(instant).replace(/[-:]/g, '')}00`;

/** The e-mail address in "Koppel <hallo@koppel.example>", or the value itself. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export function dateInvitation({
  date,
  method,
  appUrl,
  organizer,
  attendee,
  otherFirstName,
  now,
}: {
  date: PlannedDate;
  method: InvitationMethod;
  appUrl: string;
  /** The app's sender address: the organiser of every date (the matchmaker's address stays private). */
  organizer: string;
  /** The client the invitation is for (REQUEST and CANCEL name them as the attendee). */
  attendee?: { email: string; name: string };
  otherFirstName: string;
  now: Date;
}): string {
  const end = new Date(date.scheduled_at.getTime() + DATE_LENGTH_MS);
  const location = [date.place_name, date.place_address].filter(Boolean).join(', ');
  const details = [date.message, date.place_url, `${appUrl}/dashboard/match-accepted`]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Koppel//Dates//NL',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...BRUSSELS_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${dateUid(date.match_id, appUrl)}`,
    `SEQUENCE:${date.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${AGENCY_TIME_ZONE}:${brusselsStamp(date.scheduled_at)}`,
    `DTEND;TZID=${AGENCY_TIME_ZONE}:${brusselsStamp(end)}`,
    `SUMMARY:${escapeText(`Date met ${otherFirstName}`)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(details ? [`DESCRIPTION:${escapeText(details)}`] : []),
    ...(date.place_url ? [`URL:${date.place_url.replace(/[\r\n]/g, '')}`] : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(method === 'PUBLISH'
      ? []
      : [
          `ORGANIZER;CN=Koppel:mailto:${addressOf(organizer)}`,
          ...(attendee
            ? [
                `ATTENDEE;CN=${quoteParam(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${attendee.email}`,
              ]
            : []),
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The invitation as a mail attachment, with the method in its content type (RFC 6047). */
export function invitationAttachment(ics: string, method: InvitationMethod): MailAttachment {
  return {
    filename: method === 'CANCEL' ? 'date-geannuleerd.ics' : 'date.ics',
    content_type: `text/calendar; charset=utf-8; method=${method}`,
    content: ics,
  };
}
