import { z } from 'zod';
import type { Tier } from './domain';
import type { PromiseSpan } from './working-hours';

/**
 * Issue 29 (decision 032): what a purchase promises (spec section 9) becomes a task for staff,
 * due in working hours. One kind per promise.
 */
export const STAFF_TASK_KINDS = [
  'call_same_day',
  'matchmaker_contact',
  'intake_invitation',
  'welcome_mail',
] as const;
export type StaffTaskKind = (typeof STAFF_TASK_KINDS)[number];

export const STAFF_TASK_LABELS: Record<StaffTaskKind, string> = {
  call_same_day: 'Klant bellen (dezelfde werkdag)',
  matchmaker_contact: 'Contact opnemen met de klant (binnen 24 uur)',
  intake_invitation: 'Uitnodigen voor het intakegesprek (binnen 48 uur)',
  welcome_mail: 'Welkomstmail sturen (binnen 24 uur)',
};

/** The promises of each paid tier and how each is counted; Relax promises nothing. */
export const TIER_PROMISES: Record<Tier, readonly { kind: StaffTaskKind; span: PromiseSpan }[]> = {
  Relax: [],
  'Relax+': [{ kind: 'welcome_mail', span: { kind: 'working_days', days: 1 } }],
  Persoonlijk: [
    { kind: 'matchmaker_contact', span: { kind: 'working_days', days: 1 } },
    { kind: 'intake_invitation', span: { kind: 'working_days', days: 2 } },
  ],
  'Persoonlijk+': [{ kind: 'call_same_day', span: { kind: 'same_working_day' } }],
};

const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ongeldige id');

export const staffTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(STAFF_TASK_KINDS),
  label: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  tier: z.string(),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  due_at: z.string(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  is_overdue: z.boolean(),
});
export type StaffTask = z.infer<typeof staffTaskSchema>;

/** GET /api/tasks: the open tasks (a matchmaker's own; an admin's: all, the queue first). */
export const staffTasksResponseSchema = z.object({
  tasks: z.array(staffTaskSchema),
  overdue: z.number().int(),
  now: z.string(),
});
export type StaffTasksResponse = z.infer<typeof staffTasksResponseSchema>;

/** A task's id: a UUID (anything else is a 400, never a database error). */
export const taskIdSchema = z.uuid('Ongeldige taak-id');

/** PUT /api/tasks/{id}/assignee: an admin hands a task to an active matchmaker. */
export const assignTaskSchema = z.object({ assignee_id: idSchema });
export type AssignTaskInput = z.infer<typeof assignTaskSchema>;

/** GET /api/me/purchase-promises?session_id=: what the success page may promise, from the tasks. */
export const purchasePromisesQuerySchema = z.object({ session_id: z.string().min(1).max(300) });

export const purchasePromiseSchema = z.object({
  kind: z.enum(STAFF_TASK_KINDS),
  due_at: z.string(),
  /** The sentence for the client, with the real due day and the matchmaker's name only when known. */
  text: z.string(),
});
export const purchasePromisesResponseSchema = z.object({
  /** False while the payment is not fulfilled yet (a delayed method): nothing is promised. */
  fulfilled: z.boolean(),
  matchmaker_name: z.string().nullable(),
  promises: z.array(purchasePromiseSchema),
});
export type PurchasePromises = z.infer<typeof purchasePromisesResponseSchema>;
