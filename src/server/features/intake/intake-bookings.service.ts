import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type CreateIntakeSessionInput,
  canChangeBooking,
  type IntakeMoveSlots,
  type IntakeSession,
  sessionTypeFromEventName,
  type UpdateIntakeSessionInput,
} from '../../../shared/intake';
import type { Actor, AppContext, Tx } from '../../context';
import type { Db } from '../../db/client';
import { intake_sessions, unassigned_bookings, user, user_profiles } from '../../db/schema';
import { selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { mailIntakeBooked, mailIntakeCancelled, mailIntakeMoved } from './intake.mail';
import { findPeople, type SessionRow, selectSessions, toClientSession } from './intake.service';
import {
  findUpcomingBooking,
  freeSlots,
  hostSessionsQuery,
  lockClient,
  testSchedulerSlots,
  withoutBusy,
} from './intake-rules';

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
    await lockClient(tx.db, actor.user.id);
    const known = await findEvent(tx.db, input.calendly_event_id);
    if (known) {
      if (known.user_id !== actor.user.id) throw new AppError('INTAKE_EVENT_TAKEN');
      return { id: known.id, created: false };
    }
    // Issue 26: at most one upcoming booking per client.
    if (await findUpcomingBooking(tx.db, actor.user.id, now)) throw new AppError('INTAKE_ALREADY_BOOKED');
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
      // The client's own signed-in page reported this event: it no longer waits for staff.
      await tx.db
        .delete(unassigned_bookings)
        .where(eq(unassigned_bookings.calendly_event_id, input.calendly_event_id));
      await mailBooked(tx, ctx, inserted);
      return { id: inserted.id, created: true };
    }
    const existing = await findEvent(tx.db, input.calendly_event_id);
    if (!existing || existing.user_id !== actor.user.id) throw new AppError('INTAKE_EVENT_TAKEN');
    return { id: existing.id, created: false };
  });
  return { session: await getClientSession(ctx.db, result.id), created: result.created };
}

async function findEvent(db: Db, eventId: string) {
  const [row] = await db
    .select({ id: intake_sessions.id, user_id: intake_sessions.user_id })
    .from(intake_sessions)
    .where(eq(intake_sessions.calendly_event_id, eventId));
  return row ?? null;
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

/**
 * PATCH /api/intake-sessions/{id}: the caller's own scheduled session only (spec section 6). Issue
 * 26: up to 24 hours before its start (the app's clock), and a move only to a slot its matchmaker
 * has free; the client and the matchmaker are mailed in the same transaction.
 */
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
    if (!canChangeBooking(session.scheduled_at, now)) throw new AppError('INTAKE_CHANGE_TOO_LATE');
    const cancel = input.status === 'cancelled';
    const moveTo = !cancel && input.scheduled_at ? new Date(input.scheduled_at) : null;
    const moved = !!moveTo && moveTo.getTime() !== session.scheduled_at?.getTime();
    if (moved) {
      const free = await freeSlots(tx.db, session.assigned_matchmaker_id, now);
      if (!free.includes(moveTo.toISOString())) throw new AppError('INTAKE_SLOT_NOT_FREE');
    }
    const [updated] = await tx.db
      .update(intake_sessions)
      .set({
        ...(moved ? { scheduled_at: moveTo } : {}),
        ...(input.location !== undefined ? locationFields(input.location) : {}),
        ...(cancel ? { status: 'cancelled' as const, cancelled_at: now } : {}),
        updated_at: now,
      })
      .where(eq(intake_sessions.id, id))
      .returning();
    if (!updated) return;
    if (updated.status === 'cancelled') await mailCancelled(tx, ctx, updated);
    else if (moved) await mailMoved(tx, ctx, updated, session.scheduled_at);
  });
  return getClientSession(ctx.db, id);
}

/**
 * GET /api/intake-sessions/{id}/slots: where the caller may move their own booking to, in one
 * statement after the session check (decision 022): the session and its host's sessions.
 */
export async function getMoveSlots({
  ctx,
  actor,
  id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
}): Promise<IntakeMoveSlots> {
  const now = ctx.clock.now();
  const slots = testSchedulerSlots(now);
  const own = sql`SELECT status, scheduled_at, assigned_matchmaker_id FROM intake_sessions
    WHERE id = ${id} AND user_id = ${actor.user.id}`;
  const found = await selectTogether<{
    session: { status: string; scheduled_at: string | null };
    busy: { at: string };
  }>(ctx.db, {
    session: own,
    busy: hostSessionsQuery(sql`SELECT assigned_matchmaker_id FROM (${own}) o`, slots),
  });
  const [session] = found.session;
  if (!session) throw new AppError('NOT_FOUND');
  if (session.status !== 'scheduled') throw new AppError('INTAKE_NOT_OPEN');
  if (!canChangeBooking(session.scheduled_at, now)) return { can_change: false, slots: [] };
  return {
    can_change: true,
    slots: withoutBusy(
      slots,
      found.busy.map((row) => row.at),
    ),
  };
}

async function mailMoved(tx: Tx, ctx: AppContext, session: SessionRow, from: Date | null) {
  const find = await findPeople(tx.db, [session.user_id, session.assigned_matchmaker_id]);
  await mailIntakeMoved({
    tx,
    appUrl: ctx.env.APP_URL,
    session,
    from,
    client: find(session.user_id),
    matchmaker: find(session.assigned_matchmaker_id),
  });
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
  invitee_name?: string | null;
  client_ref_id: string | null;
  host_emails: string[];
  /** Calendly's reschedule: the event this invitee's booking replaces (from `old_invitee`). */
  replaces_event_id?: string | null;
}

