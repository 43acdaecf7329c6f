import { z } from 'zod';

/** GET /random_info: made-up profile data for account creation forms (spec 1 §7, spec 2 §3). */
export const RandomInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  password: z.string(),
  blogTitle: z.string(),
  blogName: z.string(),
});
export type RandomInfo = z.infer<typeof RandomInfoSchema>;

/**
 * GET /random_info's optional query (issue 34 item 6): what the made-up blog is about — the
 * campaign's keywords as typed (the wizard's tier 1, before the campaign exists), or the user's
 * campaign whose link sets' keywords to use (a project's Account tab).
 */
export const RandomInfoQuerySchema = z.object({
  keywords: z.string().max(4000).optional(),
  campaignId: z.string().regex(/^\d{1,9}$/, { error: 'campaignId must be a number' }).transform(Number).optional(),
});
export type RandomInfoQuery = z.infer<typeof RandomInfoQuerySchema>;
