import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { ageOn, firstName } from '../../../shared/format';
import type { ClientMatch, ProposedMatchSummary } from '../../../shared/matches';
import type { ReadWithSession } from '../../auth/session-lookup';
import type { AppContext } from '../../context';
import {
  client_match_responses,
  client_profiles,
  match_feedback,
  match_follow_up,
  matches,
  user_profiles,
} from '../../db/schema';
import { isoInstant, jsonRows } from '../../db/together';
import { isClientOf, otherClientOf } from './matches.service';
import { type FactsProfile, sharedFacts } from './shared-facts';

/** A proposal's row as `proposedMatchesOfUser` reads it (JSON: timestamps as text). */
interface ProposedMatchRow {
  id: string;
  proposed_to_clients_at: string | null;
  response_deadline: string | null;
  note: string | null;
  other_full_name: string | null;
  other_birth_date: string | null;
  other_region: string | null;
  other_profile: FactsProfile | null;
  my_profile: FactsProfile | null;
  my_response: ProposedMatchSummary['my_response'];
}

/** What the shared facts read of a client's profile (issue 27; never shown as such), as JSON. */
const factsJson = (p: Record<keyof FactsProfile | 'id', AnyPgColumn>) =>
  sql`CASE WHEN ${p.id} IS NULL THEN NULL ELSE json_build_object(
    'interests', ${p.interests}, 'languages', ${p.languages}, 'smoking', ${p.smoking},
    'relationship_sought', ${p.relationship_sought}, 'wants_children', ${p.wants_children},
    'postcode', ${p.postcode}, 'max_distance_km', ${p.max_distance_km}) END`;

/**
 * GET /api/me/proposed-matches' rows, newest first, read in the session lookup's statement
 * (issue 31, decision 049: one round trip with the session instead of two).
 */
export const proposedMatchesOfUser: ReadWithSession<ProposedMatchRow[]> = {
  name: 'proposed_matches',
  data: (client_id) => {
    const other = alias(user_profiles, 'other');
    const otherDetails = alias(client_profiles, 'other_details');
    const mine = alias(client_profiles, 'mine');
    const response = alias(client_match_responses, 'my_response');
    return jsonRows<ProposedMatchRow>(sql`SELECT ${matches.id} AS id,
        ${matches.proposed_to_clients_at} AS proposed_to_clients_at,
        ${matches.response_deadline} AS response_deadline, ${matches.note} AS note,
        ${other.full_name} AS other_full_name, ${otherDetails.birth_date} AS other_birth_date,
        ${otherDetails.province} AS other_region,
        ${factsJson(otherDetails)} AS other_profile, ${factsJson(mine)} AS my_profile,
        ${response.response} AS my_response
      FROM ${matches}
      JOIN ${user_profiles} ${sql.identifier('other')} ON ${other.id} = ${otherClientOf(client_id)}
      LEFT JOIN ${client_profiles} ${sql.identifier('other_details')} ON ${otherDetails.id} = ${other.id}
      LEFT JOIN ${client_profiles} ${sql.identifier('mine')} ON ${mine.id} = ${client_id}
      LEFT JOIN ${client_match_responses} ${sql.identifier('my_response')} ON ${response.match_id} = ${matches.id} AND ${response.client_id} = ${client_id}
      WHERE ${matches.status} = 'proposed' AND ${isClientOf(client_id)}
      ORDER BY ${matches.created_at} DESC`);
  },
};

/**
 * The client's open proposals with only what may be shown before both accepted: the other
 * person's first name, age, region and the interests they share, the matchmaker's introduction
 * and the facts both profiles support (issue 27, `sharedFacts`). Never their e-mail or surname.
 */
export function proposedMatchSummaries(rows: ProposedMatchRow[], now: Date): ProposedMatchSummary[] {
  return rows.map((r) => {
    const shared = sharedFacts(r.my_profile, r.other_profile);
    return {
      id: r.id,
      status: 'proposed' as const,
      proposed_to_clients_at: isoInstant(r.proposed_to_clients_at),
      response_deadline: isoInstant(r.response_deadline),
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