export type BookingResult = 'created' | 'updated' | 'cancelled' | 'ignored' | 'unassigned';

/**
 * A verified webhook's booking (decision 034). The client is known only by what their own page
 * could have sent: the signed reference it passed to the scheduler (returned in `tracking`), or,
 * for Calendly's reschedule, the session of the event it replaces; a session the client's own
 * browser already recorded for this event keeps its client. The invitee's e-mail attaches nothing:
 * anyone can type anyone's address on a public booking page. A booking without a client waits as
 * an unassigned booking until staff attach it (`attachUnassignedBooking`). The host matchmaker
 * comes from the event's host e-mail. invitee.created upserts the session (a cancelled one stays
 * cancelled); invitee.canceled marks it cancelled. Returns what happened.
 */
export async function applyCalendlyBooking({
  ctx,
  booking,
}: {
  ctx: AppContext;
  booking: CalendlyBooking;
}): Promise<BookingResult> {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const clientId = await findBookingClient(tx.db, booking);
    if (!clientId) {
      if (booking.kind === 'canceled') {
        // The event is Calendly's and verified: cancelling it needs no client (it may be waiting).
        const cancelled = await cancelEvent(tx, booking.event_id, now);
        if (cancelled) {
          await mailCancelled(tx, ctx, cancelled);
          return 'cancelled';
        }
        await tx.db
          .update(unassigned_bookings)
          .set({ cancelled_at: now, updated_at: now })
          .where(eq(unassigned_bookings.calendly_event_id, booking.event_id));
        return 'ignored';
      }
      await holdUnassigned(tx.db, booking, await findHost(tx.db, booking.host_emails), now);
      ctx.logger.warn(
        { event_id: booking.event_id },
        'calendly booking without a client reference: unassigned',
      );
      return 'unassigned';
    }
    return bookFor(tx, ctx, booking, clientId, now);
  });
}

async function cancelEvent(tx: Tx, eventId: string, now: Date) {
  const [cancelled] = await tx.db
    .update(intake_sessions)
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where(and(eq(intake_sessions.calendly_event_id, eventId), eq(intake_sessions.status, 'scheduled')))
    .returning();
  return cancelled ?? null;
}

/** A booking without a client, kept for staff; a repeated delivery updates it. */
async function holdUnassigned(db: Db, booking: CalendlyBooking, hostId: string | null, now: Date) {
  const values = {
    scheduled_at: booking.start_time,
    event_type_name: booking.event_type_name?.slice(0, 200) ?? null,
    location: booking.location,
    join_url: booking.join_url,
    invitee_email: booking.invitee_email?.slice(0, 320) ?? null,
    invitee_name: booking.invitee_name?.slice(0, 200) ?? null,
    host_matchmaker_id: hostId,
  };
  await db
    .insert(unassigned_bookings)
    .values({ calendly_event_id: booking.event_id, ...values, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: unassigned_bookings.calendly_event_id,
      set: { ...values, updated_at: now },
    });
}

/** The booking recorded as `clientId`'s session, in the caller's transaction: the one path for the webhook and for staff. */
export async function bookFor(
  tx: Tx,
  ctx: AppContext,
  booking: CalendlyBooking,
  clientId: string,
  now: Date,
): Promise<BookingResult> {
  const hostId = await findHost(tx.db, booking.host_emails);
  const profile = await lockClient(tx.db, clientId);
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
    const cancelled = await cancelEvent(tx, booking.event_id, now);
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

  // Issue 26: at most one upcoming booking per client. Calendly's reschedule replaces the old
  // event; any other second booking is not recorded (the first is kept), and logged without
  // personal data (decision 025).
  if (!(await findEvent(tx.db, booking.event_id))) {
    const upcoming = await findUpcomingBooking(tx.db, clientId, now);
    if (upcoming && booking.replaces_event_id && upcoming.calendly_event_id === booking.replaces_event_id) {
      await tx.db
        .update(intake_sessions)
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where(eq(intake_sessions.id, upcoming.id));
    } else if (upcoming) {
      ctx.logger.warn(
        { event_id: booking.event_id, kept_session_id: upcoming.id },
        'calendly booking not recorded: the client already has an upcoming booking',
      );
      return 'ignored';
    }
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
  // A booking that waited for staff is now a session.
  await tx.db.delete(unassigned_bookings).where(eq(unassigned_bookings.calendly_event_id, booking.event_id));
  const [session] = await tx.db.select().from(intake_sessions).where(eq(intake_sessions.id, row.id));
  if (session) await mailBooked(tx, ctx, session);
  return row.inserted ? 'created' : 'updated';
}

/**
 * The client of a booking, by what only their own page could have sent (decision 034): the signed
 * reference; for a reschedule, the client of the session it replaces; else the client whose own
 * browser already recorded this event. Never by the invitee's e-mail.
 */
async function findBookingClient(db: Db, booking: CalendlyBooking): Promise<string | null> {
  const events = [booking.event_id, booking.replaces_event_id].filter((id): id is string => !!id);
  const found = await selectTogether<{ byRef: { id: string }; byEvent: { user_id: string; event: string } }>(
    db,
    {
      byRef: sql`SELECT id FROM ${user_profiles} WHERE id = ${booking.client_ref_id} AND role = 'client'`,
      byEvent: sql`SELECT user_id, calendly_event_id AS event FROM ${intake_sessions}
      WHERE calendly_event_id IN (${sql.join(
        events.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    },
  );
  if (found.byRef[0]) return found.byRef[0].id;
  const replaced = found.byEvent.find((row) => row.event === booking.replaces_event_id);
  if (replaced) return replaced.user_id;
  return found.byEvent.find((row) => row.event === booking.event_id)?.user_id ?? null;
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
