import { z } from 'zod';
import { CONTRACT_STATUSES, MATCH_STATUSES, TIERS } from './domain';

/** GET /api/matchmaker/dashboard: an admin may look at one matchmaker's dashboard. */
export const dashboardQuerySchema = z.object({
  matchmaker_id: z.string().min(1).max(100).optional(),
});

const item = z.object({
  id: z.string(),
  /** The client or the pair, as staff name them. */
  label: z.string(),
  /** When (ISO): the intake, the deadline, the date. */
  at: z.string().nullable(),
});
export type DashboardItem = z.infer<typeof item>;

/** What needs the matchmaker today, each list with its total (the items are the first few). */
export const dashboardTodoSchema = z.object({
  intakes_to_hold: z.object({ total: z.number().int(), items: z.array(item) }),
  intakes_to_complete: z.object({ total: z.number().int(), items: z.array(item) }),
  proposals_expiring: z.object({ total: z.number().int(), items: z.array(item) }),
  dates_to_follow_up: z.object({ total: z.number().int(), items: z.array(item) }),
  feedback_to_read: z.object({ total: z.number().int() }),
  clients_to_claim: z.object({ total: z.number().int() }),
});

const month = z.object({ month: z.string(), value: z.number() });

export const dashboardNumbersSchema = z.object({
  clients_by_status: z.record(z.enum(CONTRACT_STATUSES), z.number().int()),
  clients_by_tier: z.record(z.enum(TIERS), z.number().int()),
  matches_by_status: z.record(z.enum(MATCH_STATUSES), z.number().int()),
  /** Per month of the last 12: the share (0-100) of decided proposals both clients accepted; null without any. */
  acceptance_rate: z.array(month.extend({ value: z.number().nullable(), decided: z.number().int() })),
  /** Per month of the last 12: dates that took place. */
  completed_dates: z.array(month),
  ratings: z.object({
    matchmaker_overall: z.number().nullable(),
    matchmaker_count: z.number().int(),
    intake_overall: z.number().nullable(),
    intake_count: z.number().int(),
  }),
});

export const dashboardResponseSchema = z.object({
  /** Whose dashboard: a matchmaker's name, or null for the whole agency (admin). */
  matchmaker: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  todo: dashboardTodoSchema,
  numbers: dashboardNumbersSchema,
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** How far ahead 'intakes to hold' looks, and how close a deadline counts as 'about to expire'. */
export const DASHBOARD_INTAKE_DAYS = 7;
export const DASHBOARD_DEADLINE_HOURS = 48;
/** Feedback of the last two weeks counts as new. */
export const DASHBOARD_FEEDBACK_DAYS = 14;
export const DASHBOARD_ITEMS = 5;
