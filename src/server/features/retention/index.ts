import type { Feature } from '../../feature';
import { erasePaymentPersonalData } from './payment-retention.service';

/** Issue 29 (decision 032): personal data that the law let us keep only for a while, erased after it. */
export const retentionFeature: Feature = {
  name: 'retention',
  jobs: [
    {
      name: 'erase-payment-personal-data',
      cron: '17 3 * * *',
      summary:
        'a payment, invoice or credit note past its 7-year retention period loses who paid: client, provider ids, checkout, tasks, the buyer on the document (decisions 014, 032)',
      run: (ctx) => erasePaymentPersonalData({ ctx }),
    },
  ],
};
