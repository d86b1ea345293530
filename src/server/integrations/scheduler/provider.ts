import { createHmac } from 'node:crypto';
import type { Env } from '../../env';

/**
 * The scheduler of this install (`SCHEDULER`): Calendly, or the local Testagenda, which sends the
 * same browser message and the same signed webhook, so the same code path runs.
 */
export interface SchedulerProvider {
  name: 'calendly' | 'demo';
  /** The key webhooks are signed with; null when Calendly's is not configured (webhooks refused). */
  signingKey: string | null;
  /** Signs the client reference the embed URL passes along (AUTH_SECRET). */
  refSecret: string;
  /** Base of the tiers' fallback links (spec section 9). */
  baseUrl: string;
}

export function createSchedulerProvider(env: Env): SchedulerProvider {
  const demoKey = createHmac('sha256', env.AUTH_SECRET)
    .update('testagenda-webhook-signing-key')
    .digest('hex');
  return {
    name: env.SCHEDULER,
    signingKey: env.CALENDLY_WEBHOOK_SIGNING_KEY ?? (env.SCHEDULER === 'demo' ? demoKey : null),
    refSecret: env.AUTH_SECRET,
    baseUrl: env.CALENDLY_BASE_URL,
  };
}
