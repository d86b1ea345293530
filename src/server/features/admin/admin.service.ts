import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type ClientsToReassign,
  type MatchmakerProfileUpdate,
  STAFF_INVITATION_DAYS,
  type StaffDetail,
  type StaffInvitation,
  type StaffMember,
} from '../../../shared/admin';
import { RESERVED_SLUGS } from '../../../shared/routes';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from '../../../shared/slugify';
import { resetPasswordUrl } from '../../auth/auth';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  admin_audit_events,
  available_matchmakers as am,
  matchmaker_profiles,
  session,
  user,
  user_profiles,
  verification,
} from '../../db/schema';
import { selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { staffInvitationEmail } from './admin.mail';

const DAY = 86_400_000;
const mm = alias(user_profiles, 'deactivated_matchmaker');
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

export async function findMember(db: Db, id: string): Promise<StaffMember> {
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

/**
 * Issue 26: the clients of every deactivated matchmaker, to reassign (the admin home), in one
 * statement: matchmakers by name, their clients by name.
 */
export async function listClientsToReassign({ ctx }: { ctx: AppContext }): Promise<ClientsToReassign> {
  const rows = await ctx.db
    .select({
      matchmaker_id: matchmaker_profiles.id,
      matchmaker_name: mm.full_name,
      deactivated_at: matchmaker_profiles.deactivated_at,
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      tier: user_profiles.tier,
    })
    .from(matchmaker_profiles)
    .innerJoin(mm, eq(mm.id, matchmaker_profiles.id))
    .innerJoin(
      user_profiles,
      and(eq(user_profiles.assigned_matchmaker_id, matchmaker_profiles.id), eq(user_profiles.role, 'client')),
    )
    .where(isNotNull(matchmaker_profiles.deactivated_at))
    .orderBy(
      sql`${mm.full_name} ASC NULLS LAST`,
      asc(matchmaker_profiles.id),
      sql`${user_profiles.full_name} ASC NULLS LAST`,
      asc(user_profiles.id),
    );
  const groups = new Map<string, ClientsToReassign[number]>();
  for (const row of rows) {
    let group = groups.get(row.matchmaker_id);
    if (!group) {
      group = {
        id: row.matchmaker_id,
        full_name: row.matchmaker_name ?? '',
        deactivated_at: row.deactivated_at!.toISOString(),
        clients: [],
      };
      groups.set(row.matchmaker_id, group);
    }
    group.clients.push({ id: row.id, full_name: row.full_name, tier: row.tier });
  }
  return [...groups.values()];
}

/** The matchmaker's own public profile (their settings page). */
export async function getOwnMatchmakerProfile({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  return findMember(ctx.db, actor.user.id);
}

/** A row of the audit trail, in the transaction of the change it records. */
export async function audit(
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
 * stays, so the public address does not move. An admin turning an active matchmaker inactive
 * deactivates them (issue 26, decision 024): `deactivated_at`, their sessions deleted in the same
 * transaction, and from then on 403 ACCOUNT_INACTIVE on every staff route; turning them active
 * again lifts it. An invited matchmaker is inactive (not public) without being deactivated.
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
    const deactivating = current.is_active && !is_active;
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
        // Issue 26 (decision 024): deactivated by an admin: no staff route answers them any more.
        ...(deactivating ? { deactivated_at: now } : is_active ? { deactivated_at: null } : {}),
        updated_at: now,
      })
      .where(eq(matchmaker_profiles.id, id));
    // Their sessions end at once (no session is cached between requests: decision 019).
    if (deactivating) await tx.db.delete(session).where(eq(session.userId, id));
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
