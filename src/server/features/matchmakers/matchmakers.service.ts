import { and, asc, eq, sql } from 'drizzle-orm';
import type { MatchmakerProfile, MatchmakerSummary } from '../../../shared/matchmakers';
import type { Db } from '../../db/client';
import { available_matchmakers as am } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Spec section 7: success rate descending with nulls last, then client count, then name. */
const LISTING_ORDER = [sql`${am.success_rate} DESC NULLS LAST`, asc(am.client_count), asc(am.full_name)];

const summaryColumns = {
  id: am.id,
  slug: am.slug,
  full_name: am.full_name,
  profile_photo_url: am.profile_photo_url,
  specialties: am.specialties,
  success_rate: am.success_rate,
  client_count: am.client_count,
};

/** The active matchmakers, in the public listing's order. Public: only what a visitor may see. */
export async function listAvailableMatchmakers({ db }: { db: Db }): Promise<MatchmakerSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(am)
    .where(eq(am.is_active, true))
    .orderBy(...LISTING_ORDER);
  return rows.map((row) => ({ ...row, full_name: row.full_name ?? '' }));
}

/** An active matchmaker's public profile; an unknown or inactive slug is 'Matchmaker Niet Gevonden'. */
export async function getMatchmakerBySlug({
  db,
  slug,
}: {
  db: Db;
  slug: string;
}): Promise<MatchmakerProfile> {
  const [row] = await db
    .select({
      ...summaryColumns,
      email: am.email,
      bio: am.bio,
      about_me: am.about_me,
      years_experience: am.years_experience,
      calendly_link: am.calendly_link,
    })
    .from(am)
    .where(and(eq(am.slug, slug), eq(am.is_active, true)))
    .limit(1);
  if (!row) throw new AppError('MATCHMAKER_NOT_FOUND');
  return { ...row, full_name: row.full_name ?? '' };
}
