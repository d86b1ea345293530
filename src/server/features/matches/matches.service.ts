import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Match, MatchAnswer, MatchDetailResponse, MatchesResponse } from '../../../shared/matches';
import type { ReadWithSession } from '../../auth/session-lookup';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isoSql } from '../../db/json-text';
import { client_match_responses, matches, user, user_profiles } from '../../db/schema';
import { isoInstant, jsonRows } from '../../db/together';
import { AppError } from '../../lib/errors';
import type { JsonText } from '../../lib/json';

/*
 * Matches as staff see them: the list and one match's detail, with what the other matches
 * services share (who may see a match, a client's side of it, the row with both clients joined).
 */

const profile1 = alias(user_profiles, 'client1_profile');
const profile2 = alias(user_profiles, 'client2_profile');
const user1 = alias(user, 'client1_user');
const user2 = alias(user, 'client2_user');

/** The match is one of this client's (either side). */
export const isClientOf = (client_id: string | Placeholder | AnyPgColumn): SQL =>
  sql`(${matches.client1_id} = ${client_id} OR ${matches.client2_id} = ${client_id})`;

/** The id of the other client of the match, seen from this one. */
export const otherClientOf = (client_id: string | Placeholder | AnyPgColumn): SQL =>
  sql`CASE WHEN ${matches.client1_id} = ${client_id} THEN ${matches.client2_id} ELSE ${matches.client1_id} END`;

/**
 * A client's e-mail as this staff member may see it (decision 009): an admin always, a matchmaker
 * only for their own clients.
 */
export function staffEmail(
  actor: Actor,
  profile: { assigned_matchmaker_id: AnyPgColumn },
  email: AnyPgColumn,
): SQL<string | null> {
  return emailForStaff(actor.profile.role === 'admin', actor.user.id, profile, email);
}

/** `staffEmail` for an admin or for this matchmaker (an id, or a prepared query's placeholder). */
function emailForStaff(
  admin: boolean,
  matchmaker_id: string | Placeholder | AnyPgColumn,
  profile: { assigned_matchmaker_id: AnyPgColumn },
  email: AnyPgColumn,
): SQL<string | null> {
  if (admin) return sql<string | null>`${email}`;
  return sql<string | null>`CASE WHEN ${profile.assigned_matchmaker_id} = ${matchmaker_id} THEN ${email} END`;
}

/**
 * A match with both clients joined (spec section 7: "select matches with client1 and client2 joins"),
 * and `extra` fields read along (issue 19: an endpoint's own rows in the same statement).
 */
function selectJoinedMatches<Extra extends Record<string, SQL>>(db: Db, actor: Actor, extra?: Extra) {
  return db
    .select({
      match: matches,
      client1: {
        id: profile1.id,
        full_name: profile1.full_name,
        email: staffEmail(actor, profile1, user1.email),
        tier: profile1.tier,
      },
      client2: {
        id: profile2.id,
        full_name: profile2.full_name,
        email: staffEmail(actor, profile2, user2.email),
        tier: profile2.tier,
      },
      ...(extra as Extra),
    })
    .from(matches)
    .innerJoin(profile1, eq(profile1.id, matches.client1_id))
    .innerJoin(user1, eq(user1.id, matches.client1_id))
    .innerJoin(profile2, eq(profile2.id, matches.client2_id))
    .innerJoin(user2, eq(user2.id, matches.client2_id));
}

