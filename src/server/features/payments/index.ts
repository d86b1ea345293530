import type { Feature } from '../../feature';
import { moneyRoutes } from './money.routes';
import { paymentsRoutes } from './payments.routes';
import { sweepSubscriptions } from './subscriptions.service';

/** Buying a paid tier (Stripe or the local test checkout) and the term that follows. */
export const paymentsFeature: Feature = {
  name: 'payments',
  api: paymentsRoutes,
  jobs: [
    {
      name: 'subscription-lifecycle',
      cron: '15 3 * * *',
      summary: 'Paid tiers past their term go to the grace period, and past that back to Relax',
      run: (ctx) => sweepSubscriptions({ ctx }),
    },
  ],
};

/** Issue 29: invoices and credit notes, the 14-day withdrawal, refunds, revenue and the VAT CSV. */
export const moneyFeature: Feature = { name: 'money', api: moneyRoutes };
