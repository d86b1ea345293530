import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ageOn } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import {
  type AboutStep,
  type ClientProfile,
  DEALBREAKERS,
  type Dealbreaker,
  type LifestyleStep,
  MAX_PHOTOS,
  MIN_AGE,
  ORIENTATION_CONSENT_VERSION,
  type OwnWordsStep,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_SIZE_KEYS,
  PHOTO_SIZES,
  type Photo,
  type PhotoSize,
  PROFILE_STEPS,
  type ProfileResponse,
  type ProfileStep,
  photoStorageKey,
  profileCompleteness,
  provinceForPostcode,
  type SeekingStep,
} from '../../../shared/profile';
import { TRAIT_LABELS, type TraitKey } from '../../../shared/traits';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  client_consents,
  client_photos,
  client_profiles,
  client_traits,
  user_profiles,
} from '../../db/schema';
import { selectTogether, tableRows } from '../../db/together';
import type { FileStorage } from '../../integrations/storage/provider';
import { AppError } from '../../lib/errors';
import { kickTagging, requestTagging } from '../traits';

const ORIENTATION = 'orientation';

type ProfileRow = typeof client_profiles.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reading.

export const photoKey = photoStorageKey;

/** The storage keys of a client's photos (every size): for the export and account deletion. */
export async function photoKeysOf({ ctx, client_id }: { ctx: Pick<AppContext, 'db'>; client_id: string }) {
  const rows = await ctx.db
    .select({ id: client_photos.id })
    .from(client_photos)
    .where(eq(client_photos.client_id, client_id));
  return rows.flatMap((row) => PHOTO_SIZE_KEYS.map((size) => photoKey(client_id, row.id, size)));
}

export function toPhoto(row: { id: string; created_at: Date }): Photo {
  return {
    id: row.id,
    urls: { small: `/api/photos/${row.id}/small`, large: `/api/photos/${row.id}/large` },
    created_at: row.created_at.toISOString(),
  };
}

async function activeConsent(db: Db, client_id: string) {
  const [row] = await db
    .select()
    .from(client_consents)
    .where(
      and(
        eq(client_consents.client_id, client_id),
        eq(client_consents.kind, ORIENTATION),
        isNull(client_consents.withdrawn_at),
      ),
    )
    .orderBy(desc(client_consents.given_at))
    .limit(1);
  return row ?? null;
}

function toProfile(row: ProfileRow | undefined, consent: { given_at: Date; text_version: string } | null) {
  const profile: ClientProfile = {
    birth_date: row?.birth_date ?? null,
    gender: row?.gender ?? null,
    town: row?.town ?? null,
    postcode: row?.postcode ?? null,
    province: row?.province ?? null,
    height_cm: row?.height_cm ?? null,
    education: (row?.education as ClientProfile['education']) ?? null,
    profession: row?.profession ?? null,
    languages: (row?.languages ?? []) as ClientProfile['languages'],
    seeking_genders: (row?.seeking_genders ?? []) as ClientProfile['seeking_genders'],
    age_min: row?.age_min ?? null,
    age_max: row?.age_max ?? null,
    max_distance_km: row?.max_distance_km ?? null,
    relationship_sought: (row?.relationship_sought as ClientProfile['relationship_sought']) ?? null,
    smoking: (row?.smoking as ClientProfile['smoking']) ?? null,
    drinking: (row?.drinking as ClientProfile['drinking']) ?? null,
    has_children: row?.has_children ?? null,
    wants_children: (row?.wants_children as ClientProfile['wants_children']) ?? null,
    religion: (row?.religion as ClientProfile['religion']) ?? null,
    interests: row?.interests ?? [],
    about_me: row?.about_me ?? null,
    looking_for: row?.looking_for ?? null,
    dealbreakers: (row?.dealbreakers ?? []).filter((d): d is Dealbreaker =>
      (DEALBREAKERS as readonly string[]).includes(d),
    ),
    completed_steps: (row?.completed_steps ?? []).filter((s): s is ProfileStep =>
      (PROFILE_STEPS as readonly string[]).includes(s),
    ),
    orientation_consent: consent
      ? { given_at: consent.given_at.toISOString(), version: consent.text_version }
      : null,
  };
  return profile;
}