type JoinedRow = Awaited<ReturnType<typeof selectJoinedMatches<Record<never, SQL>>>>[number];
const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** Field by field rather than through `jsonify`: it runs for every row of the matches list. */
const toMatch = ({ match: m, client1, client2 }: JoinedRow): Match => ({
  id: m.id,
  client1_id: m.client1_id,
  client2_id: m.client2_id,
  matchmaker_id: m.matchmaker_id,
  status: m.status,
  note: m.note,
  proposed_to_clients_at: iso(m.proposed_to_clients_at),
  response_deadline: iso(m.response_deadline),
  accepted_at: iso(m.accepted_at),
  scheduled_at: iso(m.scheduled_at),
  completed_at: iso(m.completed_at),
  completed_recorded_at: iso(m.completed_recorded_at),
  cancelled_at: iso(m.cancelled_at),
  date_place_name: m.date_place_name,
  date_place_address: m.date_place_address,
  date_place_url: m.date_place_url,
  date_message: m.date_message,
  date_sequence: m.date_sequence,
  created_at: m.created_at.toISOString(),
  updated_at: m.updated_at.toISOString(),
  client1,
  client2,
  override_reason: m.override_reason,
  overridden_rules: m.overridden_rules,
});

/** Staff may see a match: an admin always, a matchmaker who made it or who guides one of the two. */
function visibleTo(actor: Actor): SQL | undefined {
  if (actor.profile.role === 'admin') return undefined;
  return visibleToStaff(actor.user.id);
}

const visibleToStaff = (matchmaker_id: string | Placeholder | AnyPgColumn): SQL =>
  sql`(${matches.matchmaker_id} = ${matchmaker_id}
    OR ${profile1.assigned_matchmaker_id} = ${matchmaker_id}
    OR ${profile2.assigned_matchmaker_id} = ${matchmaker_id})`;

