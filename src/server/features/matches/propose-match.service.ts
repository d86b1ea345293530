import { and, eq, inArray } from 'drizzle-orm';
import { MATCH_RESPONSE_DEADLINE_DAYS } from '../../../shared/domain';
import type { CreateMatchInput, Match } from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';
import type { Actor, AppContext } from '../../context';
import { account_settings, matches, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { mailMatchProposed } from './matches.mail';
import { getVisibleMatch } from './matches.service';
import { beyondPackage, packageDatesOf } from './package-dates';

const DAY_MS = 86_400_000;

/**
 * Proposes a match between two clients (spec sections 3 to 5): stored smaller id first, proposed
 * now with a 7-day deadline, made by the caller. The pair's unique key decides a duplicate, also
 * when two requests race.
 */
export async function createMatch({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: CreateMatchInput;
}): Promise<Match> {
  const { client1_id: a, client2_id: b, note } = input;
  if (a === b) throw new AppError('BAD_REQUEST', MESSAGES.matchWithSelf);
  const now = ctx.clock.now();
  const [client1_id, client2_id] = a < b ? [a, b] : [b, a];
  return ctx.transaction(async (tx) => {
    const clients = await tx.db
      .select({
        id: user_profiles.id,
        assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
        contract_status: user_profiles.contract_status,
      })
      .from(user_profiles)
      .where(and(inArray(user_profiles.id, [a, b]), eq(user_profiles.role, 'client')))
      // Both clients locked, in id order, until the commit: two proposals for one client at the same
      // moment are counted against their package one after the other (decision 015).
      .orderBy(user_profiles.id)
      .for('update');
    if (clients.length !== 2) throw new AppError('BAD_REQUEST', MESSAGES.matchNeedsClients);
    // Issue 16 (decision 009 narrowed): a matchmaker proposes only where at least one of the two is
    // their own client; admins any two.
    if (actor.profile.role !== 'admin' && !clients.some((c) => c.assigned_matchmaker_id === actor.user.id)) {
      throw new AppError('MATCH_NOT_OWN_CLIENT');
    }
    // Issue 14: a client who paused matching, or deleted the account, gets no proposals.
    const unavailable = await tx.db
      .select({ paused: account_settings.matching_paused_at, deleted: account_settings.deleted_at })
      .from(account_settings)
      .where(inArray(account_settings.user_id, [a, b]));
    if (unavailable.some((s) => s.deleted)) throw new AppError('ACCOUNT_DELETED');
    if (unavailable.some((s) => s.paused)) throw new AppError('MATCHING_PAUSED');
    // Issue 16: every proposal is for two clients active for matching (after their intake).
    if (clients.some((c) => c.contract_status !== 'active_for_matching')) {
      throw new AppError('MATCH_CLIENT_NOT_ELIGIBLE');
    }
    // Issue 16 item 6 (decision 015): past the dates a package includes, the matchmaker confirms.
    if (!input.confirm_extra_date) {
      for (const id of [a, b]) {
        if (beyondPackage(await packageDatesOf({ db: tx.db, clientId: id })))
          throw new AppError('PACKAGE_DATES_USED');
      }
    }
    const [created] = await tx.db
      .insert(matches)
      .values({
        client1_id,
        client2_id,
        matchmaker_id: actor.user.id,
        status: 'proposed',
        note: note || null,
        proposed_to_clients_at: now,
        response_deadline: new Date(now.getTime() + MATCH_RESPONSE_DEADLINE_DAYS * DAY_MS),
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: [matches.client1_id, matches.client2_id] })
      .returning({ id: matches.id });
    if (!created) throw new AppError('DUPLICATE_MATCH');
    const match = await getVisibleMatch(tx.db, actor, created.id);
    await mailMatchProposed({ tx, appUrl: ctx.env.APP_URL, match });
    return match;
  });
}
