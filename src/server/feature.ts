import type { Hono } from 'hono';
import type { AppContext } from './context';
import type { AppEnv } from './lib/openapi';

/** What a feature mounts: a zod-openapi router for the API, a plain one for pages. */
export type Router = Hono<AppEnv>;

/** Work that runs on a schedule (a cron expression, in UTC) on one of the app's instances. */
export interface ScheduledJob {
  /** Also the pg-boss queue and `POST /dev/jobs/{name}` on a local install. */
  name: string;
  cron: string;
  /** One line for the docs and the dev route. */
  summary: string;
  /** Also once when a server starts: work that waited while no server ran (the tagging queue). */
  runAtStart?: boolean;
  /** Safe to run any number of times; returns counts for the log. */
  run(ctx: AppContext): Promise<Record<string, number>>;
}

/**
 * A feature declares itself once, in its `index.ts`: its routes and its scheduled jobs. The list
 * in `features/index.ts` is what the app mounts, what the server schedules and what the local
 * `/dev/jobs/{name}` runs.
 */
export interface Feature {
  name: string;
  /** Routes under /api, declared with zod-openapi. */
  api?: (ctx: AppContext) => Router;
  /** Routes at the site root, after the API and before the web app (the public pages). */
  pages?: (ctx: AppContext) => Router;
  jobs?: readonly ScheduledJob[];
}
