import { sql } from 'drizzle-orm';
import { ageOn } from '../../../shared/format';
import type { PickerClient } from '../../../shared/magic-match';
import type { Actor, AppContext } from '../../context';
import { rowsOf } from './magic-match.service';

/**
 * The picker: the caller's clients (admins: all) who are active for matching and not paused, with
 * no open proposal, longest waiting first; `q` searches them by name (then also those with an open
 * proposal, marked as such).
 */
export async function listPickerClients({
  ctx,
  actor,
  q,
}: {
  ctx: AppContext;
  actor: Actor;
  q?: string;
}): Promise<PickerClient[]> {
  const now = ctx.clock.now();
  const mine = actor.profile.role === 'admin' ? sql`true` : sql`up.assigned_matchmaker_id = ${actor.user.id}`;
  const search = q
    ? sql`up.full_name ILIKE ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`
    : sql`true`;
  const rows = rowsOf<{
    id: string;
    full_name: string | null;
    tier: PickerClient['tier'];
    birth_date: string | null;
    province: string | null;
    waiting_since: Date | string | null;
    profile_ready: boolean;
    open_proposal: boolean;
  }>(
    await ctx.db.execute(sql`
      SELECT up.id, up.full_name, up.tier, cp.birth_date::text AS birth_date, cp.province,
             greatest(
               (SELECT max(i.completed_at) FROM intake_sessions i WHERE i.user_id = up.id AND i.status = 'completed'),
               (SELECT max(m.updated_at) FROM matches m WHERE m.client1_id = up.id OR m.client2_id = up.id)
             ) AS waiting_since,
             (cp.gender IS NOT NULL AND cp.birth_date IS NOT NULL AND cardinality(cp.seeking_genders) > 0) AS profile_ready,
             EXISTS (SELECT 1 FROM matches m WHERE m.status = 'proposed'
                      AND (m.client1_id = up.id OR m.client2_id = up.id)) AS open_proposal
        FROM user_profiles up
        LEFT JOIN client_profiles cp ON cp.id = up.id
        LEFT JOIN account_settings s ON s.user_id = up.id
       WHERE up.role = 'client' AND up.contract_status = 'active_for_matching'
         AND s.matching_paused_at IS NULL AND s.deleted_at IS NULL
         AND ${mine} AND ${search}
         AND (${q ? sql`true` : sql`false`} OR NOT EXISTS (SELECT 1 FROM matches m WHERE m.status = 'proposed'
                          AND (m.client1_id = up.id OR m.client2_id = up.id)))
       ORDER BY waiting_since ASC NULLS FIRST, up.full_name ASC
       LIMIT 100`),
  );
  return rows.map((r) => ({
    id: r.id,
    full_name: r.full_name,
    tier: r.tier,
    age: r.birth_date ? ageOn(r.birth_date, now) : null,
    region: r.province,
    waiting_since: r.waiting_since ? new Date(r.waiting_since).toISOString() : null,
    profile_ready: r.profile_ready,
    open_proposal: r.open_proposal,
  }));
}