export async function getVisibleMatch(db: Db, actor: Actor, id: string): Promise<Match> {
  const [row] = await selectJoinedMatches(db, actor)
    .where(and(eq(matches.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toMatch(row);
}

/**
 * `getVisibleMatch` with an endpoint's own rows read in the same statement (issue 19, decision
 * 022), as JSON (`selectTogether`'s types); none of them leaves here unless the match is visible.
 */
export async function getVisibleMatchWith<Row>(
  db: Db,
  actor: Actor,
  id: string,
  query: SQL,
): Promise<{ match: Match; rows: Row[] }> {
  const [row] = await selectJoinedMatches(db, actor, { rows: jsonRows<Row>(query) })
    .where(and(eq(matches.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { match: toMatch(row), rows: row.rows };
}

/**
 * Matches the caller may see, newest first, optionally by status and by client: the answer's JSON
 * text (`{ "matches": [...] }`), written by PostgreSQL.
 *
 * Issue 31 (decision 043): the list is the heaviest staff read. Read as rows it cost the server
 * parsing every column, drizzle's mapping, `toMatch`, a Date per timestamp and `JSON.stringify`
 * (with the garbage of each, a sixth of its time); PostgreSQL builds the same JSON in one column.
 * `matchJson` writes a match as `toMatch` does (the test "lists every match as its detail shows
 * it" holds the two to the same answer). Decision 049: read in the session lookup's statement
 * (`requireActorWith`), one round trip for both; one prepared statement per filter shape.
 */
export function matchListOfStaff(
  byStatus: boolean,
  byClient: boolean,
): ReadWithSession<JsonText<MatchesResponse>> {
  const key = `${byStatus ? 's' : ''}${byClient ? 'c' : ''}`;
  let read = matchListReads.get(key);
  if (!read) {
    read = {
      name: `match_list_${key}`,
      // Only the subquery of the caller's role runs (PostgreSQL evaluates CASE lazily), each with
      // the plan of its own shape; a client or a profile-less user reads nothing (null), and
      // `requireActorWith` refuses them before the data is used.
      data: (actor_id) => sql<JsonText<MatchesResponse>>`CASE ${user_profiles.role}
        WHEN 'admin' THEN (${matchListSql(true, actor_id, byStatus, byClient)})
        WHEN 'matchmaker' THEN (${matchListSql(false, actor_id, byStatus, byClient)}) END`,
    };
    matchListReads.set(key, read);
  }
  return read;
}
const matchListReads = new Map<string, ReadWithSession<JsonText<MatchesResponse>>>();

/** A client of a match as the list shows it (`matchClientSchema`), in SQL. */
const clientJson = (
  admin: boolean,
  actor_id: AnyPgColumn,
  profile: Record<'id' | 'full_name' | 'tier' | 'assigned_matchmaker_id', AnyPgColumn>,
  email: AnyPgColumn,
) =>
  sql`json_build_object('id', ${profile.id}, 'full_name', ${profile.full_name}, 'email', ${emailForStaff(admin, actor_id, profile, email)}, 'tier', ${profile.tier})`;

/** A match as `toMatch` writes it (`matchSchema`, the same keys in the same order), in SQL. */
function matchJson(admin: boolean, actor_id: AnyPgColumn): SQL {
  const m = matches;
  return sql`json_build_object(
    'id', ${m.id}, 'client1_id', ${m.client1_id}, 'client2_id', ${m.client2_id},
    'matchmaker_id', ${m.matchmaker_id}, 'status', ${m.status}, 'note', ${m.note},
    'proposed_to_clients_at', ${isoSql(m.proposed_to_clients_at)},
    'response_deadline', ${isoSql(m.response_deadline)},
    'accepted_at', ${isoSql(m.accepted_at)}, 'scheduled_at', ${isoSql(m.scheduled_at)},
    'completed_at', ${isoSql(m.completed_at)}, 'completed_recorded_at', ${isoSql(m.completed_recorded_at)},
    'cancelled_at', ${isoSql(m.cancelled_at)},
    'date_place_name', ${m.date_place_name}, 'date_place_address', ${m.date_place_address},
    'date_place_url', ${m.date_place_url}, 'date_message', ${m.date_message},
    'date_sequence', ${m.date_sequence},
    'created_at', ${isoSql(m.created_at)}, 'updated_at', ${isoSql(m.updated_at)},
    'client1', ${clientJson(admin, actor_id, profile1, user1.email)},
    'client2', ${clientJson(admin, actor_id, profile2, user2.email)},
    'override_reason', ${m.override_reason}, 'overridden_rules', ${m.overridden_rules})`;
}

/** The list as one JSON text (one row, whatever the number of matches; text, so neither driver parses it). */
function matchListSql(admin: boolean, actor_id: AnyPgColumn, byStatus: boolean, byClient: boolean): SQL {
  const where = and(
    admin ? undefined : visibleToStaff(actor_id),
    byStatus ? sql`${matches.status} = ${sql.placeholder('status')}` : undefined,
    byClient ? isClientOf(sql.placeholder('client_id')) : undefined,
  );
  return sql`SELECT json_build_object('matches', coalesce(json_agg(${matchJson(admin, actor_id)} ORDER BY ${matches.created_at} DESC), '[]'::json))::text
    FROM ${matches}
    JOIN ${user_profiles} ${sql.identifier('client1_profile')} ON ${profile1.id} = ${matches.client1_id}
    JOIN ${user} ${sql.identifier('client1_user')} ON ${user1.id} = ${matches.client1_id}
    JOIN ${user_profiles} ${sql.identifier('client2_profile')} ON ${profile2.id} = ${matches.client2_id}
    JOIN ${user} ${sql.identifier('client2_user')} ON ${user2.id} = ${matches.client2_id}
    ${where ? sql`WHERE ${where}` : sql``}`;
}

/**
 * One match for staff who may see it (as in the list; otherwise not found), with the clients'
 * answers so far, oldest first.
 */
export async function getMatchDetail({
  ctx,
  actor,
  id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
}): Promise<MatchDetailResponse> {
  const { match, rows } = await getVisibleMatchWith<
    Omit<MatchAnswer, 'responded_at'> & { responded_at: string }
  >(
    ctx.db,
    actor,
    id,
    sql`SELECT client_id, response, rejection_reason, created_at AS responded_at FROM ${client_match_responses}
        WHERE match_id = ${id} ORDER BY created_at ASC`,
  );
  const answers: MatchAnswer[] = rows.map((row) => ({
    client_id: row.client_id,
    response: row.response,
    rejection_reason: row.rejection_reason,
    responded_at: isoInstant(row.responded_at),
  }));
  return { match, answers };
}
