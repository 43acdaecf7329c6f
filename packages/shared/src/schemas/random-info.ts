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
