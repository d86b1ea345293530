import { formatDateTime } from '../../../shared/format';
import { INTAKE_PREPARATION } from '../../../shared/intake';
import { ROUTES } from '../../../shared/routes';
import type { OutgoingEmail, Tx } from '../../context';
import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';

/** Who an intake e-mail goes to: looked up by the service in its transaction. */
export interface MailPerson {
  id: string;
  email: string;
  full_name: string | null;
}

export interface MailSession {
  id: string;
  scheduled_at: Date | null;
  location: string | null;
  join_url: string | null;
}

/** An intake e-mail: queued in the transaction `tx`, about `session`, to the client and the matchmaker. */
interface IntakeMailOptions {
  tx: Tx;
  appUrl: string;
  session: MailSession;
  client: MailPerson | undefined;
  matchmaker: MailPerson | undefined;
}

const when = (session: MailSession) =>
  session.scheduled_at ? formatDateTime(session.scheduled_at) : 'het afgesproken moment';
const where = (session: MailSession) =>
  session.join_url
    ? `Online, via deze link: ${session.join_url}`
    : session.location
      ? `Locatie: ${session.location}`
      : 'Je matchmaker laat je weten waar jullie elkaar zien.';

/** A booking is confirmed: the client (with what to prepare) and the matchmaker. Once each. */
export async function mailIntakeBooked({ tx, appUrl, session, client, matchmaker }: IntakeMailOptions) {
  if (client) {
    await tx.queueMail({
      to: client.email,
      dedupe_key: `intake-booked:${session.id}:${client.id}`,
      ...email(
        'intake-booked-client',
        'Je intakegesprek is gepland',
        [
          `Dag ${greetingName(client.full_name)},`,
          `Je intakegesprek${matchmaker ? ` met ${matchmaker.full_name ?? 'je matchmaker'}` : ''} is gepland op ${when(session)}.`,
          where(session),
          `Zo bereid je je voor: ${INTAKE_PREPARATION.join(' ')}`,
        ],
        { label: 'Bekijk je intakegesprek', url: `${appUrl}${ROUTES.intakePlanning}` },
      ),
    });
  }
  if (matchmaker) {
    await tx.queueMail({
      to: matchmaker.email,
      dedupe_key: `intake-booked:${session.id}:${matchmaker.id}`,
      ...email(
        'intake-booked-matchmaker',
        'Een nieuw intakegesprek is gepland',
        [
          `Dag ${greetingName(matchmaker.full_name)},`,
          `${client?.full_name ?? 'Een klant'} heeft een intakegesprek met je gepland op ${when(session)}.`,
          where(session),
        ],
        { label: 'Open je dashboard', url: `${appUrl}${ROUTES.matchmaker}` },
      ),
    });
  }
}

/** The day before: the client and the matchmaker, once each (the reminders job queues them all at once). */
export function intakeReminderEmails({
  appUrl,
  session,
  client,
  matchmaker,
}: Omit<IntakeMailOptions, 'tx'>): OutgoingEmail[] {
  const messages: OutgoingEmail[] = [];
  if (client) {
    messages.push({
      to: client.email,
      dedupe_key: `intake-reminder:${session.id}:${client.id}`,
      ...email(
        'intake-reminder',
        'Morgen is je intakegesprek',
        [
          `Dag ${greetingName(client.full_name)},`,
          `Morgen, ${when(session)}, is je intakegesprek${matchmaker ? ` met ${matchmaker.full_name ?? 'je matchmaker'}` : ''}.`,
          where(session),
          `Zo bereid je je voor: ${INTAKE_PREPARATION.join(' ')}`,
        ],
        { label: 'Bekijk je intakegesprek', url: `${appUrl}${ROUTES.intakePlanning}` },
      ),
    });
  }
  if (matchmaker) {
    messages.push({
      to: matchmaker.email,
      dedupe_key: `intake-reminder:${session.id}:${matchmaker.id}`,
      ...email(
        'intake-reminder-matchmaker',
        'Morgen heb je een intakegesprek',
        [
          `Dag ${greetingName(matchmaker.full_name)},`,
          `Morgen, ${when(session)}, heb je een intakegesprek met ${client?.full_name ?? 'een klant'}.`,
          where(session),
        ],
        { label: 'Open je dashboard', url: `${appUrl}${ROUTES.matchmaker}` },
      ),
    });
  }
  return messages;
}

