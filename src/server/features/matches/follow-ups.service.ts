import { sql } from 'drizzle-orm';
import type { CreateFollowUpInput, FollowUp } from '../../../shared/matches';
import type { Actor, AppContext } from '../../context';
import { match_follow_up, user_profiles } from '../../db/schema';
import { isoInstant } from '../../db/together';
import { getVisibleMatch, getVisibleMatchWith } from './matches.service';

/** Follow-ups of a match the staff member may see, by follow-up date descending, names joined. */
export async function listFollowUps({
  ctx,
  actor,
  match_id,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
}): Promise<FollowUp[]> {
  const { rows } = await getVisibleMatchWith<
    Omit<FollowUp, 'reported_by' | 'updated_by'> & {
      reporter_id: string | null;
      reporter_name: string | null;
      updater_id: string | null;
      updater_name: string | null;
    }
  >(
    ctx.db,
    actor,
    match_id,
    sql`SELECT f.id, f.match_id, f.follow_up_date, f.notes, f.reported_by_client_id, f.updated_by_matchmaker_id,
               f.created_at, r.id AS reporter_id, r.full_name AS reporter_name,
               u.id AS updater_id, u.full_name AS updater_name
          FROM ${match_follow_up} f
          LEFT JOIN ${user_profiles} r ON r.id = f.reported_by_client_id
          LEFT JOIN ${user_profiles} u ON u.id = f.updated_by_matchmaker_id
         WHERE f.match_id = ${match_id} ORDER BY f.follow_up_date DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    match_id: row.match_id,
    follow_up_date: isoInstant(row.follow_up_date),
    notes: row.notes,
    reported_by_client_id: row.reported_by_client_id,
    updated_by_matchmaker_id: row.updated_by_matchmaker_id,
    reported_by: row.reporter_id ? { id: row.reporter_id, full_name: row.reporter_name } : null,
    updated_by: row.updater_id ? { id: row.updater_id, full_name: row.updater_name } : null,
    created_at: isoInstant(row.created_at),
  }));
}

/** A staff member records a follow-up of a match they may see. */
export async function createFollowUp({
  ctx,
  actor,
  match_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  input: CreateFollowUpInput;
}): Promise<FollowUp> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await getVisibleMatch(db, actor, match_id);
  const [created] = await db
    .insert(match_follow_up)
    .values({
      match_id,
      follow_up_date: new Date(input.follow_up_date),
      notes: input.notes,
      updated_by_matchmaker_id: actor.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: match_follow_up.id });
  const all = await listFollowUps({ ctx, actor, match_id });
  return all.find((f) => f.id === created!.id)!;
}
