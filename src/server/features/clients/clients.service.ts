import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientSearchResult } from '../../../shared/clients';
import { ageOn } from '../../../shared/format';
import type { Actor, AppContext } from '../../context';
import { client_profiles, user, user_profiles } from '../../db/schema';
import { isClient } from './client-list.service';

const SEARCH_LIMIT = 20;

/** `%`, `_` and `\` in what was typed match themselves, not any text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const matchmaker = alias(user_profiles, 'matchmaker');

/**
 * Clients whose full name contains `q` (any case), by name, at most 20: for staff proposing a
 * match. Decision 009: an admin finds every client; a matchmaker their own clients and those
 * without a matchmaker, and sees the e-mail of their own only. Age is counted on the clock.
 */
export async function searchClients({
  ctx,
  actor,
  q,
}: {
  ctx: AppContext;
  actor: Actor;
  q: string;
}): Promise<ClientSearchResult[]> {
  const pattern = `%${escapeLike(q)}%`;
  const isAdmin = actor.profile.role === 'admin';
  const rows = await ctx.db
    .select({
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      email: isAdmin
        ? user.email
        : sql<
            string | null
          >`CASE WHEN ${user_profiles.assigned_matchmaker_id} = ${actor.user.id} THEN ${user.email} END`,
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
      and(
        isClient,
        sql`${user_profiles.full_name} ILIKE ${pattern} ESCAPE '\\'`,
        // Issue 14: a deleted account is no one to propose (decision 014).
        sql`NOT EXISTS (SELECT 1 FROM account_settings s WHERE s.user_id = ${user_profiles.id} AND s.deleted_at IS NOT NULL)`,
        isAdmin
          ? undefined
          : or(
              eq(user_profiles.assigned_matchmaker_id, actor.user.id),
              isNull(user_profiles.assigned_matchmaker_id),
            ),
      ),
    )
    .orderBy(asc(user_profiles.full_name), asc(user_profiles.id))
    .limit(SEARCH_LIMIT);
  const now = ctx.clock.now();
  return rows.map(({ birth_date, ...row }) => ({ ...row, age: ageOn(birth_date, now) }));
}
