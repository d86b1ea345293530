import { z } from 'zod';

/** One active matchmaker in the public listing (spec section 3 `available_matchmakers`). */
export const matchmakerSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  full_name: z.string(),
  profile_photo_url: z.string().nullable(),
  specialties: z.array(z.string()),
  success_rate: z.number().int().nullable(),
  years_experience: z.number().int().nullable(),
  client_count: z.number().int(),
});
export type MatchmakerSummary = z.infer<typeof matchmakerSummarySchema>;
export const matchmakersResponseSchema = z.object({ matchmakers: z.array(matchmakerSummarySchema) });
export type MatchmakersResponse = z.infer<typeof matchmakersResponseSchema>;

/** The public profile of an active matchmaker (spec section 2 "Public matchmaker page"). */
export const matchmakerProfileSchema = matchmakerSummarySchema.extend({
  email: z.string(),
  bio: z.string().nullable(),
  about_me: z.string().nullable(),
  calendly_link: z.string().nullable(),
  /**
   * Which scheduler the public page shows: Calendly's embed, or on a local install without
   * Calendly (SCHEDULER=demo) the way to the Testagenda, so the page loads nothing from elsewhere.
   */
  scheduler: z.enum(['calendly', 'testagenda']),
});
export type MatchmakerProfile = z.infer<typeof matchmakerProfileSchema>;
export const matchmakerProfileResponseSchema = z.object({ matchmaker: matchmakerProfileSchema });
