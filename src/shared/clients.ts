import { z } from 'zod';
import { CONTRACT_STATUSES, TIERS } from './domain';

/** GET /api/clients?q=: staff find clients by name to propose a match (at most 20, by name). */
export const clientSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Typ minstens 2 letters' })
    .trim()
    .min(2, 'Typ minstens 2 letters')
    .max(100, 'Zoek met hoogstens 100 tekens'),
});
export const clientSearchResultSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  /** Only for the caller's own clients (admins: every client); decision 009. */
  email: z.string().nullable(),
  tier: z.enum(TIERS),
  age: z.number().int().nullable(),
  region: z.string().nullable(),
  contract_status: z.enum(CONTRACT_STATUSES),
  assigned_matchmaker_name: z.string().nullable(),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;
export const clientSearchResponseSchema = z.object({ clients: z.array(clientSearchResultSchema) });
