import type { Feature } from '../../feature';
import { intakeRoutes } from './intake.routes';
import { sweepIntakeReminders } from './intake-reminders.service';

/**
 * The intake (issue 13): booking through the scheduler (Calendly or the local Testagenda, by the
 * browser's message and the signed webhook), completing it, and the client's intake feedback.
 */
export const intakeFeature: Feature = {
  name: 'intake',
  api: intakeRoutes,
  jobs: [
    {
      name: 'intake-reminders',
      cron: '*/15 * * * *',
      summary: 'A reminder the day before an intake, and two days before intake feedback is due',
      run: (ctx) => sweepIntakeReminders({ ctx }),
    },
  ],
};

/**
 * The client's latest completed intake with the matchmaker's notes (stored in the transaction that
 * completes it).
 */
export { findCompletedIntakeWithNotes } from './intake.service';
