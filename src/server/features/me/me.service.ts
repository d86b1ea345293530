import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { firstName } from '../../../shared/format';
import type { Db } from '../../db/client';
import { client_match_responses, matches, user_profiles } from '../../db/schema';

export { refreshActivity } from '../../auth/activity';

/**
 * The client's open proposals, with only what may be shown before both accepted: the other
 * person's first name (never surname or e-mail).
 */
export async function listProposedMatchesForClient({ db, client_id }: { db: Db; client_id: string }) {
  const other = alias(user_profiles, 'other');
  const rows = await db
    .select({
      id: matches.id,
      proposed_to_clients_at: matches.proposed_to_clients_at,
      response_deadline: matches.response_deadline,
      other_full_name: other.full_name,
      my_response: client_match_responses.response,
    })
    .from(matches)
    .innerJoin(
      other,
      sql`${other.id} = CASE WHEN ${matches.client1_id} = ${client_id} THEN ${matches.client2_id} ELSE ${matches.client1_id} END`,
    )
    .leftJoin(
      client_match_responses,
      and(eq(client_match_responses.match_id, matches.id), eq(client_match_responses.client_id, client_id)),
    )
    .where(
      and(
        eq(matches.status, 'proposed'),
        or(eq(matches.client1_id, client_id), eq(matches.client2_id, client_id)),
      ),
    )
    .orderBy(sql`${matches.created_at} desc`);
  return rows.map((r) => ({
    id: r.id,
    status: 'proposed' as const,
    proposed_to_clients_at: r.proposed_to_clients_at,
    response_deadline: r.response_deadline,
    other: { first_name: firstName(r.other_full_name) },
    my_response: r.my_response ?? null,
  }));
}
