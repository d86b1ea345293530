import { eq } from 'drizzle-orm';
import { mapLink } from '../../../shared/date-calendar';
import { formatDateTime } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import type { OutgoingEmail, Tx } from '../../context';
import type { Db } from '../../db/client';
import { inJsonList } from '../../db/json-param';
import type { matches } from '../../db/schema';
import { user, user_profiles } from '../../db/schema';
import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';
import { dateInvitation, invitationAttachment, type PlannedDate } from './date-invitation';

interface MatchPeople {
  id: string;
  client1_id: string;
  client2_id: string;
  matchmaker_id: string | null;
}

type Person = { id: string; email: string; full_name: string | null };

/** E-mail and name of everyone named, in one query; a lookup by id. */
export async function findPeople({ db, ids }: { db: Db; ids: readonly (string | null)[] }) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows: Person[] = wanted.length
    ? await db
        .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
        .from(user)
        .innerJoin(user_profiles, eq(user_profiles.id, user.id))
        // One parameter however many people (issue 31): the sweeps ask for thousands at once.
        .where(inJsonList(user.id, wanted))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: string | null) => (id ? byId.get(id) : undefined);
}

/** The matchmaker's matches page with this match's detail open. */
const staffMatchUrl = (appUrl: string, id: string) => `${appUrl}${ROUTES.matchmakerMatches}?match=${id}`;

/** Both clients hear about a new proposal, with a link to their proposals. Once per match and client. */
export async function mailMatchProposed({
  tx,
  appUrl,
  match,
}: {
  tx: Tx;
  appUrl: string;
  match: MatchPeople;
}) {
  const find = await findPeople({ db: tx.db, ids: [match.client1_id, match.client2_id] });
  const messages: OutgoingEmail[] = [];
  for (const id of [match.client1_id, match.client2_id]) {
    const client = find(id);
    if (!client) continue;
    messages.push({
      to: client.email,
      dedupe_key: `match-proposed:${match.id}:${id}`,
      ...matchProposedEmail({
        name: greetingName(client.full_name),
        url: `${appUrl}${ROUTES.proposedMatches}`,
      }),
    });
  }
  await tx.queueMails(messages);
}

/** Both accepted: each client (with the other's first name) and the matchmaker. */
export async function mailMatchAccepted({
  tx,
  appUrl,
  match,
}: {
  tx: Tx;
  appUrl: string;
  match: MatchPeople;
}) {
  const find = await findPeople({
    db: tx.db,
    ids: [match.client1_id, match.client2_id, match.matchmaker_id],
  });
  const [one, two] = [find(match.client1_id), find(match.client2_id)];
  const messages: OutgoingEmail[] = [];
  for (const [client, other] of [
    [one, two],
    [two, one],
  ] as const) {
    if (!client) continue;
    messages.push({
      to: client.email,
      dedupe_key: `match-accepted:${match.id}:${client.id}`,
      ...matchAcceptedForClientEmail({
        name: greetingName(client.full_name),
        otherFirstName: greetingName(other?.full_name),
        url: `${appUrl}${ROUTES.matchAccepted}`,
      }),
    });
  }
  const matchmaker = find(match.matchmaker_id);
  if (matchmaker) {
    messages.push({
      to: matchmaker.email,
      dedupe_key: `match-accepted:${match.id}:${matchmaker.id}`,
      ...matchAcceptedForMatchmakerEmail({
        name: greetingName(matchmaker.full_name),
        clients: `${one?.full_name ?? ''} en ${two?.full_name ?? ''}`,
        url: staffMatchUrl(appUrl, match.id),
      }),
    });
  }
  await tx.queueMails(messages);
}

/** A rejection: only the matchmaker hears of it (the reason stays in the app). */
export async function mailMatchRejected({
  tx,
  appUrl,
  match,
}: {
  tx: Tx;
  appUrl: string;
  match: MatchPeople;
}) {
  const matchmaker = (await findPeople({ db: tx.db, ids: [match.matchmaker_id] }))(match.matchmaker_id);
  if (!matchmaker) return;
  await tx.queueMail({
    to: matchmaker.email,
    dedupe_key: `match-rejected:${match.id}`,
    ...matchRejectedEmail({
      name: greetingName(matchmaker.full_name),
      url: staffMatchUrl(appUrl, match.id),
    }),
  });
}

/**
 * The deadline sweep's e-mails: each cancelled proposal's matchmaker hears of it, and each client
 * who has not answered a proposal due within a day gets a reminder. Everyone in one query, every
 * e-mail in one `queueMails` (its opt-outs in one more), however many matches.
 */
