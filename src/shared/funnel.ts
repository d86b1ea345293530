import { z } from 'zod';

/**
 * Issue 29 (decision 032): the funnel per cohort month. A client belongs to the month of their
 * sign-up (Brussels); each step counts the clients of that month who have reached it by now.
 */
export const FUNNEL_STEPS = ['signed_up', 'paid', 'intake_held', 'first_proposal', 'first_date'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  signed_up: 'Aangemeld',
  paid: 'Betaald',
  intake_held: 'Intake gehouden',
  first_proposal: 'Eerste voorstel',
  first_date: 'Eerste date',
};

export const funnelMonthSchema = z.object({
  /** 'YYYY-MM', the sign-up month. */
  month: z.string(),
  signed_up: z.number().int(),
  paid: z.number().int(),
  intake_held: z.number().int(),
  first_proposal: z.number().int(),
  first_date: z.number().int(),
});
export type FunnelMonth = z.infer<typeof funnelMonthSchema>;

/** GET /api/admin/funnel: the last 12 months, oldest first. */
export const funnelResponseSchema = z.object({ months: z.array(funnelMonthSchema) });
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;