/**
 * What the profile overview reads, as queries for `selectTogether` (issue 19): the client's file
 * runs them in its own single statement.
 */
export function ownProfileQueries(client_id: string) {
  return {
    profileRow: sql`SELECT * FROM ${client_profiles} WHERE id = ${client_id}`,
    consent: sql`
      SELECT * FROM ${client_consents}
      WHERE client_id = ${client_id} AND kind = ${ORIENTATION} AND withdrawn_at IS NULL
      ORDER BY given_at DESC LIMIT 1`,
    photos: sql`
      SELECT id, created_at FROM ${client_photos} WHERE client_id = ${client_id} ORDER BY created_at ASC, id ASC`,
    traits: sql`
      SELECT DISTINCT trait FROM ${client_traits}
      WHERE client_id = ${client_id} AND status = 'confirmed' ORDER BY trait ASC`,
  };
}

export type OwnProfileRows = {
  profileRow: object;
  consent: object;
  photos: { id: string; created_at: string };
  traits: { trait: string };
};

/** The overview from the rows of `ownProfileQueries`. */
export function toOwnProfile(
  rows: { [Name in keyof OwnProfileRows]: OwnProfileRows[Name][] },
): ProfileResponse {
  const [row] = tableRows(client_profiles, rows.profileRow);
  const [consent = null] = tableRows(client_consents, rows.consent);
  const profile = toProfile(row, consent);
  const photos = rows.photos.map((photo) =>
    toPhoto({ id: photo.id, created_at: new Date(photo.created_at) }),
  );
  const traits = rows.traits
    .filter((r): r is { trait: TraitKey } => r.trait in TRAIT_LABELS)
    .map((r) => ({ trait: r.trait, label: TRAIT_LABELS[r.trait] }));
  const done = new Set<ProfileStep>(profile.completed_steps);
  if (photos.length > 0) done.add('photos');
  const next_step = PROFILE_STEPS.find((step) => !done.has(step)) ?? 'photos';
  return {
    profile,
    photos,
    next_step,
    completeness: profileCompleteness({ ...profile, photo_count: photos.length }),
    traits,
  };
}

/** Everything the form and the overview show: the answers, photos, completeness, confirmed traits. */
export async function getOwnProfile({ ctx, client_id }: { ctx: AppContext; client_id: string }) {
  return toOwnProfile(await selectTogether<OwnProfileRows>(ctx.db, ownProfileQueries(client_id)));
}

// ---------------------------------------------------------------------------------------------
// Saving the steps.

type ProfileChanges = Partial<Omit<typeof client_profiles.$inferInsert, 'id'>>;

/** Upserts the client's row with `changes`, marks `step` saved and sets the dealbreakers of the step. */
async function saveStep(
  db: Db,
  client_id: string,
  step: ProfileStep,
  changes: ProfileChanges,
  now: Date,
  dealbreakers?: { set: Dealbreaker[]; of: Dealbreaker[] },
) {
  const [row] = await db
    .select({ steps: client_profiles.completed_steps, dealbreakers: client_profiles.dealbreakers })
    .from(client_profiles)
    .where(eq(client_profiles.id, client_id))
    .for('update');
  const steps = [...new Set([...(row?.steps ?? []), step])];
  const values: ProfileChanges = { ...changes, completed_steps: steps, updated_at: now };
  if (dealbreakers) {
    const kept = (row?.dealbreakers ?? []).filter((d) => !dealbreakers.of.includes(d as Dealbreaker));
    values.dealbreakers = [...kept, ...dealbreakers.set];
  }
  await db
    .insert(client_profiles)
    .values({ id: client_id, ...values })
    .onConflictDoUpdate({ target: client_profiles.id, set: values });
}

