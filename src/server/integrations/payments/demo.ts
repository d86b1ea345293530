import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { Db } from '../../db/client';
import { checkout_sessions } from '../../db/schema';
import type { PaymentProvider } from './provider';

/**
 * The demo provider (local installs only): a session is our own checkout row, paid when the client
 * presses "Betalen" on the local test checkout page. Same session shape, same fulfilment.
 */
export function createDemoProvider({ db, appUrl }: { db: Db; appUrl: string }): PaymentProvider {
  return {
    name: 'demo',
    async createSession() {
      const id = `cs_demo_${randomBytes(24).toString('base64url')}`;
      return { id, url: `${appUrl}${ROUTES.demoCheckout}/${id}` };
    },
    async retrieveSession(id) {
      const [row] = await db
        .select()
        .from(checkout_sessions)
        .where(eq(checkout_sessions.provider_session_id, id));
      if (!row) throw new Error('No such demo session');
      return {
        id,
        payment_status: row.status === 'paid' ? 'paid' : 'unpaid',
        client_reference_id: row.client_id,
        tier: row.tier,
        amount_total: row.amount_total,
        currency: row.currency,
        // The demo has no payment apart from its session: a refund names the session.
        payment_intent: id,
        payment_method: row.payment_method,
      };
    },
    async expireSession() {
      // A demo session is only our own row: closing the row is all there is.
    },
    async eventFromWebhook() {
      // The demo provider sends no webhooks: its page calls the fulfilment itself.
      return null;
    },
    async refund({ paymentIntent, amount, reason }) {
      // Refunded at once, as a card refund at Stripe usually is; no event follows.
      return {
        id: `re_demo_${randomBytes(18).toString('base64url')}`,
        payment_intent: paymentIntent,
        amount,
        currency: 'eur',
        status: 'succeeded',
        reason,
      };
    },
  };
}
