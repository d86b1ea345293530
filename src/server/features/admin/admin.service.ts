import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  type AdminClient,
  type AdminFeedbackEntry,
  type AdminFeedbackQuery,
  type AgencyStats,
  FEEDBACK_CSV_HEADERS,
  FEEDBACK_KIND_LABELS,
  type MatchmakerProfileUpdate,
  STAFF_INVITATION_DAYS,
  type StaffDetail,
  type StaffInvitation,
  type StaffMember,
} from '../../../shared/admin';
import { AGENCY_TIME_ZONE, brusselsToInstant } from '../../../shared/date-time';
import { MATCH_STATUSES, TIERS } from '../../../shared/domain';
import { formatDateTime } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import { RESERVED_SLUGS, ROUTES } from '../../../shared/routes';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from '../../../shared/slugify';
import { resetPasswordUrl } from '../../auth/auth';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  account_settings,
  admin_audit_events,
  available_matchmakers as am,
  intake_feedback,
  matchmaker_feedback,
  matchmaker_profiles,
  user,
  user_profiles,
  verification,
} from '../../db/schema';
import { isoInstant, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { processPhoto } from '../profile/profile.service';
import {
  clientAssignedEmail,
  clientReassignedEmail,
  staffInvitationEmail,
  yourMatchmakerChangedEmail,
} from './admin.mail';

const DAY = 86_400_000;
const RESET_TOKEN_PREFIX = 'reset-password:';

// ---------------------------------------------------------------------------------------------
// Staff.

const memberColumns = {
  id: am.id,
  email: am.email,
  full_name: am.full_name,
  slug: am.slug,
  profile_photo_url: am.profile_photo_url,
  bio: am.bio,
  about_me: am.about_me,
  specialties: am.specialties,
  years_experience: am.years_experience,
  calendly_link: am.calendly_link,
  is_active: am.is_active,
  success_rate: am.success_rate,
  client_count: am.client_count,
  // Invited, no password yet: better-auth creates the credential account when it is set.
  invitation_pending:
    sql<boolean>`NOT EXISTS (SELECT 1 FROM "account" a WHERE a.user_id = "available_matchmakers"."id")`.as(
      'invitation_pending',
    ),
};

const toMember = (
  row: { full_name: string | null; invitation_pending: unknown } & Omit<
    StaffMember,
    'full_name' | 'invitation_pending'
  >,
): StaffMember => ({
  ...row,
  full_name: row.full_name ?? '',
  invitation_pending: row.invitation_pending === true || row.invitation_pending === 't',
});

/** Every matchmaker, active or not, by name. */
export async function listStaff({ ctx }: { ctx: AppContext }): Promise<StaffMember[]> {
  const rows = await ctx.db.select(memberColumns).from(am).orderBy(asc(am.full_name), asc(am.id));
  return rows.map(toMember);
}

async function findMember(db: Db, id: string): Promise<StaffMember> {
  const [row] = await db.select(memberColumns).from(am).where(eq(am.id, id));
  if (!row) throw new AppError('MATCHMAKER_NOT_FOUND');
  return toMember(row);
}

/**
 * One matchmaker with their clients (to reassign them when the matchmaker stops), in one statement
 * (every key of memberColumns is its column's name or alias, so JSON rows have the same keys).
 */
export async function getStaffMember({ ctx, id }: { ctx: AppContext; id: string }): Promise<StaffDetail> {
  const rows = await selectTogether<{
    member: Parameters<typeof toMember>[0];
    clients: StaffDetail['clients'][number];
  }>(ctx.db, {
    member: ctx.db.select(memberColumns).from(am).where(eq(am.id, id)).getSQL(),
    clients: sql`
      SELECT id, full_name, tier FROM user_profiles
      WHERE assigned_matchmaker_id = ${id} AND role = 'client'
      ORDER BY full_name ASC NULLS LAST, id ASC`,
  });
  const [member] = rows.member;
  if (!member) throw new AppError('MATCHMAKER_NOT_FOUND');
  return { member: toMember(member), clients: rows.clients };
}

/** The matchmaker's own public profile (their settings page). */
export async function getOwnMatchmakerProfile({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  return findMember(ctx.db, actor.user.id);
}

async function audit(
  db: Db,
  entry: { subject_id: string; actor_id: string; action: string; detail: string; now: Date },
) {
  await db.insert(admin_audit_events).values({
    subject_id: entry.subject_id,
    actor_id: entry.actor_id,
    action: entry.action,
    detail: entry.detail,
    created_at: entry.now,
  });
}

/**
 * Invites a matchmaker (issue 17): the account (e-mail counts as confirmed: only its owner gets
 * the link), the role, an inactive public profile, and a set-your-password link through
 * better-auth's own reset-password flow, valid STAFF_INVITATION_DAYS days; the e-mail in the same
 * transaction. Without a password nobody can log in to the account.
 */
export async function inviteMatchmaker({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: StaffInvitation;
}): Promise<StaffMember> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await ctx.transaction(async (tx) => {
    const [taken] = await tx.db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
    if (taken) throw new AppError('STAFF_EMAIL_TAKEN');
    await tx.db.insert(user).values({
      id,
      name: input.full_name,
      email: input.email,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.db
      .update(user_profiles)
      .set({ role: 'matchmaker', updated_at: now })
      .where(eq(user_profiles.id, id));
    const base =
      slugify(input.full_name)
        .slice(0, MAX_SLUG_LENGTH - 8)
        .replace(/-+$/, '') || 'koppel-matchmaker';
    const slugs = await tx.db
      .select({ slug: matchmaker_profiles.slug })
      .from(matchmaker_profiles)
      .where(sql`${matchmaker_profiles.slug} LIKE ${`${base}%`}`);
    const slug = uniqueSlug(base, new Set([...RESERVED_SLUGS, ...slugs.map((r) => r.slug)]));
    await tx.db
      .insert(matchmaker_profiles)
      .values({ id, slug, is_active: false, created_at: now, updated_at: now });
    await tx.db.insert(verification).values({
      id: randomUUID(),
      identifier: `${RESET_TOKEN_PREFIX}${token}`,
      value: id,
      expiresAt: new Date(now.getTime() + STAFF_INVITATION_DAYS * DAY),
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx.db, {
      subject_id: id,
      actor_id: actor.user.id,
      action: 'invited',
      detail: `Uitgenodigd als matchmaker (${input.email})`,
      now,
    });
    await tx.queueMail({
      to: input.email,
      ...staffInvitationEmail({
        name: input.full_name,
        invited_by: actor.profile.full_name,
        url: resetPasswordUrl(ctx.env.APP_URL, token),
        days: STAFF_INVITATION_DAYS,
      }),
    });
  });
  return findMember(ctx.db, id);
}

/**
 * Saves a matchmaker's public profile: an admin any matchmaker's (active included), a matchmaker
 * only their own (never `is_active`). The name lives on "user".name (a trigger copies it); the slug
 * stays, so the public address does not move.
 */
export async function updateMatchmakerProfile({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: MatchmakerProfileUpdate;
}): Promise<StaffMember> {
  const isAdmin = actor.profile.role === 'admin';
  if (!isAdmin && actor.user.id !== id) throw new AppError('UNAUTHORIZED');
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const [current] = await tx.db
      .select({ is_active: matchmaker_profiles.is_active, full_name: user_profiles.full_name })
      .from(matchmaker_profiles)
      .innerJoin(user_profiles, eq(user_profiles.id, matchmaker_profiles.id))
      .where(eq(matchmaker_profiles.id, id))
      .for('update');
    if (!current) throw new AppError('MATCHMAKER_NOT_FOUND');
    const is_active = isAdmin && input.is_active !== undefined ? input.is_active : current.is_active;
    await tx.db.update(user).set({ name: input.full_name, updatedAt: now }).where(eq(user.id, id));
    await tx.db
      .update(matchmaker_profiles)
      .set({
        bio: input.bio,
        about_me: input.about_me,
        specialties: input.specialties,
        years_experience: input.years_experience,
        calendly_link: input.calendly_link,
        is_active,
        updated_at: now,
      })
      .where(eq(matchmaker_profiles.id, id));
    const changes = ['Publiek profiel bewerkt'];
    if (is_active !== current.is_active) changes.push(is_active ? 'geactiveerd' : 'gedeactiveerd');
    await audit(tx.db, {
      subject_id: id,
      actor_id: actor.user.id,
      action: 'profile',
      detail: changes.join(', '),
      now,
    });
  });
  return findMember(ctx.db, id);
}

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

// ---------------------------------------------------------------------------------------------
// Clients.

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

// ---------------------------------------------------------------------------------------------
// Feedback: every matchmaker and intake feedback, with names (admins see anonymous ones too).

function period(query: AdminFeedbackQuery) {
  const from = query.from ? brusselsToInstant(query.from) : null;
  // `to` is inclusive: up to the start of the next day in Brussels.
  const to = query.to ? brusselsToInstant(nextDay(query.to)) : null;
  if (from && to && from >= to) throw new AppError('FEEDBACK_PERIOD_INVALID');
  return { from, to };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export async function listAllFeedback({
  ctx,
  query,
}: {
  ctx: AppContext;
  query: AdminFeedbackQuery;
}): Promise<AdminFeedbackEntry[]> {
  const { from, to } = period(query);
  const nameOf = (column: unknown) => sql`(SELECT p.full_name FROM user_profiles p WHERE p.id = ${column})`;
  const mf = matchmaker_feedback;
  const inf = intake_feedback;
  const { mfRows, ifRows } = await selectTogether<{
    mfRows: {
      id: string;
      matchmaker_id: string;
      matchmaker_name: string | null;
      client_name: string | null;
      is_anonymous: boolean;
      overall_satisfaction_rating: number;
      communication_rating: number | null;
      preference_understanding_rating: number | null;
      match_quality_rating: number | null;
      responsiveness_rating: number | null;
      feedback_text: string | null;
      improvement_suggestions: string | null;
      created_at: string;
    };
    ifRows: {
      id: string;
      matchmaker_id: string | null;
      matchmaker_name: string | null;
      client_name: string | null;
      overall_satisfaction_rating: number | null;
      professionalism_rating: number | null;
      communication_rating: number | null;
      improvement_feedback: string | null;
      submitted_at: string;
    };
  }>(ctx.db, {
    mfRows: sql`
      SELECT ${mf.id}, ${mf.matchmaker_id}, ${nameOf(mf.matchmaker_id)} AS matchmaker_name,
             ${nameOf(mf.client_id)} AS client_name, ${mf.is_anonymous}, ${mf.overall_satisfaction_rating},
             ${mf.communication_rating}, ${mf.preference_understanding_rating}, ${mf.match_quality_rating},
             ${mf.responsiveness_rating}, ${mf.feedback_text}, ${mf.improvement_suggestions}, ${mf.created_at}
      FROM ${mf}
      WHERE ${and(
        sql`TRUE`,
        query.matchmaker_id ? eq(mf.matchmaker_id, query.matchmaker_id) : undefined,
        from ? gte(mf.created_at, from) : undefined,
        to ? lt(mf.created_at, to) : undefined,
      )}`,
    ifRows: sql`
      SELECT ${inf.id}, ${inf.matchmaker_id}, ${nameOf(inf.matchmaker_id)} AS matchmaker_name,
             ${nameOf(inf.client_id)} AS client_name, ${inf.overall_satisfaction_rating},
             ${inf.professionalism_rating}, ${inf.communication_rating}, ${inf.improvement_feedback},
             coalesce(${inf.submitted_at}, ${inf.created_at}) AS submitted_at
      FROM ${inf}
      WHERE ${and(
        isNotNull(inf.submitted_at),
        query.matchmaker_id ? eq(inf.matchmaker_id, query.matchmaker_id) : undefined,
        from ? gte(inf.submitted_at, from) : undefined,
        to ? lt(inf.submitted_at, to) : undefined,
      )}`,
  });

  const given = (ratings: Record<string, number | null>) =>
    Object.fromEntries(
      Object.entries(ratings).filter((entry): entry is [string, number] => entry[1] !== null),
    );

  const entries: AdminFeedbackEntry[] = [
    ...mfRows.map((row) => ({
      id: row.id,
      kind: 'matchmaker' as const,
      matchmaker_id: row.matchmaker_id,
      matchmaker_name: row.matchmaker_name,
      client_name: row.client_name,
      is_anonymous: row.is_anonymous,
      overall: row.overall_satisfaction_rating,
      ratings: given({
        Communicatie: row.communication_rating,
        'Begrip van voorkeuren': row.preference_understanding_rating,
        'Kwaliteit van matches': row.match_quality_rating,
        Reactiesnelheid: row.responsiveness_rating,
      }),
      text: row.feedback_text,
      suggestions: row.improvement_suggestions,
      submitted_at: isoInstant(row.created_at),
    })),
    ...ifRows.map((row) => ({
      id: row.id,
      kind: 'intake' as const,
      matchmaker_id: row.matchmaker_id,
      matchmaker_name: row.matchmaker_name,
      client_name: row.client_name,
      // Intake ratings are anonymous to the matchmaker (spec section 6); the admin sees the name.
      is_anonymous: true,
      overall: row.overall_satisfaction_rating,
      ratings: given({
        Professionaliteit: row.professionalism_rating,
        Communicatie: row.communication_rating,
      }),
      text: null,
      suggestions: row.improvement_feedback,
      submitted_at: isoInstant(row.submitted_at),
    })),
  ];
  return entries.sort((a, b) => b.submitted_at.localeCompare(a.submitted_at) || a.id.localeCompare(b.id));
}

/** A CSV cell: quoted, quotes doubled, and a leading formula character neutralised. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The same list as CSV (UTF-8 with BOM, `;` as Belgian spreadsheets expect). */
export function feedbackCsv(entries: readonly AdminFeedbackEntry[]): string {
  const lines = [FEEDBACK_CSV_HEADERS.map(csvCell).join(';')];
  for (const e of entries) {
    lines.push(
      [
        FEEDBACK_KIND_LABELS[e.kind],
        formatDateTime(e.submitted_at),
        e.matchmaker_name,
        e.client_name,
        e.is_anonymous ? 'ja' : 'nee',
        e.overall,
        Object.entries(e.ratings)
          .map(([label, value]) => `${label}: ${value}`)
          .join(', '),
        e.text,
        e.suggestions,
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// The agency's numbers.

const monthKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(date)
    .slice(0, 7);

export async function agencyStats({ ctx }: { ctx: AppContext }): Promise<AgencyStats> {
  const now = ctx.clock.now();
  // The last 12 months in Brussels, this one included.
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15));
  for (let i = 11; i >= 0; i--) {
    const d = new Date(cursor);
    d.setUTCMonth(cursor.getUTCMonth() - i);
    months.push(monthKey(d));
  }
  const since = brusselsToInstant(`${months[0]}-01`) ?? new Date(now.getTime() - 366 * DAY);
  const { tiers, revenue, statuses, staff } = await selectTogether<{
    tiers: { tier: string; count: number };
    revenue: { month: string; amount_total: number };
    statuses: { status: string; count: number };
    staff: {
      id: string;
      full_name: string | null;
      mf_average: number | null;
      mf_count: number;
      if_average: number | null;
      if_count: number;
    };
  }>(ctx.db, {
    tiers: sql`
      SELECT p.tier, count(*)::int AS count FROM user_profiles p
      LEFT JOIN account_settings s ON s.user_id = p.id
      WHERE p.role = 'client' AND s.deleted_at IS NULL GROUP BY p.tier`,
    // The zone inline, not as a parameter: GROUP BY must see the very same expression.
    revenue: sql`
      SELECT to_char(paid_at AT TIME ZONE ${sql.raw(`'${AGENCY_TIME_ZONE}'`)}, 'YYYY-MM') AS month,
             sum(amount_total)::int AS amount_total
      FROM payments WHERE paid_at >= ${since.toISOString()} GROUP BY 1`,
    statuses: sql`SELECT status, count(*)::int AS count FROM matches GROUP BY status`,
    staff: sql`
      SELECT am.id, am.full_name,
             (SELECT avg(f.overall_satisfaction_rating) FROM matchmaker_feedback f
               WHERE f.matchmaker_id = am.id) AS mf_average,
             (SELECT count(*) FROM matchmaker_feedback f WHERE f.matchmaker_id = am.id) AS mf_count,
             (SELECT avg(f.overall_satisfaction_rating) FROM intake_feedback f
               WHERE f.matchmaker_id = am.id AND f.submitted_at IS NOT NULL) AS if_average,
             (SELECT count(f.overall_satisfaction_rating) FROM intake_feedback f
               WHERE f.matchmaker_id = am.id AND f.submitted_at IS NOT NULL) AS if_count
      FROM available_matchmakers am ORDER BY am.full_name ASC, am.id ASC`,
  });
  const revenueBy = new Map(revenue.map((r) => [r.month, r.amount_total]));
  const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

  return {
    clients_by_tier: TIERS.map((tier) => ({ tier, count: tiers.find((t) => t.tier === tier)?.count ?? 0 })),
    revenue_by_month: months.map((m) => ({ month: m, amount_total: revenueBy.get(m) ?? 0 })),
    matches_by_status: MATCH_STATUSES.map((status) => ({
      status,
      count: statuses.find((s) => s.status === status)?.count ?? 0,
    })),
    ratings_by_matchmaker: staff.map((s) => ({
      matchmaker_id: s.id,
      matchmaker_name: s.full_name ?? '',
      matchmaker_feedback: oneDecimal(s.mf_average),
      matchmaker_feedback_count: s.mf_count,
      intake_feedback: s.if_count > 0 ? oneDecimal(s.if_average) : null,
      intake_feedback_count: s.if_count,
    })),
  };
}
