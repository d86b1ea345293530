import type { Feature } from '../../feature';
import { conversationsRoutes } from './conversations.routes';
import { sweepMessageNotifications } from './notifications.service';

/**
 * Issue 32 (decision 036): the conversation between each client and their matchmaker, its
 * debriefs after a date and handovers, and the e-mail about unread messages.
 */
export const messagesFeature: Feature = {
  name: 'messages',
  api: conversationsRoutes,
  jobs: [
    {
      name: 'message-notifications',
      cron: '* * * * *',
      summary:
        'Unread messages are mailed to their recipient after 15 quiet minutes, batched, at most one mail per conversation per hour',
      run: (ctx) => sweepMessageNotifications({ ctx }),
    },
  ],
};
