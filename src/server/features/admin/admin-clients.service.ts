import { and, eq, sql } from 'drizzle-orm';
import type { AdminClient } from '../../../shared/admin';
import { MESSAGES } from '../../../shared/messages';
import { ROUTES } from '../../../shared/routes';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { account_settings, available_matchmakers as am, user, user_profiles } from '../../db/schema';
import { isoInstant, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { noteMatchmakerChange } from '../messages/conversation-rules';
import { clientAssignedEmail, clientReassignedEmail, yourMatchmakerChangedEmail } from './admin.mail';
import { audit } from './admin.service';

/* Clients as the admin sees and changes them: the overview, another matchmaker, a pause. */

async function findClientRow(db: Db, id: string) {
  const [row] = await db
    .select({
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      email: user.email,
      tier: user_profiles.tier,
      subscription_status: user_profiles.subscription_status,
      subscription_started_at: user_profiles.subscription_started_at,
      subscription_ends_at: user_profiles.subscription_ends_at,
      grace_period_end_date: user_profiles.grace_period_end_date,
      assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
      matching_paused_at: account_settings.matching_paused_at,
      deleted_at: account_settings.deleted_at,
    })
    .from(user_profiles)
    .innerJoin(user, eq(user.id, user_profiles.id))
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .where(and(eq(user_profiles.id, id), eq(user_profiles.role, 'client')));
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

/** A client as the admin sees them: tier, term, payments, pause, matchmaker and the audit trail. */
export async function getAdminClient({ ctx, id }: { ctx: AppContext; id: string }): Promise<AdminClient> {
  const rows = await selectTogether<{
    client: {
      id: string;
      full_name: string | null;
      email: string;
      tier: AdminClient['tier'];
      subscription_status: AdminClient['subscription_status'];
      subscription_started_at: string | null;
      subscription_ends_at: string | null;
      grace_period_end_date: string | null;
      assigned_matchmaker_id: string | null;
      matching_paused_at: string | null;
      deleted_at: string | null;
      assigned_matchmaker_name: string | null;
    };
    payments: AdminClient['payments'][number];
    audit: AdminClient['audit'][number];
  }>(ctx.db, {
    client: sql`
      SELECT p.id, p.full_name, u.email, p.tier, p.subscription_status, p.subscription_started_at,
             p.subscription_ends_at, p.grace_period_end_date, p.assigned_matchmaker_id,
             s.matching_paused_at, s.deleted_at,
             (SELECT m.full_name FROM user_profiles m WHERE m.id = p.assigned_matchmaker_id) AS assigned_matchmaker_name
      FROM user_profiles p
      JOIN "user" u ON u.id = p.id
      LEFT JOIN account_settings s ON s.user_id = p.id
      WHERE p.id = ${id} AND p.role = 'client'`,
    payments: sql`
      SELECT id, tier, amount_total, currency, paid_at FROM payments
      WHERE client_id = ${id} ORDER BY paid_at DESC`,
    audit: sql`
      SELECT e.id, e.action, e.detail,
             (SELECT p.full_name FROM user_profiles p WHERE p.id = e.actor_id) AS actor_name, e.created_at
      FROM admin_audit_events e
      WHERE e.subject_id = ${id} ORDER BY e.created_at DESC, e.id DESC`,
  });
  const [row] = rows.client;
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return {
    ...row,
    subscription_started_at: isoInstant(row.subscription_started_at),
    subscription_ends_at: isoInstant(row.subscription_ends_at),
    grace_period_end_date: isoInstant(row.grace_period_end_date),
    matching_paused_at: isoInstant(row.matching_paused_at),
    deleted_at: isoInstant(row.deleted_at),
    payments: rows.payments.map((p) => ({ ...p, paid_at: isoInstant(p.paid_at) })),
    audit: rows.audit.map((e) => ({ ...e, created_at: isoInstant(e.created_at) })),
  };
}

/** The admin gives a client another matchmaker (an active one), or none. */
export async function reassignClient({
  ctx,
  actor,
  id,
  matchmaker_id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  matchmaker_id: string | null;
}): Promise<AdminClient> {
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const row = await findClientRow(tx.db, id);
    if (row.deleted_at) throw new AppError('ACCOUNT_DELETED');
    await tx.db
      .select({ id: user_profiles.id })
      .from(user_profiles)
      .where(eq(user_profiles.id, id))
      .for('update');
    let newName: string | null = null;
    let newEmail: string | null = null;
    if (matchmaker_id) {
      const [chosen] = await tx.db
        .select({ full_name: am.full_name, email: am.email, is_active: am.is_active })
        .from(am)
        .where(eq(am.id, matchmaker_id));
      if (!chosen) throw new AppError('MATCHMAKER_NOT_FOUND');
      if (!chosen.is_active) throw new AppError('MATCHMAKER_INACTIVE', MESSAGES.adminMatchmakerInactive);
      newName = chosen.full_name;
      newEmail = chosen.email;
    }
    if (row.assigned_matchmaker_id === matchmaker_id) return;
    const [previous] = row.assigned_matchmaker_id
      ? await tx.db
          .select({ full_name: user_profiles.full_name, email: user.email })
          .from(user_profiles)
          .innerJoin(user, eq(user.id, user_profiles.id))
          .where(eq(user_profiles.id, row.assigned_matchmaker_id))
      : [];
    await tx.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: matchmaker_id, updated_at: now })
      .where(eq(user_profiles.id, id));
    await audit(tx.db, {
      subject_id: id,
      actor_id: actor.user.id,
      action: 'matchmaker',
      detail: `Matchmaker: ${previous?.full_name ?? 'geen'} → ${newName ?? 'geen'}`,
      now,
    });
    // Issue 32: the conversation goes along; the client reads who writes from now on.
    if (previous) {
      await noteMatchmakerChange(tx.db, { client_id: id, matchmaker_id, matchmaker_name: newName, now });
    }
    // Everyone the change concerns hears of it, in the same transaction.
    const appUrl = ctx.env.APP_URL;
    if (newEmail) {
      await tx.queueMail({
        to: newEmail,
        ...clientAssignedEmail({
          name: newName,
          client_name: row.full_name,
          url: `${appUrl}${ROUTES.matchmakerClients}`,
        }),
      });
    }
    if (previous) {
      await tx.queueMail({
        to: previous.email,
        ...clientReassignedEmail({ name: previous.full_name, client_name: row.full_name }),
      });
    }
    await tx.queueMail({
      to: row.email,
      ...yourMatchmakerChangedEmail({
        name: row.full_name,
        matchmaker_name: newName,
        url: `${appUrl}${ROUTES.dashboard}`,
      }),
    });
  });
  return getAdminClient({ ctx, id });
}

/** The admin pauses (or resumes) a client's matching, as the client can in their settings. */
export async function pauseClient({
  ctx,
  actor,
  id,
  paused,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  paused: boolean;
}): Promise<AdminClient> {
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const row = await findClientRow(tx.db, id);
    if (row.deleted_at) throw new AppError('ACCOUNT_DELETED');
    if (!!row.matching_paused_at === paused) return;
    await tx.db
      .insert(account_settings)
      .values({ user_id: id, matching_paused_at: paused ? now : null, updated_at: now })
      .onConflictDoUpdate({
        target: account_settings.user_id,
        set: { matching_paused_at: paused ? now : null, updated_at: now },
      });
    await audit(tx.db, {
      subject_id: id,
      actor_id: actor.user.id,
      action: 'pause',
      detail: paused ? 'Matching gepauzeerd' : 'Matching hervat',
      now,
    });
  });
  return getAdminClient({ ctx, id });
}
