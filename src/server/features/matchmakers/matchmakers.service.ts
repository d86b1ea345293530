import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChooseMatchmakerInput } from '../../../shared/account-settings';
import type { MatchmakerProfile, MatchmakerSummary } from '../../../shared/matchmakers';
import { MESSAGES } from '../../../shared/messages';
import { ROUTES } from '../../../shared/routes';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/compiled';
import { available_matchmakers as am, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { noteMatchmakerChange } from '../messages/conversation-rules';
import { clientJoinedEmail, clientLeftEmail } from './matchmakers.mail';

/** Spec section 7: success rate descending with nulls last, then client count, then name. */
const LISTING_ORDER = [sql`${am.success_rate} DESC NULLS LAST`, asc(am.client_count), asc(am.full_name)];

const summaryColumns = {
  id: am.id,
  slug: am.slug,
  full_name: am.full_name,
  profile_photo_url: am.profile_photo_url,
  specialties: am.specialties,
  success_rate: am.success_rate,
  years_experience: am.years_experience,
  client_count: am.client_count,
};

/** The active matchmakers, in the public listing's order. Public: only what a visitor may see. */
export async function listAvailableMatchmakers({ db }: { db: Db }): Promise<MatchmakerSummary[]> {
  // Decision 052: built and prepared once.
  const query = preparedOnce(db, 'available_matchmakers', () =>
    db
      .select(summaryColumns)
      .from(am)
      .where(eq(am.is_active, true))
      .orderBy(...LISTING_ORDER)
      .prepare('koppel_available_matchmakers'),
  );
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, full_name: row.full_name ?? '' }));
}

/** An active matchmaker's public profile; an unknown or inactive slug is 'Matchmaker Niet Gevonden'. */
export async function getMatchmakerBySlug({
  db,
  slug,
  scheduler,
}: {
  db: Db;
  slug: string;
  /** The install's scheduler (ctx.scheduler.name): the Testagenda's pages embed no Calendly. */
  scheduler: AppContext['scheduler']['name'];
}): Promise<MatchmakerProfile> {
  const [row] = await db
    .select({
      ...summaryColumns,
      email: am.email,
      bio: am.bio,
      about_me: am.about_me,
      calendly_link: am.calendly_link,
    })
    .from(am)
    .where(and(eq(am.slug, slug), eq(am.is_active, true)))
    .limit(1);
  if (!row) throw new AppError('MATCHMAKER_NOT_FOUND');
  return {
    ...row,
    full_name: row.full_name ?? '',
    scheduler: scheduler === 'calendly' ? 'calendly' : 'testagenda',
  };
}

/**
 * PUT /api/me/matchmaker: a client chooses an active matchmaker (decision 013). The first choice
 * needs nothing more; changing an assigned one needs `confirm`, and both matchmakers are told.
 */
export async function chooseMatchmaker({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: ChooseMatchmakerInput;
}): Promise<{ assigned_matchmaker_id: string; changed: boolean }> {
  if (actor.profile.role !== 'client')
    throw new AppError('CLIENTS_ONLY', MESSAGES.clientsOnlyChooseMatchmaker);
  const clientsUrl = `${ctx.env.APP_URL}${ROUTES.matchmakerClients}`;
  return ctx.transaction(async (tx) => {
    // The row lock orders two choices made at once: the second sees the first's matchmaker.
    const [me] = await tx.db
      .select({
        assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
        full_name: user_profiles.full_name,
      })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id))
      .for('update');
    if (!me) throw new AppError('UNAUTHORIZED');
    const [chosen] = await tx.db
      .select({ id: am.id, full_name: am.full_name, email: am.email, is_active: am.is_active })
      .from(am)
      .where(eq(am.id, input.matchmaker_id));
    if (!chosen) throw new AppError('MATCHMAKER_NOT_FOUND');
    if (!chosen.is_active) throw new AppError('MATCHMAKER_INACTIVE');
    const previousId = me.assigned_matchmaker_id;
    if (previousId === chosen.id) return { assigned_matchmaker_id: chosen.id, changed: false };
    if (previousId && input.confirm !== true) throw new AppError('MATCHMAKER_CHANGE_UNCONFIRMED');

    await tx.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: chosen.id, updated_at: ctx.clock.now() })
      .where(eq(user_profiles.id, actor.user.id));
    await tx.queueMail({
      to: chosen.email,
      ...clientJoinedEmail({ name: chosen.full_name, client_name: me.full_name, url: clientsUrl }),
    });
    if (previousId) {
      // Issue 32: the conversation goes to the new matchmaker, and the client reads who writes now.
      await noteMatchmakerChange(tx.db, {
        client_id: actor.user.id,
        matchmaker_id: chosen.id,
        matchmaker_name: chosen.full_name,
        now: ctx.clock.now(),
      });
      const [previous] = await tx.db
        .select({ full_name: am.full_name, email: am.email })
        .from(am)
        .where(eq(am.id, previousId));
      if (previous) {
        await tx.queueMail({
          to: previous.email,
          ...clientLeftEmail({ name: previous.full_name, client_name: me.full_name, url: clientsUrl }),
        });
      }
    }
    return { assigned_matchmaker_id: chosen.id, changed: true };
  });
}
