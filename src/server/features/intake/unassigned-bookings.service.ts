import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { UnassignedBooking } from '../../../shared/intake';
import type { Actor, AppContext } from '../../context';
import { intake_sessions, unassigned_bookings, user, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { matchmaker, STAFF_LIST_LIMIT } from './intake.service';
import { bookFor } from './intake-bookings.service';

/**
 * Decision 034: the bookings `actor` may see and attach. An admin all; a matchmaker those they
 * host and those without a host. Whom they may attach one to: an admin any client; a matchmaker
 * their own clients and clients without a matchmaker (who then get the booking's host).
 */
function visibleTo(actor: Actor) {
  if (actor.profile.role === 'admin') return undefined;
  return or(
    eq(unassigned_bookings.host_matchmaker_id, actor.user.id),
    isNull(unassigned_bookings.host_matchmaker_id),
  );
}

function mayAttachTo(actor: Actor, client: { role: string; assigned_matchmaker_id: string | null }) {
  if (client.role !== 'client') return false;
  if (actor.profile.role === 'admin') return true;
  return client.assigned_matchmaker_id === null || client.assigned_matchmaker_id === actor.user.id;
}

/** GET /api/unassigned-bookings: the open ones first by when they take place, then cancelled ones. */
export async function listUnassignedBookings({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<UnassignedBooking[]> {
  const suggested = user_profiles;
  const rows = await ctx.db
    .select({
      booking: unassigned_bookings,
      host_name: matchmaker.full_name,
      suggested_id: suggested.id,
      suggested_name: suggested.full_name,
      suggested_role: suggested.role,
      suggested_matchmaker: suggested.assigned_matchmaker_id,
    })
    .from(unassigned_bookings)
    .leftJoin(matchmaker, eq(matchmaker.id, unassigned_bookings.host_matchmaker_id))
    .leftJoin(user, sql`lower(${user.email}) = lower(${unassigned_bookings.invitee_email})`)
    .leftJoin(suggested, and(eq(suggested.id, user.id), eq(suggested.role, 'client')))
    .where(visibleTo(actor))
    .orderBy(
      sql`${unassigned_bookings.cancelled_at} IS NOT NULL`,
      sql`${unassigned_bookings.scheduled_at} ASC NULLS LAST`,
      desc(unassigned_bookings.created_at),
    )
    .limit(STAFF_LIST_LIMIT);
  return rows.map(({ booking: b, host_name, ...s }) => ({
    id: b.id,
    scheduled_at: b.scheduled_at?.toISOString() ?? null,
    event_type_name: b.event_type_name,
    invitee_email: b.invitee_email,
    invitee_name: b.invitee_name,
    host: b.host_matchmaker_id ? { id: b.host_matchmaker_id, full_name: host_name } : null,
    cancelled: b.cancelled_at !== null,
    created_at: b.created_at.toISOString(),
    suggested_client:
      s.suggested_id &&
      s.suggested_role &&
      mayAttachTo(actor, { role: s.suggested_role, assigned_matchmaker_id: s.suggested_matchmaker })
        ? { id: s.suggested_id, full_name: s.suggested_name }
        : null,
  }));
}

/**
 * POST /api/unassigned-bookings/{id}/attach: staff say whose booking it is. It becomes that
 * client's session through the same path as a webhook with the client's reference (bookFor: the
 * host as matchmaker, one upcoming booking, the e-mails), and stops waiting, in one transaction.
 */
export async function attachUnassignedBooking({
  ctx,
  actor,
  id,
  client_id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  client_id: string;
}): Promise<{ session_id: string }> {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const [booking] = await tx.db
      .select({ row: unassigned_bookings, host_email: user.email })
      .from(unassigned_bookings)
      .leftJoin(user, eq(user.id, unassigned_bookings.host_matchmaker_id))
      .where(and(eq(unassigned_bookings.id, id), visibleTo(actor)))
      .for('update', { of: unassigned_bookings });
    if (!booking) throw new AppError('NOT_FOUND', 'Deze afspraak wacht niet (meer) op een klant');
    if (booking.row.cancelled_at) throw new AppError('INTAKE_NOT_OPEN');
    const [client] = await tx.db
      .select({ role: user_profiles.role, assigned_matchmaker_id: user_profiles.assigned_matchmaker_id })
      .from(user_profiles)
      .where(eq(user_profiles.id, client_id));
    if (client?.role !== 'client') throw new AppError('CLIENT_NOT_FOUND');
    if (!mayAttachTo(actor, client)) throw new AppError('UNAUTHORIZED');
    const b = booking.row;
    const result = await bookFor(
      tx,
      ctx,
      {
        kind: 'created',
        event_id: b.calendly_event_id,
        start_time: b.scheduled_at,
        event_type_name: b.event_type_name,
        location: b.location,
        join_url: b.join_url,
        invitee_email: b.invitee_email,
        client_ref_id: client_id,
        host_emails: booking.host_email ? [booking.host_email] : [],
      },
      client_id,
      now,
    );
    if (result !== 'created' && result !== 'updated') throw new AppError('INTAKE_ALREADY_BOOKED');
    const [session] = await tx.db
      .select({ id: intake_sessions.id })
      .from(intake_sessions)
      .where(eq(intake_sessions.calendly_event_id, b.calendly_event_id));
    return { session_id: session!.id };
  });
}
