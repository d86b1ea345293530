import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES,
  PHOTO_ACCESS_AFTER_DATE_DAYS,
  PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS,
  type Photo,
} from '../../../shared/profile';
import type { Actor, AppContext } from '../../context';
import { listValues, placeholderList } from '../../db/compiled';
import {
  client_photos,
  magic_match_shown,
  matches,
  matchmaker_profiles,
  user_profiles,
} from '../../db/schema';
import { selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { photoKey, toPhoto } from './profile.service';

const DAY_MS = 86_400_000;

/**
 * Whether `actor` may see the photos of the client in `clientId` (decision 034), as one SQL
 * condition, the one rule for the list and every file:
 * - the client themselves, and an admin;
 * - a matchmaker who is active (public and not deactivated), for their own clients, for clients in
 *   a match they proposed, and for a candidate magic match showed them in the last
 *   PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS days; an inactive matchmaker for nobody;
 * - the other client of a match both accepted (accepted or scheduled), and after a completed date
 *   for PHOTO_ACCESS_AFTER_DATE_DAYS days from its completion.
 */
export function photoAccessSql(actor: Actor, clientId: SQLWrapper, now: Date): SQL<boolean> {
  const me = actor.user.id;
  const own = sql`${clientId} = ${me}`;
  switch (actor.profile.role) {
    case 'admin':
      return sql<boolean>`TRUE`;
    case 'matchmaker': {
      const shownSince = new Date(now.getTime() - PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS * DAY_MS).toISOString();
      return sql<boolean>`(${own} OR (
        EXISTS (SELECT 1 FROM ${matchmaker_profiles} mp
                 WHERE mp.id = ${me} AND mp.is_active AND mp.deactivated_at IS NULL)
        AND (EXISTS (SELECT 1 FROM ${user_profiles} c
                      WHERE c.id = ${clientId} AND c.assigned_matchmaker_id = ${me})
          OR EXISTS (SELECT 1 FROM ${matches} m
                      WHERE m.matchmaker_id = ${me} AND (m.client1_id = ${clientId} OR m.client2_id = ${clientId}))
          OR EXISTS (SELECT 1 FROM ${magic_match_shown} s
                      WHERE s.matchmaker_id = ${me} AND s.candidate_id = ${clientId}
                        AND s.shown_at > ${shownSince}::timestamptz))))`;
    }
    default: {
      const completedSince = new Date(now.getTime() - PHOTO_ACCESS_AFTER_DATE_DAYS * DAY_MS).toISOString();
      return sql<boolean>`(${own} OR EXISTS (SELECT 1 FROM ${matches} m
        WHERE ((m.client1_id = ${me} AND m.client2_id = ${clientId})
            OR (m.client2_id = ${me} AND m.client1_id = ${clientId}))
          AND (m.status IN ('accepted', 'scheduled')
            OR (m.status = 'completed' AND m.completed_at > ${completedSince}::timestamptz))))`;
    }
  }
}

/**
 * The photo's bytes in one size, for those who may see it; otherwise 404 (no hint it exists). The
 * photo and the access check in one statement (decision 022).
 */
export async function readPhoto({
  ctx,
  actor,
  id,
  size,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  size: Parameters<typeof photoKey>[2];
}) {
  const [row] = await ctx.db
    .select({ client_id: client_photos.client_id })
    .from(client_photos)
    .where(and(eq(client_photos.id, id), photoAccessSql(actor, client_photos.client_id, ctx.clock.now())));
  if (!row) throw new AppError('PHOTO_NOT_FOUND');
  const bytes = await ctx.storage.get(photoKey(row.client_id, id, size));
  if (!bytes) throw new AppError('PHOTO_NOT_FOUND');
  return bytes;
}

/** The photos of another client, for whoever photoAccessSql allows: the check and the photos in one statement. */
export async function listPhotosOf({
  ctx,
  actor,
  client_id,
}: {
  ctx: AppContext;
  actor: Actor;
  client_id: string;
}): Promise<Photo[]> {
  const allowed = photoAccessSql(actor, sql`${client_id}`, ctx.clock.now());
  const found = await selectTogether<{ access: { ok: boolean }; photos: { id: string; created_at: string } }>(
    ctx.db,
    {
      access: sql`SELECT ${allowed} AS ok`,
      photos: sql`SELECT id, created_at FROM ${client_photos}
        WHERE client_id = ${client_id} AND ${allowed} ORDER BY created_at, id`,
    },
  );
  if (found.access[0]?.ok !== true) throw new AppError('NOT_FOUND');
  return found.photos.map((row) => toPhoto({ id: row.id, created_at: new Date(row.created_at) }));
}

/**
 * Magic match showed these candidates to a matchmaker (an admin needs no record): from now on for
 * PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS days they may see their photos. A candidate recorded for them
 * less than MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES ago is left as recorded: a search repeated
 * within the hour writes no row (and its transaction no WAL to flush). The upsert as SQL, for the
 * statement that reads the candidates' photos (one round trip, decision 022), built once (decision
 * 052) per number of candidates: its values are placeholders, filled by `shownCandidatesValues`.
 * Null for anyone but a matchmaker.
 */
export function recordShownCandidatesSql(actor: Actor, count: number): SQL | null {
  if (actor.profile.role !== 'matchmaker' || count === 0) return null;
  return sql`INSERT INTO ${magic_match_shown} (matchmaker_id, candidate_id, shown_at)
    SELECT ${sql.placeholder('shown_to')}, candidate_id, ${sql.placeholder('shown_at')}::timestamptz
      FROM unnest(ARRAY[${placeholderList('shown_id', count)}]::text[]) AS c(candidate_id)
     WHERE NOT EXISTS (SELECT 1 FROM ${magic_match_shown} s
                        WHERE s.matchmaker_id = ${sql.placeholder('shown_to')}
                          AND s.candidate_id = c.candidate_id
                          AND s.shown_at > ${sql.placeholder('recorded_since')}::timestamptz)
    ON CONFLICT (matchmaker_id, candidate_id) DO UPDATE SET shown_at = excluded.shown_at
    RETURNING 1`;
}

/** The values of `recordShownCandidatesSql`: who was shown which candidates, and when. */
export function shownCandidatesValues({
  actor,
  candidate_ids,
  now,
}: {
  actor: Actor;
  candidate_ids: readonly string[];
  now: Date;
}) {
  return {
    shown_to: actor.user.id,
    shown_at: now.toISOString(),
    recorded_since: new Date(
      now.getTime() - MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES * 60_000,
    ).toISOString(),
    ...listValues('shown_id', candidate_ids),
  };
}
