import { eq, inArray } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { Db } from '../../db/client';
import { user, user_profiles } from '../../db/schema';
import type { Outbox } from '../../integrations/mail/outbox';
import {
  greetingName,
  matchAcceptedForClientEmail,
  matchAcceptedForMatchmakerEmail,
  matchExpiredEmail,
  matchProposedEmail,
  matchRejectedEmail,
  matchReminderEmail,
} from '../../integrations/mail/templates';

export interface MatchMailContext {
  db: Db;
  outbox: Outbox;
  appUrl: string;
}

interface MatchPeople {
  id: string;
  client1_id: string;
  client2_id: string;
  matchmaker_id: string | null;
}

async function people(db: Db, ids: (string | null)[]) {
  const wanted = ids.filter((id): id is string => !!id);
  const rows = await db
    .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(inArray(user.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: string | null) => (id ? byId.get(id) : undefined);
}

/** The matchmaker's matches page with this match's detail open. */
const staffMatchUrl = (appUrl: string, id: string) => `${appUrl}${ROUTES.matchmakerMatches}?match=${id}`;

/** Both clients hear about a new proposal, with a link to their proposals. Once per match and client. */
export async function mailMatchProposed({ db, outbox, appUrl }: MatchMailContext, match: MatchPeople) {
  const find = await people(db, [match.client1_id, match.client2_id]);
  for (const id of [match.client1_id, match.client2_id]) {
    const client = find(id);
    if (!client) continue;
    await outbox.queue({
      to: client.email,
      dedupe_key: `match-proposed:${match.id}:${id}`,
      ...matchProposedEmail({
        name: greetingName(client.full_name),
        url: `${appUrl}${ROUTES.proposedMatches}`,
      }),
    });
  }
}

/** Both accepted: each client (with the other's first name) and the matchmaker. */
export async function mailMatchAccepted({ db, outbox, appUrl }: MatchMailContext, match: MatchPeople) {
  const find = await people(db, [match.client1_id, match.client2_id, match.matchmaker_id]);
  const [one, two] = [find(match.client1_id), find(match.client2_id)];
  for (const [client, other] of [
    [one, two],
    [two, one],
  ] as const) {
    if (!client) continue;
    await outbox.queue({
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
    await outbox.queue({
      to: matchmaker.email,
      dedupe_key: `match-accepted:${match.id}:${matchmaker.id}`,
      ...matchAcceptedForMatchmakerEmail({
        name: greetingName(matchmaker.full_name),
        clients: `${one?.full_name ?? ''} en ${two?.full_name ?? ''}`,
        url: staffMatchUrl(appUrl, match.id),
      }),
    });
  }
}

/** A rejection: only the matchmaker hears of it (the reason stays in the app). */
export async function mailMatchRejected({ db, outbox, appUrl }: MatchMailContext, match: MatchPeople) {
  const matchmaker = (await people(db, [match.matchmaker_id]))(match.matchmaker_id);
  if (!matchmaker) return;
  await outbox.queue({
    to: matchmaker.email,
    dedupe_key: `match-rejected:${match.id}`,
    ...matchRejectedEmail({
      name: greetingName(matchmaker.full_name),
      url: staffMatchUrl(appUrl, match.id),
    }),
  });
}

export async function mailMatchExpired({ db, outbox, appUrl }: MatchMailContext, match: MatchPeople) {
  const matchmaker = (await people(db, [match.matchmaker_id]))(match.matchmaker_id);
  if (!matchmaker) return;
  await outbox.queue({
    to: matchmaker.email,
    dedupe_key: `match-expired:${match.id}`,
    ...matchExpiredEmail({
      name: greetingName(matchmaker.full_name),
      url: staffMatchUrl(appUrl, match.id),
    }),
  });
}

export async function mailMatchReminder(
  { db, outbox, appUrl }: MatchMailContext,
  match_id: string,
  client_id: string,
) {
  const client = (await people(db, [client_id]))(client_id);
  if (!client) return;
  await outbox.queue({
    to: client.email,
    dedupe_key: `match-reminder:${match_id}:${client_id}`,
    ...matchReminderEmail({
      name: greetingName(client.full_name),
      url: `${appUrl}${ROUTES.proposedMatches}`,
    }),
  });
}
