import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientSearchResult } from '../../../shared/clients';
import { ageOn } from '../../../shared/format';
import type { Db } from '../../db/client';
import { client_profiles, user, user_profiles } from '../../db/schema';

const SEARCH_LIMIT = 20;

/** `%`, `_` and `\` in what was typed match themselves, not any text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const matchmaker = alias(user_profiles, 'matchmaker');

/**
 * Clients whose full name contains `q` (any case), by name, at most 20: for staff proposing a
 * match. Age is counted on `now`.
 */
export async function searchClients({
  db,
  q,
  now,
}: {
  db: Db;
  q: string;
  now: Date;
}): Promise<ClientSearchResult[]> {
  const pattern = `%${escapeLike(q)}%`;
  const rows = await db
    .select({
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      email: user.email,
      tier: user_profiles.tier,
      birth_date: client_profiles.birth_date,
      region: client_profiles.province,
      contract_status: user_profiles.contract_status,
      assigned_matchmaker_name: matchmaker.full_name,
    })
    .from(user_profiles)
    .innerJoin(user, eq(user.id, user_profiles.id))
    .leftJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
    .leftJoin(matchmaker, eq(matchmaker.id, user_profiles.assigned_matchmaker_id))
    .where(
      and(eq(user_profiles.role, 'client'), sql`${user_profiles.full_name} ILIKE ${pattern} ESCAPE '\\'`),
    )
    .orderBy(asc(user_profiles.full_name), asc(user_profiles.id))
    .limit(SEARCH_LIMIT);
  return rows.map(({ birth_date, ...row }) => ({ ...row, age: ageOn(birth_date, now) }));
}
