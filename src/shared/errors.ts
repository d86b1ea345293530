import { z } from 'zod';

/** Every failed API call answers this shape (DESIGN.md "API conventions"). */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
