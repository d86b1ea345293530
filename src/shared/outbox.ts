import { z } from 'zod';
import { OUTBOX_STATUSES } from './domain';

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'In de wachtrij',
  sent: 'Verstuurd',
  failed: 'Mislukt',
};

export const OUTBOX_RESEND_LABEL = 'Opnieuw versturen';

/** An outbox message as staff see it: who, what and how delivery went, never its body or links. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  first_failed_at: z.string().nullable(),
  /** When delivery gave up; null unless `failed`. */
  failed_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const listOutboxQuerySchema = z.object({ status: z.enum(OUTBOX_STATUSES).optional() });
export type ListOutboxQuery = z.infer<typeof listOutboxQuerySchema>;