export async function mailMatchDeadlines({
  tx,
  appUrl,
  expired,
  unanswered,
}: {
  tx: Tx;
  appUrl: string;
  expired: readonly MatchPeople[];
  unanswered: readonly { match_id: string; client_id: string }[];
}) {
  const find = await findPeople({
    db: tx.db,
    ids: [...expired.map((m) => m.matchmaker_id), ...unanswered.map((r) => r.client_id)],
  });
  const messages: OutgoingEmail[] = [];
  for (const match of expired) {
    const matchmaker = find(match.matchmaker_id);
    if (!matchmaker) continue;
    messages.push({
      to: matchmaker.email,
      dedupe_key: `match-expired:${match.id}`,
      ...matchExpiredEmail({
        name: greetingName(matchmaker.full_name),
        url: staffMatchUrl(appUrl, match.id),
      }),
    });
  }
  for (const { match_id, client_id } of unanswered) {
    const client = find(client_id);
    if (!client) continue;
    messages.push({
      to: client.email,
      dedupe_key: `match-reminder:${match_id}:${client.id}`,
      ...matchReminderEmail({
        name: greetingName(client.full_name),
        url: `${appUrl}${ROUTES.proposedMatches}`,
      }),
    });
  }
  await tx.queueMails(messages);
}

/** Match e-mails never name the other person beyond their first name (DESIGN.md). */
export function matchProposedEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-proposed',
    'Je matchmaker heeft een match voor je',
    [
      `Dag ${name},`,
      'Je matchmaker heeft iemand gevonden die volgens ons goed bij je past. Bekijk het voorstel en laat binnen 7 dagen weten of je kennis wilt maken.',
    ],
    { label: 'Bekijk je voorstel', url },
  );
}

export function matchAcceptedForClientEmail({
  name,
  otherFirstName,
  url,
}: {
  name: string;
  otherFirstName: string;
  url: string;
}): EmailContent {
  return email(
    'match-accepted-client',
    'Jullie willen allebei kennismaken',
    [
      `Dag ${name},`,
      `Goed nieuws: ook ${otherFirstName} wil graag kennismaken. Je matchmaker neemt contact met je op om jullie eerste ontmoeting te plannen.`,
    ],
    { label: 'Bekijk wat er nu gebeurt', url },
  );
}

export function matchAcceptedForMatchmakerEmail({
  name,
  clients,
  url,
}: {
  name: string;
  clients: string;
  url: string;
}): EmailContent {
  return email(
    'match-accepted-matchmaker',
    'Een match is door beide klanten aanvaard',
    [`Dag ${name},`, `${clients} hebben allebei ja gezegd. Tijd om hun eerste date te plannen.`],
    { label: 'Open je matches', url },
  );
}

export function matchRejectedEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-rejected',
    'Een voorstel is afgewezen',
    [
      `Dag ${name},`,
      'Een klant heeft een van je voorstellen afgewezen. De reden, als die werd opgegeven, vind je bij de match.',
    ],
    { label: 'Open je matches', url },
  );
}

export function matchExpiredEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-expired',
    'Een voorstel is verlopen',
    [
      `Dag ${name},`,
      'Een van je voorstellen kreeg binnen 7 dagen geen antwoord van beide klanten en is daarom geannuleerd.',
    ],
    { label: 'Open je matches', url },
  );
}

export function matchReminderEmail({ name, url }: { name: string; url: string }): EmailContent {
  return email(
    'match-reminder',
    'Nog één dag om te antwoorden op je voorstel',
    [
      `Dag ${name},`,
      'Je hebt nog niet geantwoord op het voorstel van je matchmaker. Morgen verloopt de termijn: laat je weten of je wilt kennismaken?',
    ],
    { label: 'Bekijk je voorstel', url },
  );
}

/*
 * Issue 27 (decision 027): the date, delivered. Each client gets the date's details and their own
 * invitation (an `.ics` with the same UID for both, SEQUENCE as stored on the match).
 */

type MatchRow = typeof matches.$inferSelect;

/** The match page of a client, where the date, the photos and "Zet in je agenda" are. */
const clientMatchUrl = (appUrl: string, id: string) => `${appUrl}${ROUTES.matchAccepted}#date-${id}`;

/** Both clients of a match with, for each, the other's first name. */
async function bothClients(db: Db, match: Pick<MatchRow, 'client1_id' | 'client2_id'>) {
  return clientsOf(await findPeople({ db, ids: [match.client1_id, match.client2_id] }), match);
}

/** `bothClients` from people already read. */
function clientsOf(
  find: Awaited<ReturnType<typeof findPeople>>,
  match: Pick<MatchRow, 'client1_id' | 'client2_id'>,
) {
  const [one, two] = [find(match.client1_id), find(match.client2_id)];
  return [
    [one, two],
    [two, one],
  ].flatMap(([client, other]) =>
    client ? [{ client, otherFirstName: greetingName(other?.full_name ?? null) }] : [],
  );
}

