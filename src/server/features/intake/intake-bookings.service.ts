import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CreateIntakeSessionInput,
  IntakeSession,
  UpdateIntakeSessionInput,
} from '../../../shared/intake';
import { sessionTypeFromEventName } from '../../../shared/intake';
import type { Actor, AppContext, Tx } from '../../context';
import type { Db } from '../../db/client';
import { intake_sessions, user, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { mailIntakeBooked, mailIntakeCancelled } from './intake.mail';
import { findPeople, type SessionRow, selectSessions, toClientSession } from './intake.service';

// ---------------------------------------------------------------------------------------------
// Bookings: from the browser's message and from the webhook, one row per calendly_event_id

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
