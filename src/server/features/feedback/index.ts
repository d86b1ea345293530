import type { Feature } from '../../feature';
import { feedbackRoutes } from './feedback.routes';
import { sweepFeedbackRequests } from './feedback.service';

/**
 * Feedback on matchmakers (issue 17): the requests (every 3 months and after a completed date,
 * with their e-mails), the client's answer, and what staff read back (decision 016).
 */
export const feedbackFeature: Feature = {
  name: 'feedback',
  api: feedbackRoutes,
  jobs: [
    {
      name: 'feedback-requests',
      cron: '0 7 * * *',
      summary:
        'Daily: feedback requests expire, clients with a matchmaker are asked every 3 months and after a completed date, reminders 3 days before expiry',
      run: (ctx) => sweepFeedbackRequests({ ctx }),
    },
  ],
};
