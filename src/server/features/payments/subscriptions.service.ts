import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  DOWNGRADE_TIER,
  GRACE_PERIOD_DAYS,
  type SubscriptionStatus,
  type Tier,
} from '../../../shared/domain';
import { formatDate } from '../../../shared/format';
import { CANCELLABLE_STATUSES, canCancelSubscription } from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import { tierInfo } from '../../../shared/tiers';
import type { Actor, AppContext, OutgoingEmail, Tx } from '../../context';
import { user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { syncMatchingWithMembership } from './membership';
import {
  subscriptionCancelledEmail,
  subscriptionExpiredEmail,
  subscriptionGraceEmail,
} from './payments.mail';

/* The term after a purchase: the client's cancelling, and the daily lifecycle. */

/**
 * Cancelling in the settings: `cancelled` and back to Relax at once (no refund of a one-time
 * payment), and matching ends with it (decision 024).
 */
export async function cancelSubscription({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  if (!canCancelSubscription(actor.profile)) throw new AppError('NOTHING_TO_CANCEL');
  const now = ctx.clock.now();
  return ctx.transaction(async (t) => {
    const tx = t.db;
    // Conditional, so a cancel racing the daily sweep, a purchase or another cancel changes things once.
    const [profile] = await tx
      .update(user_profiles)
      .set({
        subscription_status: 'cancelled',
        tier: DOWNGRADE_TIER,
        subscription_ends_at: now,
        grace_period_end_date: null,
        updated_at: now,
      })
      .where(
        and(
          eq(user_profiles.id, actor.user.id),
          eq(user_profiles.tier, actor.profile.tier),
          inArray(user_profiles.subscription_status, CANCELLABLE_STATUSES),
        ),
      )
      .returning();
    if (!profile) throw new AppError('NOTHING_TO_CANCEL');
    // Decision 024: matching ends with the paid term (the answer shows the contract status it left).
    const { ended } = await syncMatchingWithMembership(t, {
      clientIds: [profile.id],
      now,
      appUrl: ctx.env.APP_URL,
    });
    if (ended.includes(profile.id)) profile.contract_status = 'ended';
    await t.queueMail({
      to: actor.user.email,
      dedupe_key: `subscription-cancelled:${profile.id}:${now.toISOString()}`,
      ...subscriptionCancelledEmail({
        name: greetingName(profile.full_name),
        tierName: tierInfo(actor.profile.tier).name,
        url: `${ctx.env.APP_URL}${ROUTES.products}`,
      }),
    });
    return profile;
  });
}

/**
 * The daily lifecycle (a pg-boss schedule): `active` past its term goes to `grace_period` for 14
 * days; `grace_period` past that goes to `expired` with tier Relax, and matching ends (decision
 * 024: `syncMatchingWithMembership`). Each step is one transaction
 * (the due clients, their change, and every e-mail in one `queueMails`), so the clients' changes
 * and their e-mails commit together and a run that stops halfway loses nothing; safe to run any
 * number of times.
 */
export async function sweepSubscriptions({ ctx, now = ctx.clock.now() }: { ctx: AppContext; now?: Date }) {
  const renewUrl = `${ctx.env.APP_URL}${ROUTES.products}`;
  type Client = { id: string; email: string; tier: Tier };
  type Profile = typeof user_profiles.$inferSelect;

  /** Every client in `from` whose `dueAt` has passed takes the step, each with its e-mail. */
  function step(
    from: SubscriptionStatus,
    dueAt: typeof user_profiles.subscription_ends_at,
    changes: PgUpdateSetSource<typeof user_profiles>,
    mail: (client: Client, profile: Profile) => OutgoingEmail,
    after?: (tx: Tx, moved: Profile[]) => Promise<unknown>,
  ): Promise<number> {
    return ctx.transaction(async (tx) => {
      const due = await tx.db
        .select({ id: user_profiles.id, email: user.email, tier: user_profiles.tier })
        .from(user_profiles)
        .innerJoin(user, eq(user.id, user_profiles.id))
        .where(and(eq(user_profiles.subscription_status, from), sql`${dueAt} <= ${now}`));
      if (!due.length) return 0;
      // Conditional: a purchase or a cancel since the list was read wins. The e-mail names the
      // tier as it was before the step (`due`).
      const moved = await tx.db
        .update(user_profiles)
        .set({ ...changes, updated_at: now })
        .where(
          and(
            inArray(
              user_profiles.id,
              due.map((client) => client.id),
            ),
            eq(user_profiles.subscription_status, from),
          ),
        )
        .returning();
      const clients = new Map(due.map((client) => [client.id, client]));
      await tx.queueMails(moved.map((profile) => mail(clients.get(profile.id)!, profile)));
      if (after && moved.length) await after(tx, moved);
      return moved.length;
    });
  }

  const toGrace = await step(
    'active',
    user_profiles.subscription_ends_at,
    {
      subscription_status: 'grace_period',
      grace_period_end_date: sql`${user_profiles.subscription_ends_at} + make_interval(days => ${GRACE_PERIOD_DAYS})`,
    },
    (client, profile) => ({
      to: client.email,
      dedupe_key: `subscription-grace:${client.id}:${profile.grace_period_end_date?.toISOString()}`,
      ...subscriptionGraceEmail({
        name: greetingName(profile.full_name),
        tierName: tierInfo(client.tier).name,
        graceEnd: formatDate(profile.grace_period_end_date ?? now),
        url: renewUrl,
      }),
    }),
  );
  const expired = await step(
    'grace_period',
    user_profiles.grace_period_end_date,
    { subscription_status: 'expired', tier: DOWNGRADE_TIER },
    (client, profile) => ({
      to: client.email,
      dedupe_key: `subscription-expired:${client.id}:${profile.grace_period_end_date?.toISOString()}`,
      ...subscriptionExpiredEmail({
        name: greetingName(profile.full_name),
        tierName: tierInfo(client.tier).name,
        url: renewUrl,
      }),
    }),
    // Decision 024: matching ends with the paid term, in the same transaction.
    (tx, moved) =>
      syncMatchingWithMembership(tx, {
        clientIds: moved.map((profile) => profile.id),
        now,
        appUrl: ctx.env.APP_URL,
      }),
  );
  return { grace_period: toGrace, expired };
}
