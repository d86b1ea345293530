import { z } from 'zod';
import { CLIENT_REF_UTM_FIELD, uuidFromUri } from '../../../shared/intake';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import {
  CalendlyWebhookSignatureError,
  clientIdFromRef,
  verifyCalendlyWebhook,
} from '../../integrations/scheduler/calendly';
import { AppError } from '../../lib/errors';
import { applyCalendlyBooking, type CalendlyBooking } from './intake-bookings.service';

/** The parts of Calendly's v2 `invitee.created` / `invitee.canceled` payload we read. */
const calendlyWebhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      email: z.string().nullish(),
      name: z.string().nullish(),
      old_invitee: z.string().nullish(),
      tracking: z.record(z.string(), z.unknown()).nullish(),
      scheduled_event: z
        .object({
          uri: z.string(),
          name: z.string().nullish(),
          start_time: z.string().nullish(),
          location: z
            .object({ join_url: z.string().nullish(), location: z.string().nullish() })
            .passthrough()
            .nullish(),
          event_memberships: z.array(z.object({ user_email: z.string().nullish() }).passthrough()).nullish(),
        })
        .passthrough(),
    })
    .passthrough(),
});

const HANDLED = { 'invitee.created': 'created', 'invitee.canceled': 'canceled' } as const;

/**
 * POST /api/webhooks/calendly (and the Testagenda's own delivery): verified over the raw body with
 * the `Calendly-Webhook-Signature` header, then applied. Events we do not act on are acknowledged.
 */
export async function receiveCalendlyWebhook({
  ctx,
  rawBody,
  signature,
}: {
  ctx: AppContext;
  rawBody: string;
  signature: string | undefined;
}): Promise<{ received: true; result: string }> {
  const key = ctx.scheduler.signingKey;
  if (!key) throw new AppError('NOT_FOUND', MESSAGES.schedulerNotConfigured);
  try {
    verifyCalendlyWebhook(rawBody, signature, key, ctx.clock.now());
  } catch (error) {
    if (error instanceof CalendlyWebhookSignatureError) {
      throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookSignature);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
  }
  const kind = HANDLED[(json as { event?: string } | null)?.event as keyof typeof HANDLED];
  if (!kind) return { received: true, result: 'ignored' };
  const parsed = calendlyWebhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
  const booking = toBooking(kind, parsed.data.payload, ctx.scheduler.refSecret);
  if (!booking) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
  const result = await applyCalendlyBooking({ ctx, booking });
  return { received: true, result };
}

function toBooking(
  kind: CalendlyBooking['kind'],
  payload: z.infer<typeof calendlyWebhookSchema>['payload'],
  refSecret: string,
): CalendlyBooking | null {
  const event = payload.scheduled_event;
  const eventId = uuidFromUri(event.uri);
  if (!eventId || !/^[A-Za-z0-9_-]{1,200}$/.test(eventId)) return null;
  const start = event.start_time ? new Date(event.start_time) : null;
  if (start && Number.isNaN(start.getTime())) return null;
  const ref = payload.tracking?.[CLIENT_REF_UTM_FIELD];
  const joinUrl = event.location?.join_url;
  return {
    kind,
    event_id: eventId,
    start_time: start,
    event_type_name: event.name ?? null,
    location: event.location?.location?.slice(0, 500) ?? null,
    join_url: joinUrl && /^https:\/\/\S+$/i.test(joinUrl) ? joinUrl.slice(0, 1000) : null,
    invitee_email: payload.email ?? null,
    invitee_name: payload.name ?? null,
    client_ref_id: typeof ref === 'string' ? clientIdFromRef(ref, refSecret) : null,
    host_emails: (event.event_memberships ?? []).flatMap((m) => (m.user_email ? [m.user_email] : [])),
    replaces_event_id:
      payload.old_invitee?.match(/\/scheduled_events\/([A-Za-z0-9_-]{1,200})\//)?.[1] ?? null,
  };
}