/** A booking was cancelled: the client and the matchmaker, once each. */
export async function mailIntakeCancelled({ tx, appUrl, session, client, matchmaker }: IntakeMailOptions) {
  for (const person of [client, matchmaker]) {
    if (!person) continue;
    const isClient = person === client;
    await tx.queueMail({
      to: person.email,
      dedupe_key: `intake-cancelled:${session.id}:${person.id}`,
      ...email(
        isClient ? 'intake-cancelled-client' : 'intake-cancelled-matchmaker',
        'Een intakegesprek is geannuleerd',
        [
          `Dag ${greetingName(person.full_name)},`,
          isClient
            ? `Je intakegesprek van ${when(session)} is geannuleerd. Plan gerust een nieuw moment.`
            : `Het intakegesprek met ${client?.full_name ?? 'een klant'} van ${when(session)} is geannuleerd.`,
        ],
        isClient
          ? { label: 'Plan een nieuw gesprek', url: `${appUrl}${ROUTES.intakePlanning}` }
          : { label: 'Open je dashboard', url: `${appUrl}${ROUTES.matchmaker}` },
      ),
    });
  }
}

/** Issue 26: the client moved the booking: the client and the matchmaker, once each per new time. */
export async function mailIntakeMoved({
  tx,
  appUrl,
  session,
  from,
  client,
  matchmaker,
}: IntakeMailOptions & { from: Date | null }) {
  const before = from ? formatDateTime(from) : 'het eerdere moment';
  for (const person of [client, matchmaker]) {
    if (!person) continue;
    const isClient = person === client;
    await tx.queueMail({
      to: person.email,
      dedupe_key: `intake-moved:${session.id}:${person.id}:${session.scheduled_at?.toISOString() ?? ''}`,
      ...email(
        isClient ? 'intake-moved-client' : 'intake-moved-matchmaker',
        'Een intakegesprek is verplaatst',
        [
          `Dag ${greetingName(person.full_name)},`,
          isClient
            ? `Je intakegesprek is verplaatst van ${before} naar ${when(session)}.`
            : `${client?.full_name ?? 'Een klant'} heeft het intakegesprek van ${before} verplaatst naar ${when(session)}.`,
          where(session),
        ],
        isClient
          ? { label: 'Bekijk je intakegesprek', url: `${appUrl}${ROUTES.intakePlanning}` }
          : { label: 'Open je dashboard', url: `${appUrl}${ROUTES.matchmaker}` },
      ),
    });
  }
}

export const feedbackUrl = (appUrl: string, feedbackId: string) =>
  `${appUrl}${ROUTES.dashboard}/feedback/${feedbackId}`;

/** The intake was held: the client may now be matched, and is asked for feedback. */
export function intakeCompletedEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'intake-completed',
    'Bedankt voor je intakegesprek',
    [
      `Dag ${name},`,
      'Bedankt voor het fijne gesprek. Je matchmaker gaat nu op zoek naar mensen die bij je passen; je hoort van ons zodra er een voorstel is.',
      'Hoe vond je het gesprek? Je feedback is anoniem voor je matchmaker en helpt ons beter te worden. Je kunt ze 7 dagen lang geven.',
    ],
    { label: 'Geef je feedback', url },
  );
}

/** Two days before the feedback is due. */
export function intakeFeedbackReminderEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'intake-feedback-reminder',
    'Nog twee dagen om feedback te geven op je intake',
    [
      `Dag ${name},`,
      'Je hebt nog geen feedback gegeven op je intakegesprek. Over twee dagen sluit de vragenlijst; het duurt maar een minuut.',
    ],
    { label: 'Geef je feedback', url },
  );
}
