import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INTAKE_FEEDBACK_DUE_DAYS, type IntakeStatus } from '../../../shared/domain';
import type {
  CompleteIntakeSessionInput,
  CreateIntakeSessionInput,
  IntakeFeedback,
  IntakeSession,
  SchedulerSettings,
  StaffIntakeFeedback,
  StaffIntakeSession,
  SubmitIntakeFeedbackInput,
  UpdateIntakeSessionInput,
} from '../../../shared/intake';
import { CLIENT_REF_UTM_FIELD, fallbackEventSlug, sessionTypeFromEventName } from '../../../shared/intake';
import { isCalendlyUrl } from '../../../shared/scheduler';
import type { Actor, AppContext, OutgoingEmail, Tx } from '../../context';
import type { Db } from '../../db/client';
import { intake_feedback, intake_sessions, matchmaker_profiles, user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { signClientRef } from '../../integrations/scheduler/calendly';
import { AppError } from '../../lib/errors';
import { jsonify } from '../../lib/json';
import { kickTagging, requestTagging } from '../traits';
import {
  feedbackUrl,
  intakeCompletedEmail,
  intakeFeedbackReminderEmail,
  intakeReminderEmails,
  type MailPerson,
  mailIntakeBooked,
  mailIntakeCancelled,
} from './intake.mail';

const DAY_MS = 86_400_000;
const STAFF_LIST_LIMIT = 500;

const matchmaker = alias(user_profiles, 'intake_matchmaker');
const client = alias(user_profiles, 'intake_client');

type SessionRow = typeof intake_sessions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reading sessions

function selectSessions(db: Db) {
  return db
    .select({
      session: intake_sessions,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
      client: { id: client.id, full_name: client.full_name, tier: client.tier },
    })
    .from(intake_sessions)
    .innerJoin(client, eq(client.id, intake_sessions.user_id))
    .leftJoin(matchmaker, eq(matchmaker.id, intake_sessions.assigned_matchmaker_id));
}
type JoinedSession = Awaited<ReturnType<typeof selectSessions>>[number];

/** A session as its client sees it: never the matchmaker's notes. */
function toClientSession(row: JoinedSession): IntakeSession {
  const { matchmaker_notes: _notes, ...session } = row.session;
  return jsonify({ ...session, matchmaker: row.matchmaker?.id ? row.matchmaker : null });
}

function toStaffSession(row: JoinedSession): StaffIntakeSession {
  return jsonify({
    ...row.session,
    matchmaker: row.matchmaker?.id ? row.matchmaker : null,
    client: row.client,
  });
}

/** GET /api/me/intake-sessions: the client's own sessions, newest first (spec section 7). */
export async function listMyIntakeSessions({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  const rows = await selectSessions(ctx.db)
    .where(eq(intake_sessions.user_id, actor.user.id))
    .orderBy(desc(intake_sessions.created_at), desc(intake_sessions.id));
  return rows.map(toClientSession);
}

/**
 * GET /api/intake-sessions for staff: a matchmaker the sessions they host and those of their
 * clients, an admin all; by status and a window on scheduled_at; by scheduled_at, latest first.
 */
export async function listStaffIntakeSessions({
  ctx,
  actor,
  filters,
}: {
  ctx: AppContext;
  actor: Actor;
  filters: { status?: IntakeStatus; from?: string; to?: string };
}): Promise<StaffIntakeSession[]> {
  const conditions: (SQL | undefined)[] = [
    actor.profile.role === 'admin'
      ? undefined
      : or(
          eq(intake_sessions.assigned_matchmaker_id, actor.user.id),
          eq(client.assigned_matchmaker_id, actor.user.id),
        ),
    filters.status ? eq(intake_sessions.status, filters.status) : undefined,
    filters.from ? gte(intake_sessions.scheduled_at, new Date(filters.from)) : undefined,
    filters.to ? lte(intake_sessions.scheduled_at, new Date(filters.to)) : undefined,
  ];
  const rows = await selectSessions(ctx.db)
    .where(and(...conditions))
    .orderBy(sql`${intake_sessions.scheduled_at} DESC NULLS LAST`, desc(intake_sessions.id))
    .limit(STAFF_LIST_LIMIT);
  return rows.map(toStaffSession);
}

/**
 * For the trait tagger (issue 15): the client's latest completed intake with the matchmaker's
 * notes, or null. The notes are stored in the transaction that completes the session.
 */
export async function findCompletedIntakeWithNotes({
  ctx,
  clientId,
}: {
  ctx: Pick<AppContext, 'db'>;
  clientId: string;
}): Promise<{
  session_id: string;
  client_id: string;
  matchmaker_id: string | null;
  matchmaker_notes: string;
  completed_at: Date;
} | null> {
  const [row] = await ctx.db
    .select({
      session_id: intake_sessions.id,
      client_id: intake_sessions.user_id,
      matchmaker_id: intake_sessions.assigned_matchmaker_id,
      matchmaker_notes: intake_sessions.matchmaker_notes,
      completed_at: intake_sessions.completed_at,
      updated_at: intake_sessions.updated_at,
    })
    .from(intake_sessions)
    .where(
      and(
        eq(intake_sessions.user_id, clientId),
        eq(intake_sessions.status, 'completed'),
        sql`${intake_sessions.matchmaker_notes} IS NOT NULL`,
      ),
    )
    .orderBy(sql`${intake_sessions.completed_at} DESC NULLS LAST`, desc(intake_sessions.updated_at))
    .limit(1);
  if (!row?.matchmaker_notes) return null;
  return {
    session_id: row.session_id,
    client_id: row.client_id,
    matchmaker_id: row.matchmaker_id,
    matchmaker_notes: row.matchmaker_notes,
    completed_at: row.completed_at ?? row.updated_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Which scheduler a client sees

/**
 * Issue 13 point 1: the assigned matchmaker's Calendly link, else the tier's fallback link under
 * CALENDLY_BASE_URL; the signed client reference rides along in a UTM field. With the Testagenda
 * the same link is opened in the local test scheduler.
 */
export async function getSchedulerSettings({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<SchedulerSettings> {
  const assigned = actor.profile.assigned_matchmaker_id;
  let link: string | null = null;
  if (assigned) {
    const [row] = await ctx.db
      .select({ calendly_link: matchmaker_profiles.calendly_link })
      .from(matchmaker_profiles)
      .where(and(eq(matchmaker_profiles.id, assigned), eq(matchmaker_profiles.is_active, true)));
    if (row?.calendly_link && isCalendlyUrl(row.calendly_link)) link = row.calendly_link;
  }
  const source = link ? 'matchmaker' : 'fallback';
  link ??= `${ctx.scheduler.baseUrl}/${fallbackEventSlug(actor.profile.tier)}`;
  const ref = signClientRef(actor.user.id, ctx.scheduler.refSecret);
  if (ctx.scheduler.name === 'demo') {
    const url = new URL('/testagenda', ctx.env.APP_URL);
    url.searchParams.set('link', link);
    url.searchParams.set(CLIENT_REF_UTM_FIELD, ref);
    return { provider: 'demo', link, url: `${url.pathname}${url.search}`, source };
  }
  const url = new URL(link);
  url.searchParams.set(CLIENT_REF_UTM_FIELD, ref);
  return { provider: 'calendly', link, url: url.toString(), source };
}

// ---------------------------------------------------------------------------------------------
// Bookings: from the browser's message and from the webhook, one row per calendly_event_id

async function findPeople(db: Db, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows: MailPerson[] = wanted.length
    ? await db
        .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
        .from(user)
        .innerJoin(user_profiles, eq(user_profiles.id, user.id))
        .where(inArray(user.id, wanted))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: string | null | undefined) => (id ? byId.get(id) : undefined);
}

async function mailBooked(tx: Tx, ctx: AppContext, session: SessionRow) {
  if (session.status !== 'scheduled') return;
  const find = await findPeople(tx.db, [session.user_id, session.assigned_matchmaker_id]);
  await mailIntakeBooked({
    tx,
    appUrl: ctx.env.APP_URL,
    session,
    client: find(session.user_id),
    matchmaker: find(session.assigned_matchmaker_id),
  });
}

async function getClientSession(db: Db, id: string): Promise<IntakeSession> {
  const [row] = await selectSessions(db).where(eq(intake_sessions.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toClientSession(row);
}

/**
 * POST /api/intake-sessions: the booking as the client's browser saw it. An existing
 * calendly_event_id gives the existing session (spec section 5); the unique key decides a race
 * with the webhook. Someone else's event is refused.
 */
export async function createIntakeSession({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: CreateIntakeSessionInput;
}): Promise<{ session: IntakeSession; created: boolean }> {
  const now = ctx.clock.now();
  const result = await ctx.transaction(async (tx) => {
    const [inserted] = await tx.db
      .insert(intake_sessions)
      .values({
        user_id: actor.user.id,
        calendly_event_id: input.calendly_event_id,
        scheduled_at: new Date(input.scheduled_at),
        session_type: sessionTypeFromEventName(input.event_type_name),
        status: 'scheduled',
        ...locationFields(input.location),
        assigned_matchmaker_id: actor.profile.assigned_matchmaker_id,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: intake_sessions.calendly_event_id })
      .returning();
    if (inserted) {
      await mailBooked(tx, ctx, inserted);
      return { id: inserted.id, created: true };
    }
    const [existing] = await tx.db
      .select({ id: intake_sessions.id, user_id: intake_sessions.user_id })
      .from(intake_sessions)
      .where(eq(intake_sessions.calendly_event_id, input.calendly_event_id));
    if (!existing || existing.user_id !== actor.user.id) throw new AppError('INTAKE_EVENT_TAKEN');
    return { id: existing.id, created: false };
  });
  return { session: await getClientSession(ctx.db, result.id), created: result.created };
}

/** A location text that is a URL is the join link of an online meeting. */
function locationFields(location: string | null | undefined): {
  location: string | null;
  join_url: string | null;
} {
  if (!location) return { location: null, join_url: null };
  return /^https:\/\/\S+$/i.test(location)
    ? { location: null, join_url: location }
    : { location, join_url: null };
}

/** PATCH /api/intake-sessions/{id}: the caller's own scheduled session only (spec section 6). */
export async function updateIntakeSession({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: UpdateIntakeSessionInput;
}): Promise<IntakeSession> {
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const [session] = await tx.db
      .select()
      .from(intake_sessions)
      .where(and(eq(intake_sessions.id, id), eq(intake_sessions.user_id, actor.user.id)))
      .for('update');
    if (!session) throw new AppError('NOT_FOUND');
    if (session.status !== 'scheduled') throw new AppError('INTAKE_NOT_OPEN');
    const [updated] = await tx.db
      .update(intake_sessions)
      .set({
        ...(input.scheduled_at ? { scheduled_at: new Date(input.scheduled_at) } : {}),
        ...(input.location !== undefined ? locationFields(input.location) : {}),
        ...(input.status === 'cancelled' ? { status: 'cancelled' as const, cancelled_at: now } : {}),
        updated_at: now,
      })
      .where(eq(intake_sessions.id, id))
      .returning();
    if (updated?.status === 'cancelled') await mailCancelled(tx, ctx, updated);
  });
  return getClientSession(ctx.db, id);
}

async function mailCancelled(tx: Tx, ctx: AppContext, session: SessionRow) {
  const find = await findPeople(tx.db, [session.user_id, session.assigned_matchmaker_id]);
  await mailIntakeCancelled({
    tx,
    appUrl: ctx.env.APP_URL,
    session,
    client: find(session.user_id),
    matchmaker: find(session.assigned_matchmaker_id),
  });
}

/** What the webhook handler makes of a verified Calendly event. */
export interface CalendlyBooking {
  kind: 'created' | 'canceled';
  event_id: string;
  start_time: Date | null;
  event_type_name: string | null;
  location: string | null;
  join_url: string | null;
  invitee_email: string | null;
  client_ref_id: string | null;
  host_emails: string[];
}

/**
 * A verified webhook's booking: the client by the signed reference, else by the invitee's
 * e-mail; the host matchmaker by the event's host e-mail. invitee.created upserts the session
 * (a cancelled one stays cancelled); invitee.canceled marks it cancelled. Returns what happened.
 */
export async function applyCalendlyBooking({
  ctx,
  booking,
}: {
  ctx: AppContext;
  booking: CalendlyBooking;
}): Promise<'created' | 'updated' | 'cancelled' | 'ignored'> {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const clientId = await findBookingClient(tx.db, booking);
    if (!clientId) {
      ctx.logger.warn({ event_id: booking.event_id }, 'calendly booking without a known client');
      return 'ignored';
    }
    const hostId = await findHost(tx.db, booking.host_emails);
    const [profile] = await tx.db
      .select({ assigned_matchmaker_id: user_profiles.assigned_matchmaker_id })
      .from(user_profiles)
      .where(eq(user_profiles.id, clientId))
      .for('update');
    // A client without a matchmaker gets the host of their booking (issue 13).
    if (hostId && profile && !profile.assigned_matchmaker_id && booking.kind === 'created') {
      await tx.db
        .update(user_profiles)
        .set({ assigned_matchmaker_id: hostId, updated_at: now })
        .where(and(eq(user_profiles.id, clientId), isNull(user_profiles.assigned_matchmaker_id)));
    }
    const matchmakerId = hostId ?? profile?.assigned_matchmaker_id ?? null;
    const values = {
      user_id: clientId,
      calendly_event_id: booking.event_id,
      scheduled_at: booking.start_time,
      session_type: sessionTypeFromEventName(booking.event_type_name),
      location: booking.location,
      join_url: booking.join_url,
      assigned_matchmaker_id: matchmakerId,
      created_at: now,
      updated_at: now,
    };

    if (booking.kind === 'canceled') {
      const [cancelled] = await tx.db
        .update(intake_sessions)
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where(
          and(
            eq(intake_sessions.calendly_event_id, booking.event_id),
            eq(intake_sessions.status, 'scheduled'),
          ),
        )
        .returning();
      if (cancelled) {
        await mailCancelled(tx, ctx, cancelled);
        return 'cancelled';
      }
      // The cancellation came first: keep the event as cancelled, so a late creation stays so.
      await tx.db
        .insert(intake_sessions)
        .values({ ...values, status: 'cancelled', cancelled_at: now })
        .onConflictDoNothing({ target: intake_sessions.calendly_event_id });
      return 'ignored';
    }

    const [row] = await tx.db
      .insert(intake_sessions)
      .values({ ...values, status: 'scheduled' })
      .onConflictDoUpdate({
        target: intake_sessions.calendly_event_id,
        set: {
          scheduled_at: sql`coalesce(excluded.scheduled_at, ${intake_sessions.scheduled_at})`,
          session_type: sql`excluded.session_type`,
          location: sql`coalesce(excluded.location, ${intake_sessions.location})`,
          join_url: sql`coalesce(excluded.join_url, ${intake_sessions.join_url})`,
          assigned_matchmaker_id: sql`coalesce(excluded.assigned_matchmaker_id, ${intake_sessions.assigned_matchmaker_id})`,
          updated_at: now,
        },
        // Never another client's session, and a cancelled or held session stays as it is.
        setWhere: and(eq(intake_sessions.user_id, clientId), eq(intake_sessions.status, 'scheduled')),
      })
      .returning({ id: intake_sessions.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!row) return 'ignored';
    const [session] = await tx.db.select().from(intake_sessions).where(eq(intake_sessions.id, row.id));
    if (session) await mailBooked(tx, ctx, session);
    return row.inserted ? 'created' : 'updated';
  });
}

async function findBookingClient(db: Db, booking: CalendlyBooking): Promise<string | null> {
  const byRef = booking.client_ref_id
    ? await db
        .select({ id: user_profiles.id })
        .from(user_profiles)
        .where(and(eq(user_profiles.id, booking.client_ref_id), eq(user_profiles.role, 'client')))
    : [];
  if (byRef[0]) return byRef[0].id;
  if (!booking.invitee_email) return null;
  const [byEmail] = await db
    .select({ id: user_profiles.id })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(
      and(sql`lower(${user.email}) = lower(${booking.invitee_email})`, eq(user_profiles.role, 'client')),
    );
  return byEmail?.id ?? null;
}

async function findHost(db: Db, emails: string[]): Promise<string | null> {
  const wanted = emails.map((e) => e.toLowerCase()).slice(0, 10);
  if (!wanted.length) return null;
  const [host] = await db
    .select({ id: user_profiles.id })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(and(inArray(sql`lower(${user.email})`, wanted), eq(user_profiles.role, 'matchmaker')))
    .limit(1);
  return host?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Completing an intake

/**
 * POST /api/intake-sessions/{id}/complete: the session's matchmaker only (spec section 6). In one
 * transaction: completed with the notes, the client active_for_matching, the intake_feedback row
 * (due 7 days later), the client's e-mail and the request to tag the notes for traits; after the
 * commit, the tagging run.
 */
export async function completeIntakeSession({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: CompleteIntakeSessionInput;
}): Promise<StaffIntakeSession> {
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    const [session] = await tx.db
      .select({ session: intake_sessions, client_matchmaker: user_profiles.assigned_matchmaker_id })
      .from(intake_sessions)
      .innerJoin(user_profiles, eq(user_profiles.id, intake_sessions.user_id))
      .where(eq(intake_sessions.id, id))
      .for('update', { of: intake_sessions });
    // Sessions a matchmaker cannot see are not found; one they see but do not host is refused.
    const visible =
      session &&
      (session.session.assigned_matchmaker_id === actor.user.id ||
        session.client_matchmaker === actor.user.id);
    if (!session || !visible) throw new AppError('NOT_FOUND');
    if (session.session.assigned_matchmaker_id !== actor.user.id)
      throw new AppError('INTAKE_NOT_YOUR_SESSION');
    if (session.session.status !== 'scheduled') throw new AppError('INTAKE_NOT_OPEN');
    const clientId = session.session.user_id;
    await tx.db
      .update(intake_sessions)
      .set({
        status: 'completed',
        matchmaker_notes: input.matchmaker_notes,
        completed_at: now,
        updated_at: now,
      })
      .where(eq(intake_sessions.id, id));
    await tx.db
      .update(user_profiles)
      .set({ contract_status: 'active_for_matching', updated_at: now })
      .where(eq(user_profiles.id, clientId));
    const [feedback] = await tx.db
      .insert(intake_feedback)
      .values({
        intake_session_id: id,
        client_id: clientId,
        matchmaker_id: actor.user.id,
        feedback_requested_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: intake_feedback.intake_session_id })
      .returning({ id: intake_feedback.id });
    const find = await findPeople(tx.db, [clientId]);
    const person = find(clientId);
    if (person && feedback) {
      await tx.queueMail({
        to: person.email,
        dedupe_key: `intake-completed:${id}`,
        ...intakeCompletedEmail({
          name: greetingName(person.full_name),
          url: feedbackUrl(ctx.env.APP_URL, feedback.id),
        }),
      });
    }
    // Issue 15: the notes are tagged for traits; asked in this transaction, run after it.
    await requestTagging({ tx, clientId, reason: 'intake completed' });
  });
  kickTagging({ ctx });
  const [row] = await selectSessions(ctx.db).where(eq(intake_sessions.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toStaffSession(row);
}

// ---------------------------------------------------------------------------------------------
// Intake feedback

const dueAt = (requestedAt: Date) => new Date(requestedAt.getTime() + INTAKE_FEEDBACK_DUE_DAYS * DAY_MS);

function selectFeedback(db: Db) {
  return db
    .select({
      feedback: intake_feedback,
      session: { scheduled_at: intake_sessions.scheduled_at, session_type: intake_sessions.session_type },
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
    })
    .from(intake_feedback)
    .innerJoin(intake_sessions, eq(intake_sessions.id, intake_feedback.intake_session_id))
    .leftJoin(matchmaker, eq(matchmaker.id, intake_feedback.matchmaker_id));
}
type JoinedFeedback = Awaited<ReturnType<typeof selectFeedback>>[number];

function toFeedback(row: JoinedFeedback): IntakeFeedback {
  const { created_at: _created, ...feedback } = row.feedback;
  return jsonify({
    ...feedback,
    due_at: dueAt(row.feedback.feedback_requested_at),
    session: row.session,
    matchmaker: row.matchmaker?.id ? row.matchmaker : null,
  });
}

/** GET /api/me/intake-feedback: the client's pending feedback, newest first (spec section 7). */
export async function listMyPendingIntakeFeedback({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  const rows = await selectFeedback(ctx.db)
    .where(and(eq(intake_feedback.client_id, actor.user.id), isNull(intake_feedback.submitted_at)))
    .orderBy(desc(intake_feedback.feedback_requested_at), desc(intake_feedback.id));
  return rows.map(toFeedback);
}

/** GET /api/me/intake-feedback/{id}: one of the client's own rows (the form's page). */
export async function getMyIntakeFeedback({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: string }) {
  const [row] = await selectFeedback(ctx.db).where(
    and(eq(intake_feedback.id, id), eq(intake_feedback.client_id, actor.user.id)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toFeedback(row);
}

/**
 * PATCH /api/intake-feedback/{id}: the client's own row, once. An unset rating or empty text is
 * stored as null (spec section 5).
 */
export async function submitIntakeFeedback({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: SubmitIntakeFeedbackInput;
}): Promise<IntakeFeedback> {
  const now = ctx.clock.now();
  const text = input.improvement_feedback?.trim();
  const [updated] = await ctx.db
    .update(intake_feedback)
    .set({
      overall_satisfaction_rating: input.overall_satisfaction_rating ?? null,
      professionalism_rating: input.professionalism_rating ?? null,
      communication_rating: input.communication_rating ?? null,
      improvement_feedback: text ? text : null,
      submitted_at: now,
      updated_at: now,
    })
    .where(
      and(
        eq(intake_feedback.id, id),
        eq(intake_feedback.client_id, actor.user.id),
        isNull(intake_feedback.submitted_at),
      ),
    )
    .returning({ id: intake_feedback.id });
  if (!updated) {
    const [own] = await ctx.db
      .select({ id: intake_feedback.id })
      .from(intake_feedback)
      .where(and(eq(intake_feedback.id, id), eq(intake_feedback.client_id, actor.user.id)));
    throw new AppError(own ? 'INTAKE_FEEDBACK_ALREADY_GIVEN' : 'NOT_FOUND');
  }
  return getMyIntakeFeedback({ ctx, actor, id });
}

/**
 * GET /api/intake-feedback: submitted intake feedback, newest first. A matchmaker gets their own,
 * without any client reference (spec section 6: anonymous); an admin all, with the client.
 */
export async function listStaffIntakeFeedback({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<StaffIntakeFeedback[]> {
  const isAdmin = actor.profile.role === 'admin';
  const rows = await ctx.db
    .select({
      id: intake_feedback.id,
      submitted_at: intake_feedback.submitted_at,
      professionalism_rating: intake_feedback.professionalism_rating,
      communication_rating: intake_feedback.communication_rating,
      overall_satisfaction_rating: intake_feedback.overall_satisfaction_rating,
      improvement_feedback: intake_feedback.improvement_feedback,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
      client_id: intake_feedback.client_id,
      client_name: sql<
        string | null
      >`(SELECT p.full_name FROM ${user_profiles} p WHERE p.id = ${intake_feedback.client_id})`,
    })
    .from(intake_feedback)
    .leftJoin(matchmaker, eq(matchmaker.id, intake_feedback.matchmaker_id))
    .where(
      and(
        sql`${intake_feedback.submitted_at} IS NOT NULL`,
        isAdmin ? undefined : eq(intake_feedback.matchmaker_id, actor.user.id),
      ),
    )
    .orderBy(desc(intake_feedback.submitted_at), asc(intake_feedback.id))
    .limit(STAFF_LIST_LIMIT);
  return rows.map(({ client_id, client_name, ...row }) =>
    jsonify({
      ...row,
      submitted_at: row.submitted_at!,
      matchmaker: row.matchmaker?.id ? row.matchmaker : null,
      // The matchmaker's reply carries nothing that points at the client.
      client: isAdmin ? { id: client_id, full_name: client_name } : null,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The reminders job

/**
 * Every quarter of an hour: a reminder the day before a session booked more than a day ahead,
 * and two days before intake feedback is due, a reminder to a client who has not given it. The
 * outbox's dedupe keys make each one once. One transaction, in a fixed number of statements
 * however many are due: the sessions, the feedback rows, the people, and every e-mail in one
 * `queueMails` (its opt-outs and INSERT).
 */
export async function sweepIntakeReminders({ ctx }: { ctx: AppContext }): Promise<Record<string, number>> {
  const now = ctx.clock.now();
  const appUrl = ctx.env.APP_URL;
  const tomorrow = new Date(now.getTime() + DAY_MS);
  const windowStart = new Date(now.getTime() - INTAKE_FEEDBACK_DUE_DAYS * DAY_MS);
  const windowEnd = new Date(now.getTime() - (INTAKE_FEEDBACK_DUE_DAYS - 2) * DAY_MS);
  return ctx.transaction(async (tx) => {
    const sessions = await tx.db
      .select()
      .from(intake_sessions)
      .where(
        and(
          eq(intake_sessions.status, 'scheduled'),
          sql`${intake_sessions.scheduled_at} > ${now}`,
          lte(intake_sessions.scheduled_at, tomorrow),
          sql`${intake_sessions.created_at} <= ${intake_sessions.scheduled_at} - interval '24 hours'`,
        ),
      );
    const pending = await tx.db
      .select({ id: intake_feedback.id, client_id: intake_feedback.client_id })
      .from(intake_feedback)
      .where(
        and(
          isNull(intake_feedback.submitted_at),
          sql`${intake_feedback.feedback_requested_at} > ${windowStart}`,
          lte(intake_feedback.feedback_requested_at, windowEnd),
        ),
      );
    const find = await findPeople(tx.db, [
      ...sessions.flatMap((session) => [session.user_id, session.assigned_matchmaker_id]),
      ...pending.map((row) => row.client_id),
    ]);
    const messages: OutgoingEmail[] = sessions.flatMap((session) =>
      intakeReminderEmails({
        appUrl,
        session,
        client: find(session.user_id),
        matchmaker: find(session.assigned_matchmaker_id),
      }),
    );
    for (const row of pending) {
      const person = find(row.client_id);
      if (!person) continue;
      messages.push({
        to: person.email,
        dedupe_key: `intake-feedback-reminder:${row.id}`,
        ...intakeFeedbackReminderEmail({
          name: greetingName(person.full_name),
          url: feedbackUrl(appUrl, row.id),
        }),
      });
    }
    await tx.queueMails(messages);
    return { session_reminders: sessions.length, feedback_reminders: pending.length };
  });
}
