import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SchedulerBookingMessage, TestSchedulerSlots } from '../../../shared/intake';
import { CLIENT_REF_UTM_FIELD, TEST_SCHEDULER_NAME } from '../../../shared/intake';
import type { Actor, AppContext } from '../../context';
import { matchmaker_profiles, user, user_profiles } from '../../db/schema';
import { signCalendlyWebhook } from '../../integrations/scheduler/calendly';
import { AppError } from '../../lib/errors';
import { receiveCalendlyWebhook } from './calendly-webhook';
import { findUpcomingBooking, freeSlots, testSchedulerSlots } from './intake-rules';

/**
 * The host of a link: the matchmaker whose Calendly link it is, else (a tier's fallback link) the
 * active matchmaker with the fewest active clients.
 */
async function findHost(ctx: AppContext, link: string) {
  const [owner] = await ctx.db
    .select({ id: user_profiles.id, full_name: user_profiles.full_name, email: user.email })
    .from(matchmaker_profiles)
    .innerJoin(user_profiles, eq(user_profiles.id, matchmaker_profiles.id))
    .innerJoin(user, eq(user.id, matchmaker_profiles.id))
    .where(and(eq(matchmaker_profiles.calendly_link, link), eq(matchmaker_profiles.is_active, true)))
    .limit(1);
  if (owner) return owner;
  const [fewest] = await ctx.db
    .select({ id: user_profiles.id, full_name: user_profiles.full_name, email: user.email })
    .from(matchmaker_profiles)
    .innerJoin(user_profiles, eq(user_profiles.id, matchmaker_profiles.id))
    .innerJoin(user, eq(user.id, matchmaker_profiles.id))
    .where(eq(matchmaker_profiles.is_active, true))
    .orderBy(
      sql`(SELECT count(*) FROM ${user_profiles} c WHERE c.assigned_matchmaker_id = ${matchmaker_profiles.id}
            AND c.role = 'client' AND c.contract_status = 'active_for_matching')`,
      asc(user_profiles.full_name),
      asc(user_profiles.id),
    )
    .limit(1);
  return fewest ?? null;
}

/** The event type's name, as Calendly would send it: the link's last path segment. */
function eventTypeName(link: string): string {
  let slug = 'intake';
  try {
    slug = new URL(link).pathname.split('/').filter(Boolean).pop() ?? 'intake';
  } catch {
    // not a URL: the default name
  }
  return `${TEST_SCHEDULER_NAME}: ${slug}`;
}

export async function getTestSchedulerSlots({
  ctx,
  link,
}: {
  ctx: AppContext;
  link: string;
}): Promise<TestSchedulerSlots> {
  const host = await findHost(ctx, link);
  return {
    host: { full_name: host?.full_name ?? null },
    event_type_name: eventTypeName(link),
    slots: await freeSlots(ctx.db, host?.id ?? null, ctx.clock.now()),
  };
}

/**
 * Books a slot in the Testagenda: the scheduled event gets a new UUID, the signed `invitee.created`
 * webhook goes through the same handler as Calendly's, and the reply is the browser message
 * Calendly's embed posts, which the page posts in turn.
 */
export async function bookTestScheduler({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: { link: string; ref?: string; start_time: string };
}): Promise<SchedulerBookingMessage> {
  const now = ctx.clock.now();
  const start = new Date(input.start_time);
  if (!testSchedulerSlots(now).includes(start.toISOString())) {
    throw new AppError('BAD_REQUEST', 'Kies een tijdstip uit de Testagenda');
  }
  // Issue 26: one upcoming booking per client, and never a slot the host already has.
  if (await findUpcomingBooking(ctx.db, actor.user.id, now)) throw new AppError('INTAKE_ALREADY_BOOKED');
  const host = await findHost(ctx, input.link);
  if (!(await freeSlots(ctx.db, host?.id ?? null, now)).includes(start.toISOString())) {
    throw new AppError('INTAKE_SLOT_NOT_FREE');
  }
  const eventUuid = randomUUID();
  const inviteeUuid = randomUUID();
  const eventUri = `https://api.calendly.com/scheduled_events/${eventUuid}`;
  const name = eventTypeName(input.link);
  const location = { type: 'google_conference', join_url: `https://meet.koppel.example/${eventUuid}` };
  const end = new Date(start.getTime() + 3_600_000);
  const body = JSON.stringify({
    event: 'invitee.created',
    created_at: ctx.clock.now().toISOString(),
    payload: {
      uri: `${eventUri}/invitees/${inviteeUuid}`,
      email: actor.user.email,
      name: actor.profile.full_name,
      status: 'active',
      tracking: { [CLIENT_REF_UTM_FIELD]: input.ref ?? null },
      questions_and_answers: [],
      scheduled_event: {
        uri: eventUri,
        name,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        location,
        event_memberships: host ? [{ user_email: host.email, user_name: host.full_name }] : [],
      },
    },
  });
  const key = ctx.scheduler.signingKey;
  if (!key) throw new AppError('NOT_FOUND');
  await receiveCalendlyWebhook({
    ctx,
    rawBody: body,
    signature: signCalendlyWebhook(body, key, ctx.clock.now()),
  });
  return {
    event: 'calendly.event_scheduled',
    payload: {
      event: { uri: eventUri, uuid: eventUuid, start_time: start.toISOString(), location },
      invitee: { uri: `${eventUri}/invitees/${inviteeUuid}`, uuid: inviteeUuid, questions_and_answers: [] },
      event_type: { name },
    },
  };
}
