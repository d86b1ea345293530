import { z } from 'zod';

/**
 * Issue 29 (part B): what deleting a paid account forfeits, shown before the password is asked.
 * The terms page and "Mijn aankopen" come with part A of issue 29; their paths are named here
 * until ROUTES holds them.
 */
export const TERMS_PATH = '/voorwaarden';
export const PURCHASES_PATH = '/dashboard/aankopen';
/** A consumer may withdraw from a contract made online within 14 days (Code of Economic Law, book VI). */
export const WITHDRAWAL_DAYS = 14;

export const deletionPreviewSchema = z.object({
  /** The paid tier whose term still runs, or null (Relax, or the term ended). */
  paid_tier: z.string().nullable(),
  /** When that term ends (ISO); null without one. */
  term_ends_at: z.string().nullable(),
  /** The last day to withdraw from the latest purchase (ISO), while that period runs; else null. */
  withdrawal_until: z.string().nullable(),
  /** The client's matchmaker, who is told of the deletion. */
  matchmaker_name: z.string().nullable(),
  /** Booked intakes still ahead: cancelled by the deletion, their matchmaker told. */
  intakes: z.array(z.object({ scheduled_at: z.string(), matchmaker_name: z.string().nullable() })),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