const plannedDateOf = (match: MatchRow): PlannedDate => ({
  match_id: match.id,
  scheduled_at: match.scheduled_at!,
  place_name: match.date_place_name,
  place_address: match.date_place_address,
  place_url: match.date_place_url,
  message: match.date_message,
  sequence: match.date_sequence,
});

/** The lines every mail about a planned date shares: when, where, the map, the matchmaker's message. */
function dateDetails(match: MatchRow): string[] {
  const lines = [`Wanneer: ${formatDateTime(match.scheduled_at!)}`];
  if (match.date_place_name || match.date_place_address) {
    lines.push(`Waar: ${[match.date_place_name, match.date_place_address].filter(Boolean).join(', ')}`);
  }
  if (match.date_place_address) lines.push(`Op de kaart: ${mapLink(match.date_place_address)}`);
  if (match.date_place_url) lines.push(`Meer over de plek: ${match.date_place_url}`);
  if (match.date_message) lines.push(`Je matchmaker schrijft: ${match.date_message}`);
  return lines;
}

/** A date planned (`moved`: planned again): both clients, each with their invitation. */
export async function mailDatePlanned({
  tx,
  env,
  match,
  moved,
  now,
}: {
  tx: Tx;
  env: { APP_URL: string; MAIL_FROM: string };
  match: MatchRow;
  moved: boolean;
  now: Date;
}) {
  const messages: OutgoingEmail[] = [];
  for (const { client, otherFirstName } of await bothClients(tx.db, match)) {
    const ics = invitationFor({ env, match, client, otherFirstName, method: 'REQUEST', now });
    messages.push({
      to: client.email,
      dedupe_key: `date-planned:${match.id}:${match.date_sequence}:${client.id}`,
      ...email(
        moved ? 'date-moved' : 'date-planned',
        moved
          ? `Jullie date met ${otherFirstName} is verzet`
          : `Jullie date met ${otherFirstName} is gepland`,
        [
          `Dag ${greetingName(client.full_name)},`,
          moved
            ? `Je matchmaker heeft jullie date met ${otherFirstName} verzet. Dit is het nieuwe moment:`
            : `Je matchmaker heeft jullie eerste date met ${otherFirstName} gepland.`,
          ...dateDetails(match),
          moved
            ? 'In de bijlage zit de bijgewerkte uitnodiging: open ze en je agenda past de date aan.'
            : 'In de bijlage zit een uitnodiging voor je agenda. Kan je niet? Laat het je matchmaker weten via je matchpagina.',
        ],
        { label: 'Bekijk jullie date', url: clientMatchUrl(env.APP_URL, match.id) },
      ),
      attachments: [invitationAttachment(ics, 'REQUEST')],
    });
  }
  await tx.queueMails(messages);
}

/** One client's invitation to the match's planned date (the organiser is the app's sender). */
function invitationFor({
  env,
  match,
  client,
  otherFirstName,
  method,
  now,
}: {
  env: { APP_URL: string; MAIL_FROM: string };
  match: MatchRow;
  client: { email: string; full_name: string | null };
  otherFirstName: string;
  method: 'REQUEST' | 'CANCEL';
  now: Date;
}) {
  return dateInvitation({
    date: plannedDateOf(match),
    method,
    appUrl: env.APP_URL,
    organizer: env.MAIL_FROM,
    attendee: { email: client.email, name: client.full_name ?? otherFirstName },
    otherFirstName,
    now,
  });
}

/** A planned date cancelled: both clients, with the invitation that takes it out of their calendar. */
export async function mailDateCancelled({
  tx,
  env,
  match,
  now,
}: {
  tx: Tx;
  env: { APP_URL: string; MAIL_FROM: string };
  match: MatchRow;
  now: Date;
}) {
  const messages: OutgoingEmail[] = [];
  for (const { client, otherFirstName } of await bothClients(tx.db, match)) {
    const ics = invitationFor({ env, match, client, otherFirstName, method: 'CANCEL', now });
    messages.push({
      to: client.email,
      dedupe_key: `date-cancelled:${match.id}:${client.id}`,
      ...email(
        'date-cancelled',
        `Jullie date met ${otherFirstName} gaat niet door`,
        [
          `Dag ${greetingName(client.full_name)},`,
          `De date met ${otherFirstName} op ${formatDateTime(match.scheduled_at!)} gaat niet door. Met de bijlage haal je ze uit je agenda.`,
          'Je matchmaker blijft voor je zoeken en neemt contact met je op.',
        ],
        { label: 'Naar je matchpagina', url: clientMatchUrl(env.APP_URL, match.id) },
      ),
      attachments: [invitationAttachment(ics, 'CANCEL')],
    });
  }
  await tx.queueMails(messages);
}

