import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffMember } from '../../../shared/admin';
import type { Actor, AppContext } from '../../context';
import { matchmaker_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { processPhoto } from '../profile/profile.service';
import { audit, findMember } from './admin.service';

const MATCHMAKER_PHOTO_SIZE = 'large';
const matchmakerPhotoKey = (id: string, photoId: string) => `matchmakers/${id}/${photoId}.jpg`;
/** The public address of a matchmaker's photo, as `profile_photo_url` holds it. */
export const matchmakerPhotoUrl = (id: string, photoId: string) => `/api/matchmaker-photos/${id}/${photoId}`;

/** A new photo for a matchmaker's public profile (processed like a client's: EXIF gone, resized). */
export async function uploadMatchmakerPhoto({
  ctx,
  actor,
  id,
  bytes,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  bytes: Uint8Array;
}): Promise<StaffMember> {
  if (actor.profile.role !== 'admin' && actor.user.id !== id) throw new AppError('UNAUTHORIZED');
  const [current] = await ctx.db
    .select({ url: matchmaker_profiles.profile_photo_url })
    .from(matchmaker_profiles)
    .where(eq(matchmaker_profiles.id, id));
  if (!current) throw new AppError('MATCHMAKER_NOT_FOUND');
  const processed = await processPhoto(bytes);
  const photoId = randomUUID();
  const key = matchmakerPhotoKey(id, photoId);
  await ctx.storage.put(key, processed.sizes[MATCHMAKER_PHOTO_SIZE], 'image/jpeg');
  const now = ctx.clock.now();
  try {
    await ctx.transaction(async (tx) => {
      await tx.db
        .update(matchmaker_profiles)
        .set({ profile_photo_url: matchmakerPhotoUrl(id, photoId), updated_at: now })
        .where(eq(matchmaker_profiles.id, id));
      await audit(tx.db, {
        subject_id: id,
        actor_id: actor.user.id,
        action: 'photo',
        detail: 'Nieuwe profielfoto',
        now,
      });
    });
  } catch (error) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw error;
  }
  // The previous upload goes (the demo's images under /images stay where they are).
  const previous = current.url?.match(/^\/api\/matchmaker-photos\/[^/]+\/([0-9a-f-]{36})$/)?.[1];
  if (previous) await ctx.storage.remove(matchmakerPhotoKey(id, previous)).catch(() => undefined);
  return findMember(ctx.db, id);
}

/**
 * A matchmaker's current photo: public like their page while they are active; of an inactive one
 * only for staff (the console's preview). An older or unknown photo is 404.
 */
export async function readMatchmakerPhoto({
  ctx,
  id,
  photo,
  isStaff,
}: {
  ctx: AppContext;
  id: string;
  photo: string;
  isStaff: boolean;
}) {
  const [row] = await ctx.db
    .select({ url: matchmaker_profiles.profile_photo_url, is_active: matchmaker_profiles.is_active })
    .from(matchmaker_profiles)
    .where(eq(matchmaker_profiles.id, id));
  if (!row || row.url !== matchmakerPhotoUrl(id, photo)) throw new AppError('PHOTO_NOT_FOUND');
  if (!row.is_active && !isStaff) throw new AppError('PHOTO_NOT_FOUND');
  const bytes = await ctx.storage.get(matchmakerPhotoKey(id, photo));
  if (!bytes) throw new AppError('PHOTO_NOT_FOUND');
  return { bytes, isPublic: row.is_active };
}
