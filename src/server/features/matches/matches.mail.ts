import { eq, inArray } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { OutgoingEmail, Tx } from '../../context';
import type { Db } from '../../db/client';
import { user, user_profiles } from '../../db/schema';
import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';

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
        .where(inArray(user.id, wanted))
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
