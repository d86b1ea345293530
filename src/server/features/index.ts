import type { Feature } from '../feature';
import { accountFeature } from './account';
import { adminFeature } from './admin';
import { clientsFeature } from './clients';
import { docsFeature } from './docs';
import { feedbackFeature } from './feedback';
import { funnelFeature } from './funnel';
import { healthFeature } from './health';
import { intakeFeature } from './intake';
import { magicMatchFeature } from './magic-match';
import { matchesFeature } from './matches';
import { matchmakersFeature } from './matchmakers';
import { messagesFeature } from './messages';
import { outboxFeature } from './outbox';
import { moneyFeature, paymentsFeature } from './payments';
import { profileFeature } from './profile';
import { quizFeature } from './quiz';
import { retentionFeature } from './retention';
import { siteFeature } from './site';
import { tasksFeature } from './tasks';
import { traitsFeature } from './traits';
import { twoFactorFeature } from './two-factor';
import { workspaceFeature } from './workspace';

/**
 * Every feature of Koppel. Adding one is one entry here: the app mounts its routes, the server
 * schedules its jobs and a local install runs them at `POST /dev/jobs/{name}`.
 */
export const FEATURES: readonly Feature[] = [
  healthFeature,
  accountFeature,
  matchmakersFeature,
  matchesFeature,
  clientsFeature,
  paymentsFeature,
  // Issue 29: invoices, withdrawals, refunds and the numbers of money
  moneyFeature,
  outboxFeature,
  docsFeature,
  siteFeature,
  traitsFeature,
  workspaceFeature,
  quizFeature,
  profileFeature,
  intakeFeature,
  // Issue 17 item 5
  twoFactorFeature,
  feedbackFeature,
  // Issue 17 (item 4)
  adminFeature,
  magicMatchFeature,
  // Issue 32
  messagesFeature,
  // Issue 29 (part B)
  tasksFeature,
  retentionFeature,
  funnelFeature,
];

export const SCHEDULED_JOBS = FEATURES.flatMap((feature) => feature.jobs ?? []);