/**
 * The day before: a reminder to both clients of each date. Once per date and client, also with
 * two servers: the key holds the planned time, so a date moved later is reminded of again.
 */
export async function mailDateReminders({
  tx,
  appUrl,
  dates,
}: {
  tx: Tx;
  appUrl: string;
  dates: readonly MatchRow[];
}) {
  // Everyone in one query, however many dates.
  const find = await findPeople({ db: tx.db, ids: dates.flatMap((d) => [d.client1_id, d.client2_id]) });
  const messages: OutgoingEmail[] = [];
  for (const match of dates) {
    for (const { client, otherFirstName } of clientsOf(find, match)) {
      messages.push({
        to: client.email,
        dedupe_key: `date-reminder:${match.id}:${match.scheduled_at!.getTime()}:${client.id}`,
        ...email(
          'date-reminder',
          `Morgen: je date met ${otherFirstName}`,
          [
            `Dag ${greetingName(client.full_name)},`,
            `Een herinnering: morgen heb je je date met ${otherFirstName}. Veel plezier!`,
            ...dateDetails(match),
          ],
          { label: 'Bekijk jullie date', url: clientMatchUrl(appUrl, match.id) },
        ),
      });
    }
  }
  await tx.queueMails(messages);
}

/** The date took place: both clients are asked how it was, with a link to that date's form. */
export async function mailDateHeld({ tx, appUrl, match }: { tx: Tx; appUrl: string; match: MatchRow }) {
  const messages: OutgoingEmail[] = [];
  for (const { client, otherFirstName } of await bothClients(tx.db, match)) {
    messages.push({
      to: client.email,
      dedupe_key: `date-held:${match.id}:${client.id}`,
      ...email(
        'date-feedback-request',
        `Hoe was je date met ${otherFirstName}?`,
        [
          `Dag ${greetingName(client.full_name)},`,
          `Jullie date van ${formatDateTime(match.scheduled_at!)} heeft plaatsgevonden. Hoe was het? Je feedback helpt je matchmaker om verder voor je te zoeken. Alleen je matchmaker leest ze, ${otherFirstName} niet.`,
        ],
        {
          label: 'Geef je feedback',
          url: `${appUrl}${ROUTES.matchAccepted}?feedback=${match.id}#date-${match.id}`,
        },
      ),
    });
  }
  await tx.queueMails(messages);
}

/** A decline: the other client hears kindly that this proposal stops, never why. */
export async function mailProposalDeclined({
  tx,
  appUrl,
  match,
  declinedBy,
}: {
  tx: Tx;
  appUrl: string;
  match: MatchPeople;
  declinedBy: string;
}) {
  const otherId = match.client1_id === declinedBy ? match.client2_id : match.client1_id;
  const other = (await findPeople({ db: tx.db, ids: [otherId] }))(otherId);
  if (!other) return;
  await tx.queueMail({
    to: other.email,
    dedupe_key: `match-declined:${match.id}:${other.id}`,
    ...email(
      'match-declined',
      'Een voorstel gaat niet verder',
      [
        `Dag ${greetingName(other.full_name)},`,
        'Het voorstel dat je matchmaker je onlangs deed, gaat niet verder: de klik was er aan de andere kant niet. Dat zegt niets over jou; soms past het gewoon niet.',
        'Je matchmaker blijft voor je zoeken en laat van zich horen zodra er een nieuw voorstel is.',
      ],
      { label: 'Naar je matchpagina', url: `${appUrl}${ROUTES.matchAccepted}` },
    ),
  });
}

/** "Kan je niet?": the matchmaker hears which client asks to move the date, and their message. */
export async function mailDateMoveRequested({
  tx,
  appUrl,
  match,
  clientId,
  matchmakerId,
  message,
}: {
  tx: Tx;
  appUrl: string;
  match: MatchRow;
  clientId: string;
  matchmakerId: string;
  message: string;
}) {
  const find = await findPeople({ db: tx.db, ids: [clientId, matchmakerId] });
  const [client, matchmaker] = [find(clientId), find(matchmakerId)];
  if (!client || !matchmaker) return;
  await tx.queueMail({
    to: matchmaker.email,
    dedupe_key: `date-move-request:${match.id}:${match.date_sequence}:${clientId}`,
    ...email(
      'date-move-request',
      `${greetingName(client.full_name)} vraagt de date te verzetten`,
      [
        `Dag ${greetingName(matchmaker.full_name)},`,
        `${client.full_name ?? 'Een klant'} kan niet op de date van ${formatDateTime(match.scheduled_at!)} en vraagt ze te verzetten.`,
        `Bericht: ${message}`,
        'Je vindt het verzoek ook in de tijdlijn van de match.',
      ],
      { label: 'Open de match', url: staffMatchUrl(appUrl, match.id) },
    ),
  });
}
