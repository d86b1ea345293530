import type { Feature } from '../feature';
import { accountFeature } from './account';
import { adminFeature } from './admin';
import { clientsFeature } from './clients';
import { docsFeature } from './docs';
import { feedbackFeature } from './feedback';
import { healthFeature } from './health';
import { intakeFeature } from './intake';
import { magicMatchFeature } from './magic-match';
import { matchesFeature } from './matches';
import { matchmakersFeature } from './matchmakers';
import { outboxFeature } from './outbox';
import { paymentsFeature } from './payments';
import { profileFeature } from './profile';
import { quizFeature } from './quiz';
import { siteFeature } from './site';
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
];

export const SCHEDULED_JOBS = FEATURES.flatMap((feature) => feature.jobs ?? []);
