import type { Feature } from '../../feature';
import { sweepDateReminders } from './dates.service';
import { sweepMatchDeadlines } from './match-deadlines.service';
import { matchesRoutes } from './matches.routes';

/** Proposals between two clients, their answers, the date and what followed. */
export const matchesFeature: Feature = {
  name: 'matches',
  api: matchesRoutes,
  jobs: [
    {
      name: 'match-deadlines',
      cron: '* * * * *',
      summary: 'Proposals past their 7-day deadline are cancelled; a day before it, a reminder',
      run: (ctx) => sweepMatchDeadlines({ ctx }),
    },
    {
      name: 'date-reminders',
      cron: '*/15 * * * *',
      summary: 'Both clients of a date within the next 24 hours are reminded of it, once',
      run: (ctx) => sweepDateReminders({ ctx }),
    },
  ],
};