export async function saveAbout({ ctx, actor, input }: { ctx: AppContext; actor: Actor; input: AboutStep }) {
  if ((ageOn(input.birth_date, ctx.clock.now()) ?? 0) < MIN_AGE)
    throw new AppError('BAD_REQUEST', MESSAGES.tooYoung);
  const province = provinceForPostcode(input.postcode);
  await ctx.transaction(({ db }) =>
    saveStep(db, actor.user.id, 'about', { ...input, province }, ctx.clock.now()),
  );
  return getOwnProfile({ ctx, client_id: actor.user.id });
}

/**
 * Step 2. The genders sought reveal orientation (GDPR art. 9): stored only with a consent on
 * record, given now (its time and text version stored) or before and not withdrawn.
 */
export async function saveSeeking({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: SeekingStep;
}) {
  const client_id = actor.user.id;
  const now = ctx.clock.now();
  await ctx.transaction(async ({ db }) => {
    const consent = await activeConsent(db, client_id);
    if (!consent) {
      if (!input.orientation_consent) throw new AppError('CONSENT_REQUIRED');
      await db
        .insert(client_consents)
        .values({ client_id, kind: ORIENTATION, text_version: ORIENTATION_CONSENT_VERSION, given_at: now });
    }
    const { orientation_consent: _consent, distance_dealbreaker, age_dealbreaker, ...fields } = input;
    const set: Dealbreaker[] = [];
    if (distance_dealbreaker) set.push('distance');
    if (age_dealbreaker) set.push('age');
    await saveStep(db, client_id, 'seeking', fields, now, { set, of: ['distance', 'age'] });
  });
  return getOwnProfile({ ctx, client_id });
}

export async function saveLifestyle({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: LifestyleStep;
}) {
  const { smoking_dealbreaker, children_dealbreaker, ...fields } = input;
  const set: Dealbreaker[] = [];
  if (smoking_dealbreaker) set.push('smoking');
  if (children_dealbreaker) set.push('children');
  await ctx.transaction(({ db }) =>
    saveStep(db, actor.user.id, 'lifestyle', fields, ctx.clock.now(), { set, of: ['smoking', 'children'] }),
  );
  return getOwnProfile({ ctx, client_id: actor.user.id });
}

export async function saveOwnWords({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: OwnWordsStep;
}) {
  await ctx.transaction(async (tx) => {
    await saveStep(tx.db, actor.user.id, 'own_words', input, ctx.clock.now());
    // Issue 15: the client's own texts are read by the tagger too.
    await requestTagging({ tx, clientId: actor.user.id, reason: 'own words changed' });
  });
  kickTagging({ ctx });
  return getOwnProfile({ ctx, client_id: actor.user.id });
}

