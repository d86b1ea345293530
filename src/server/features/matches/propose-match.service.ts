import { MATCH_RESPONSE_DEADLINE_DAYS } from '../../../shared/domain';
import type { CreateMatchInput, Match } from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';
import type { Actor, AppContext } from '../../context';
import { matches } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkPair, proposalOverride } from './eligibility';
import { mailMatchProposed } from './matches.mail';
import { getVisibleMatch } from './matches.service';
import { beyondPackage, packageDatesOf } from './package-dates';

const DAY_MS = 86_400_000;

/**
 * Proposes a match between two clients (spec sections 3 to 5): stored smaller id first, proposed
 * now with a 7-day deadline, made by the caller, if the one eligibility rule allows it (a soft wish
 * overridden only with the caller's reason, stored on the match). The pair's unique key decides a
 * duplicate, also when two requests race.
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
    // Issue 26 (decision 026): the one eligibility rule, with who may propose checked first. Both
    // clients stay locked until the commit: two proposals for one client at the same moment are
    // judged and counted against their package one after the other (decision 015).
    const { failures } = await checkPair({ db: tx.db, actor, ids: [a, b], now, lock: true });
    const override = proposalOverride(failures, input.override_reason);
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
        ...override,
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
