import type { Feature } from '../../feature';
import { intakeRoutes } from './intake.routes';
import { sweepIntakeReminders } from './intake.service';

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

export { type IntakeCompletedEvent, onIntakeCompleted } from './intake.events';
/**
 * For the trait tagger (issue 15): `findCompletedIntakeWithNotes({ ctx, clientId })` gives the
 * client's latest completed session with the matchmaker's notes (stored in the transaction that
 * completes it); `onIntakeCompleted({ ctx, listener })` hears each completion after its commit.
 */
export { findCompletedIntakeWithNotes } from './intake.service';
