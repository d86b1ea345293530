import { and, count, desc, eq, gt, or } from 'drizzle-orm';
import {
  TRAIT_CORRECTIONS_PER_DAY,
  type TraitCorrection,
  type TraitCorrectionInput,
  traitCorrectionRequestSchema,
} from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { TRAIT_LABELS, type TraitKey } from '../../../shared/traits';
import type { Actor, AppContext } from '../../context';
import { trait_correction_requests, user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { traitCorrectionEmail } from './profile.mail';

const DAY_MS = 86_400_000;

/**
 * The client asks for a correction of their traits: stored, and their matchmaker is mailed with it.
 * Issue 30: at most TRAIT_CORRECTIONS_PER_DAY in any 24 hours per client (a 429 after that), counted
 * under a lock on the client's row so that requests sent together cannot pass the limit.
 */
export async function requestTraitCorrection({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: TraitCorrectionInput;
}) {
  const { trait, message } = traitCorrectionRequestSchema.parse(input);
  const matchmaker_id = actor.profile.assigned_matchmaker_id;
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    await tx.db
      .select({ id: user_profiles.id })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id))
      .for('update');
    const [recent] = await tx.db
      .select({ n: count() })
      .from(trait_correction_requests)
      .where(
        and(
          eq(trait_correction_requests.client_id, actor.user.id),
          gt(trait_correction_requests.created_at, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= TRAIT_CORRECTIONS_PER_DAY) throw new AppError('TRAIT_CORRECTION_LIMIT');
    const [row] = await tx.db
      .insert(trait_correction_requests)
      .values({ client_id: actor.user.id, matchmaker_id, trait, message, created_at: now })
      .returning();
    if (matchmaker_id) {
      const [matchmaker] = await tx.db
        .select({ email: user.email, full_name: user_profiles.full_name })
        .from(user)
        .innerJoin(user_profiles, eq(user_profiles.id, user.id))
        .where(eq(user.id, matchmaker_id));
      if (matchmaker) {
        await tx.queueMail({
          to: matchmaker.email,
          dedupe_key: `trait-correction:${row!.id}`,
          ...traitCorrectionEmail({
            name: greetingName(matchmaker.full_name),
            client: actor.profile.full_name ?? 'Een klant',
            trait: trait ? TRAIT_LABELS[trait] : null,
            url: `${ctx.env.APP_URL}${ROUTES.matchmakerClients}`,
          }),
        });
      }
    }
    return toCorrection(row!, actor.profile.full_name);
  });
}

function toCorrection(
  row: typeof trait_correction_requests.$inferSelect,
  client_name: string | null,
): TraitCorrection {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name,
    trait: (row.trait as TraitKey | null) ?? null,
    message: row.message,
    status: row.status === 'handled' ? 'handled' : 'open',
    created_at: row.created_at.toISOString(),
  };
}

/** Open correction requests for staff: a matchmaker those of their clients, an admin all. */
export async function listTraitCorrections({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  const mine = or(
    eq(trait_correction_requests.matchmaker_id, actor.user.id),
    eq(user_profiles.assigned_matchmaker_id, actor.user.id),
  );
  const rows = await ctx.db
    .select({ row: trait_correction_requests, client_name: user_profiles.full_name })
    .from(trait_correction_requests)
    .innerJoin(user_profiles, eq(user_profiles.id, trait_correction_requests.client_id))
    .where(
      actor.profile.role === 'admin'
        ? eq(trait_correction_requests.status, 'open')
        : and(eq(trait_correction_requests.status, 'open'), mine),
    )
    .orderBy(desc(trait_correction_requests.created_at));
  return rows.map(({ row, client_name }) => toCorrection(row, client_name));
}
