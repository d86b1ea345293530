import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ageOn, firstName } from '../../../shared/format';
import type { ClientMatch, ProposedMatchSummary } from '../../../shared/matches';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  client_match_responses,
  client_profiles,
  match_feedback,
  match_follow_up,
  matches,
  user_profiles,
} from '../../db/schema';
import { isClientOf, otherClientOf } from './matches.service';
import { sharedFacts } from './shared-facts';

/**
 * Issue 19: GET /api/me/proposed-matches' query, prepared once per database (the profiler showed
 * drizzle building this SQL on every request; PostgreSQL also parses it once per connection).
 */
const proposedMatchesQueries = new WeakMap<Db, ReturnType<typeof prepareProposedMatches>>();
function prepareProposedMatches(db: Db) {
  const client_id = sql.placeholder('client_id');
  const other = alias(user_profiles, 'other');
  const otherDetails = alias(client_profiles, 'other_details');
  const mine = alias(client_profiles, 'mine');
  return db
    .select({
      id: matches.id,
      proposed_to_clients_at: matches.proposed_to_clients_at,
      response_deadline: matches.response_deadline,
      note: matches.note,
      other_full_name: other.full_name,
      other_birth_date: otherDetails.birth_date,
      other_region: otherDetails.province,
      // Issue 27: what the shared facts read of both profiles (never shown as such).
      other_profile: {
        interests: otherDetails.interests,
        languages: otherDetails.languages,
        smoking: otherDetails.smoking,
        relationship_sought: otherDetails.relationship_sought,
        wants_children: otherDetails.wants_children,
        postcode: otherDetails.postcode,
        max_distance_km: otherDetails.max_distance_km,
      },
      my_profile: {
        interests: mine.interests,
        languages: mine.languages,
        smoking: mine.smoking,
        relationship_sought: mine.relationship_sought,
        wants_children: mine.wants_children,
        postcode: mine.postcode,
        max_distance_km: mine.max_distance_km,
      },
      my_response: client_match_responses.response,
    })
    .from(matches)
    .innerJoin(other, sql`${other.id} = ${otherClientOf(client_id)}`)
    .leftJoin(otherDetails, eq(otherDetails.id, other.id))
    .leftJoin(mine, eq(mine.id, client_id))
    .leftJoin(
      client_match_responses,
      and(eq(client_match_responses.match_id, matches.id), eq(client_match_responses.client_id, client_id)),
    )
    .where(and(eq(matches.status, 'proposed'), isClientOf(client_id)))
    .orderBy(desc(matches.created_at))
    .prepare('koppel_proposed_matches');
}
function proposedMatchesQuery(db: Db) {
  let query = proposedMatchesQueries.get(db);
  if (!query) {
    query = prepareProposedMatches(db);
    proposedMatchesQueries.set(db, query);
  }
  return query;
}

/**
 * The client's open proposals with only what may be shown before both accepted: the other
 * person's first name, age, region and the interests they share, the matchmaker's introduction
 * and the facts both profiles support (issue 27, `sharedFacts`). Never their e-mail or surname.
 */
export async function listProposedMatchesForClient({
  ctx,
  client_id,
}: {
  ctx: AppContext;
  client_id: string;
}): Promise<ProposedMatchSummary[]> {
  const now = ctx.clock.now();
  const rows = await proposedMatchesQuery(ctx.db).execute({ client_id });
  return rows.map((r) => {
    const shared = sharedFacts(r.my_profile, r.other_profile);
    return {
      id: r.id,
      status: 'proposed' as const,
      proposed_to_clients_at: r.proposed_to_clients_at?.toISOString() ?? null,
      response_deadline: r.response_deadline?.toISOString() ?? null,
      note: r.note,
      other: {
        first_name: firstName(r.other_full_name),
        age: ageOn(r.other_birth_date, now),
        region: r.other_region,
        shared_interests: shared.interests,
      },
      shared_facts: shared.facts,
      my_response: r.my_response ?? null,
    };
  });
}

/**
 * The client's matches after both accepted, newest first: the status and its dates, the other
 * person's first name and id (never their e-mail or surname; the id is for their photos, which
 * decision 011 serves only while both said yes), the date's place and message, and whether this
 * client gave feedback. Issue 27: also a proposal the other declined (never why) and a match
 * stopped after both said yes, so the client hears that it does not go on.
 */
export async function listAcceptedMatchesForClient({
  ctx,
  client_id,
}: {
  ctx: AppContext;
  client_id: string;
}): Promise<ClientMatch[]> {
  const { db } = ctx;
  const other = alias(user_profiles, 'other');
  const mine = alias(client_match_responses, 'mine');
  const rows = await db
    .select({
      match: matches,
      other_id: other.id,
      other_full_name: other.full_name,
      feedback_id: match_feedback.id,
      my_response: mine.response,
      move_requested: sql<boolean>`EXISTS (SELECT 1 FROM ${match_follow_up} f
        WHERE f.match_id = ${matches.id} AND f.reported_by_client_id = ${client_id}
          AND f.created_at >= ${matches.updated_at})`,
    })
    .from(matches)
    .innerJoin(other, sql`${other.id} = ${otherClientOf(client_id)}`)
    // At most one row: feedback is unique per match and client.
    .leftJoin(
      match_feedback,
      and(eq(match_feedback.match_id, matches.id), eq(match_feedback.client_id, client_id)),
    )
    .leftJoin(mine, and(eq(mine.match_id, matches.id), eq(mine.client_id, client_id)))
    .where(
      and(
        isClientOf(client_id),
        or(
          inArray(matches.status, ['accepted', 'scheduled', 'completed']),
          // Declined by the other: this client said yes or had not answered yet.
          and(eq(matches.status, 'rejected'), or(isNull(mine.response), eq(mine.response, 'accepted'))),
          and(eq(matches.status, 'cancelled'), isNotNull(matches.accepted_at)),
        ),
      ),
    )
    .orderBy(desc(matches.created_at));
  return rows.map(({ match: m, ...r }) => ({
    id: m.id,
    // The where clause keeps only these statuses.
    status: m.status as ClientMatch['status'],
    accepted_at: m.accepted_at?.toISOString() ?? null,
    scheduled_at: m.scheduled_at?.toISOString() ?? null,
    completed_at: m.completed_at?.toISOString() ?? null,
    cancelled_at: m.cancelled_at?.toISOString() ?? null,
    other: { id: r.other_id, first_name: firstName(r.other_full_name) },
    date: m.scheduled_at
      ? {
          place_name: m.date_place_name,
          place_address: m.date_place_address,
          place_url: m.date_place_url,
          message: m.date_message,
          move_requested: Boolean(r.move_requested),
        }
      : null,
    feedback_given: r.feedback_id !== null,
  }));
}