/** Withdrawing the consent: recorded with its time, and the genders sought are erased at once. */
export async function withdrawOrientationConsent({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  const client_id = actor.user.id;
  const now = ctx.clock.now();
  await ctx.transaction(async ({ db }) => {
    await db
      .update(client_consents)
      .set({ withdrawn_at: now })
      .where(
        and(
          eq(client_consents.client_id, client_id),
          eq(client_consents.kind, ORIENTATION),
          isNull(client_consents.withdrawn_at),
        ),
      );
    const [row] = await db
      .select({ steps: client_profiles.completed_steps })
      .from(client_profiles)
      .where(eq(client_profiles.id, client_id))
      .for('update');
    if (!row) return;
    await db
      .update(client_profiles)
      .set({
        seeking_genders: [],
        completed_steps: row.steps.filter((step) => step !== 'seeking'),
        updated_at: now,
      })
      .where(eq(client_profiles.id, client_id));
  });
  return getOwnProfile({ ctx, client_id });
}

// ---------------------------------------------------------------------------------------------
// Photos.

const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * Reads an upload and makes the stored sizes: refused (nothing stored) when it is not an image we
 * read, has more than PHOTO_MAX_PIXELS pixels (checked from the header, before decoding) or fails
 * to decode. Turned upright, re-encoded as JPEG without any metadata (so no EXIF location).
 */
export async function processPhoto(bytes: Uint8Array) {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE');
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const, pages: 1 };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    // The header alone tells the size: an image beyond the limit is refused before decoding.
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new AppError('PHOTO_TOO_MANY_PIXELS');
    throw new AppError('PHOTO_NOT_IMAGE');
  }
  if (!meta.format || !READABLE_FORMATS.has(meta.format)) throw new AppError('PHOTO_NOT_IMAGE');
  if (!meta.width || !meta.height) throw new AppError('PHOTO_NOT_IMAGE');
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new AppError('PHOTO_TOO_MANY_PIXELS');
  try {
    const sizes = {} as Record<PhotoSize, Buffer>;
    for (const size of PHOTO_SIZE_KEYS) {
      const { width, height, fit } = PHOTO_SIZES[size];
      sizes[size] = await sharp(bytes, options)
        .rotate()
        .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    }
    const large = await sharp(sizes.large).metadata();
    return { sizes, width: large.width ?? 0, height: large.height ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new AppError('PHOTO_TOO_MANY_PIXELS');
    if (meta.format === 'heif') throw new AppError('PHOTO_NOT_IMAGE', MESSAGES.photoHeicUnreadable);
    throw new AppError('PHOTO_NOT_IMAGE');
  }
}

/** Stores a new photo of the client: its row and its files, or nothing at all. */
export async function uploadPhoto({
  ctx,
  actor,
  bytes,
}: {
  ctx: AppContext;
  actor: Actor;
  bytes: Uint8Array;
}) {
  const client_id = actor.user.id;
  const [{ n }] = (await ctx.db
    .select({ n: count() })
    .from(client_photos)
    .where(eq(client_photos.client_id, client_id))) as [{ n: number }];
  if (n >= MAX_PHOTOS) throw new AppError('TOO_MANY_PHOTOS');
  const processed = await processPhoto(bytes);
  const now = ctx.clock.now();
  return ctx.transaction(async ({ db }) => {
    // Counted again under a lock on the profile, so two uploads at once cannot pass the limit.
    await db
      .select({ id: user_profiles.id })
      .from(user_profiles)
      .where(eq(user_profiles.id, client_id))
      .for('update');
    const [{ again }] = (await db
      .select({ again: count() })
      .from(client_photos)
      .where(eq(client_photos.client_id, client_id))) as [{ again: number }];
    if (again >= MAX_PHOTOS) throw new AppError('TOO_MANY_PHOTOS');
    const [row] = await db
      .insert(client_photos)
      .values({ client_id, width: processed.width, height: processed.height, created_at: now })
      .returning();
    const photo = row!;
    const written: string[] = [];
    try {
      for (const size of PHOTO_SIZE_KEYS) {
        const key = photoKey(client_id, photo.id, size);
        await ctx.storage.put(key, processed.sizes[size], 'image/jpeg');
        written.push(key);
      }
    } catch (error) {
      await removeQuietly(ctx.storage, written);
      throw error;
    }
    return toPhoto(photo);
  });
}

async function removeQuietly(storage: FileStorage, keys: string[]) {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

export async function deletePhoto({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: string }) {
  const client_id = actor.user.id;
  const [row] = await ctx.db
    .delete(client_photos)
    .where(and(eq(client_photos.id, id), eq(client_photos.client_id, client_id)))
    .returning({ id: client_photos.id });
  if (!row) throw new AppError('PHOTO_NOT_FOUND');
  await removeQuietly(
    ctx.storage,
    PHOTO_SIZE_KEYS.map((size) => photoKey(client_id, id, size)),
  );
}
