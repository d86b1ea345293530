import { eq, sql } from 'drizzle-orm';
import { type DeletionPreview, WITHDRAWAL_DAYS } from '../../../shared/account-deletion';
import { ROUTES } from '../../../shared/routes';
import type { Actor, AppContext, OutgoingEmail, Tx } from '../../context';
import type { Db } from '../../db/client';
import { intake_sessions, payments, user, user_profiles } from '../../db/schema';
import { selectTogether } from '../../db/together';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { clientDeletedEmail } from './account-deletion.mail';

const DAY = 86_400_000;

/**
 * What a client's deletion ends (issue 29): the paid term still running, the latest purchase's
 * withdrawal period, the matchmaker, and the intakes booked ahead with their matchmakers.
 */
async function deletionFacts(db: Db, clientId: string, now: Date) {
  // One statement (decision 022): the profile and matchmaker, the latest payment, the intakes ahead.
  const { profiles, latest, intakes } = await selectTogether<{
    profiles: {
      tier: string;
      subscription_status: string | null;
      subscription_ends_at: string | null;
      grace_period_end_date: string | null;
      matchmaker_id: string | null;
      matchmaker_name: string | null;
      matchmaker_email: string | null;
    };
    latest: { paid_at: string };
    intakes: {
      id: string;
      scheduled_at: string;
      matchmaker_id: string | null;
      matchmaker_name: string | null;
      matchmaker_email: string | null;
    };
  }>(db, {
    profiles: sql`
      SELECT p.tier, p.subscription_status, p.subscription_ends_at, p.grace_period_end_date,
             m.id AS matchmaker_id, m.full_name AS matchmaker_name, u.email AS matchmaker_email
        FROM ${user_profiles} p
        LEFT JOIN ${user_profiles} m ON m.id = p.assigned_matchmaker_id
        LEFT JOIN ${user} u ON u.id = m.id
       WHERE p.id = ${clientId}`,
    latest: sql`SELECT paid_at FROM ${payments} WHERE client_id = ${clientId} ORDER BY paid_at DESC LIMIT 1`,
    intakes: sql`
      SELECT s.id, s.scheduled_at, m.id AS matchmaker_id, m.full_name AS matchmaker_name,
             u.email AS matchmaker_email
        FROM ${intake_sessions} s
        LEFT JOIN ${user_profiles} m ON m.id = s.assigned_matchmaker_id
        LEFT JOIN ${user} u ON u.id = m.id
       WHERE s.user_id = ${clientId} AND s.status = 'scheduled' AND s.scheduled_at > ${now.toISOString()}
       ORDER BY s.scheduled_at`,
  });
  const row = profiles[0];
  if (!row) throw new AppError('NOT_FOUND');
  const date = (value: string | null) => (value ? new Date(value) : null);
  const profile = {
    ...row,
    subscription_ends_at: date(row.subscription_ends_at),
    grace_period_end_date: date(row.grace_period_end_date),
  };
  const lastPaid = date(latest[0]?.paid_at ?? null);
  const running = profile.subscription_status === 'active' || profile.subscription_status === 'grace_period';
  const termEnds =
    profile.subscription_status === 'grace_period'
      ? profile.grace_period_end_date
      : profile.subscription_ends_at;
  const paidTerm = running && profile.tier !== 'Relax' && termEnds && termEnds > now;
  const withdrawalEnds = lastPaid ? new Date(lastPaid.getTime() + WITHDRAWAL_DAYS * DAY) : null;
  return {
    paidTier: paidTerm ? profile.tier : null,
    termEndsAt: paidTerm ? termEnds : null,
    withdrawalUntil: withdrawalEnds && withdrawalEnds > now ? withdrawalEnds : null,
    matchmaker: profile.matchmaker_id
      ? { id: profile.matchmaker_id, name: profile.matchmaker_name, email: profile.matchmaker_email }
      : null,
    intakes: intakes.map((i) => ({ ...i, scheduled_at: new Date(i.scheduled_at) })),
  };
}

/** GET /api/me/deletion-preview: what the client's deletion forfeits, before they confirm it. */
export async function deletionPreview({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<DeletionPreview> {
  if (actor.profile.role !== 'client') throw new AppError('STAFF_CANNOT_DELETE');
  const facts = await deletionFacts(ctx.db, actor.user.id, ctx.clock.now());
  return {
    paid_tier: facts.paidTier,
    term_ends_at: facts.termEndsAt?.toISOString() ?? null,
    withdrawal_until: facts.withdrawalUntil?.toISOString() ?? null,
    matchmaker_name: facts.matchmaker?.name ?? null,
    intakes: facts.intakes.map((i) => ({
      scheduled_at: i.scheduled_at.toISOString(),
      matchmaker_name: i.matchmaker_name,
    })),
  };
}

/**
 * In the deletion's transaction, before the client's rows are erased: the intakes booked ahead
 * are cancelled (their slot frees at once; the rows then go with the account) and every matchmaker
 * concerned, the client's own and the host of each cancelled intake, gets one e-mail. The local
 * Testagenda and Calendly have no cancellation call of ours to make: a Calendly booking is
 * cancelled by the host from that e-mail (decision 032).
 */
export async function tellMatchmakersOfDeletion(tx: Tx, ctx: AppContext, clientId: string, now: Date) {
  const facts = await deletionFacts(tx.db, clientId, now);
  for (const intake of facts.intakes) {
    await tx.db
      .update(intake_sessions)
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
      .where(eq(intake_sessions.id, intake.id));
  }
  const told = new Map<
    string,
    { name: string | null; email: string; isTheirClient: boolean; intakes: Date[] }
  >();
  if (facts.matchmaker?.email) {
    told.set(facts.matchmaker.id, {
      ...facts.matchmaker,
      email: facts.matchmaker.email,
      isTheirClient: true,
      intakes: [],
    });
  }
  for (const intake of facts.intakes) {
    if (!intake.matchmaker_id || !intake.matchmaker_email) continue;
    const entry = told.get(intake.matchmaker_id) ?? {
      name: intake.matchmaker_name,
      email: intake.matchmaker_email,
      isTheirClient: false,
      intakes: [],
    };
    entry.intakes.push(intake.scheduled_at);
    told.set(intake.matchmaker_id, entry);
  }
  const messages: OutgoingEmail[] = [...told.entries()].map(([id, entry]) => ({
    to: entry.email,
    dedupe_key: `client-deleted:${clientId}:${id}`,
    ...clientDeletedEmail({
      name: greetingName(entry.name),
      isTheirClient: entry.isTheirClient,
      paidTier: facts.paidTier,
      termEndsAt: facts.termEndsAt,
      intakes: entry.intakes,
      url: `${ctx.env.APP_URL}${ROUTES.matchmaker}`,
    }),
  }));
  if (messages.length > 0) await tx.queueMails(messages);
}
