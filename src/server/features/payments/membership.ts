import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ContractStatus } from '../../../shared/domain';
import { firstName } from '../../../shared/format';
import {
  contractStatusForMembership,
  hasRunningPaidTerm,
  PAID_TIERS,
  RUNNING_TERM_STATUSES,
} from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import type { OutgoingEmail, Tx } from '../../context';
import { feedback_requests, intake_sessions, matches, user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { proposalWithdrawnForClientEmail, proposalWithdrawnForMatchmakerEmail } from './payments.mail';

/*
 * Decision 024: membership and matching agree. Matching (proposals, magic match's waiting list,
 * the three-monthly feedback request) belongs to a running paid term. This file is the one place
 * that makes a client's contract status follow their membership, and the SQL twin of the running
 * term for the lists and jobs that select clients.
 */

export { hasRunningPaidTerm };

type ProfileColumns = Pick<typeof user_profiles, 'tier' | 'subscription_status'>;

/**
 * SQL: the client's paid term runs (a paid tier, subscription active or in its grace period); the
 * twin of `hasRunningPaidTerm` (src/shared/payments.ts), from the same constants.
 */
export const runningPaidTerm = (profile: ProfileColumns = user_profiles): SQL =>
  and(inArray(profile.tier, PAID_TIERS), inArray(profile.subscription_status, [...RUNNING_TERM_STATUSES]))!;

/** SQL: the client (`clientId`, a column or value) had their intake: an intake session completed. */
export const completedIntake = (clientId: SQL | typeof user_profiles.id = user_profiles.id): SQL =>
  sql`EXISTS (SELECT 1 FROM ${intake_sessions} WHERE ${intake_sessions.user_id} = ${clientId}
    AND ${intake_sessions.session_type} = 'intake' AND ${intake_sessions.status} = 'completed')`;

export interface MembershipSync {
  /** Clients whose matching ended (contract status `ended`). */
  ended: string[];
  /** Clients back after a new paid term: active for matching, or pending until their intake. */
  resumed: string[];
  /** Open proposals withdrawn because one of their clients' matching ended. */
  withdrawn: number;
}

/**
 * Decision 024, the one transition, in the caller's transaction, after any change of tier or
 * subscription: the daily lifecycle (`expired`), the client's cancelling, a purchase (fulfilment),
 * and the demo seed. For each client it sets the contract status `contractStatusForMembership`
 * gives. When matching ends: their open proposals (`proposed`) are withdrawn (`cancelled`), the
 * other client and the matchmaker are mailed (the other client without the reason: it is the
 * client's own payment matter), and their pending feedback requests expire; accepted and scheduled
 * dates stay. Safe to call again: a client already where the rule puts them changes nothing.
 */
export async function syncMatchingWithMembership(
  tx: Tx,
  { clientIds, now, appUrl }: { clientIds: readonly string[]; now: Date; appUrl: string },
): Promise<MembershipSync> {
  const result: MembershipSync = { ended: [], resumed: [], withdrawn: 0 };
  const ids = [...new Set(clientIds)];
  if (!ids.length) return result;
  const profiles = await tx.db
    .select({
      id: user_profiles.id,
      tier: user_profiles.tier,
      subscription_status: user_profiles.subscription_status,
      contract_status: user_profiles.contract_status,
      has_intake: sql<boolean>`${completedIntake()}`,
    })
    .from(user_profiles)
    .where(and(inArray(user_profiles.id, ids), eq(user_profiles.role, 'client')));

  const moves = new Map<ContractStatus, string[]>();
  for (const profile of profiles) {
    const next = contractStatusForMembership(profile, profile.has_intake === true);
    if (next === profile.contract_status) continue;
    moves.set(next, [...(moves.get(next) ?? []), profile.id]);
    if (next === 'ended') result.ended.push(profile.id);
    else if (profile.contract_status === 'ended') result.resumed.push(profile.id);
  }
  for (const [status, group] of moves) {
    await tx.db
      .update(user_profiles)
      .set({ contract_status: status, updated_at: now })
      .where(inArray(user_profiles.id, group));
  }
  if (result.ended.length) result.withdrawn = await endMatching(tx, result.ended, now, appUrl);
  return result;
}

/** Open proposals withdrawn, everyone concerned mailed, pending feedback requests expired. */
async function endMatching(tx: Tx, ended: string[], now: Date, appUrl: string): Promise<number> {
  const withdrawn = await tx.db
    .update(matches)
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where(
      and(
        eq(matches.status, 'proposed'),
        or(inArray(matches.client1_id, ended), inArray(matches.client2_id, ended)),
      ),
    )
    .returning({
      id: matches.id,
      client1_id: matches.client1_id,
      client2_id: matches.client2_id,
      matchmaker_id: matches.matchmaker_id,
    });
  await tx.db
    .update(feedback_requests)
    .set({ status: 'expired' })
    .where(and(inArray(feedback_requests.client_id, ended), eq(feedback_requests.status, 'pending')));
  if (!withdrawn.length) return 0;

  const people = new Set(
    withdrawn.flatMap((m) => [m.client1_id, m.client2_id, m.matchmaker_id]).filter((id) => id !== null),
  );
  const rows = await tx.db
    .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(inArray(user.id, [...people]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const endedSet = new Set(ended);
  const messages: OutgoingEmail[] = [];
  for (const match of withdrawn) {
    for (const [id, otherId] of [
      [match.client1_id, match.client2_id],
      [match.client2_id, match.client1_id],
    ] as const) {
      const client = byId.get(id);
      // The client whose matching ended hears it in their own e-mail (cancelled or expired).
      if (!client || endedSet.has(id)) continue;
      messages.push({
        to: client.email,
        dedupe_key: `proposal-withdrawn:${match.id}:${id}`,
        ...proposalWithdrawnForClientEmail({
          name: greetingName(client.full_name),
          otherName: firstName(byId.get(otherId)?.full_name) || null,
          url: `${appUrl}${ROUTES.proposedMatches}`,
        }),
      });
    }
    const matchmaker = match.matchmaker_id ? byId.get(match.matchmaker_id) : undefined;
    if (matchmaker) {
      const pair = [match.client1_id, match.client2_id];
      const leaving = pair.filter((id) => endedSet.has(id));
      // The client whose term ended first.
      const ordered = [...leaving, ...pair.filter((id) => !endedSet.has(id))];
      messages.push({
        to: matchmaker.email,
        dedupe_key: `proposal-withdrawn:${match.id}:${matchmaker.id}`,
        ...proposalWithdrawnForMatchmakerEmail({
          name: greetingName(matchmaker.full_name),
          clientNames: ordered.map((id) => byId.get(id)?.full_name ?? 'Klant') as [string, string],
          leavingNames: leaving.map((id) => byId.get(id)?.full_name ?? 'Klant'),
          url: `${appUrl}${ROUTES.matchmakerMatches}?match=${match.id}`,
        }),
      });
    }
  }
  await tx.queueMails(messages);
  return withdrawn.length;
}
