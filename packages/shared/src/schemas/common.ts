import { z } from 'zod';

/** A positive integer id as it arrives in a path (`/rest/campaign/12`). */
export const IdSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive number' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Number is too large' });

export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** A list of ids in a body (delete selected, export selected). */
export const IdListSchema = z.array(IdSchema).min(1, { error: 'Select at least one item' }).max(10_000);

/** The error body every failing call returns: the product shows `error.message` (spec 1, section 8). */
export const ErrorResponseSchema = z.object({
  error: z.object({
    message: z.string(),
    /** One line per problem, shown in a dialog titled Error. */
    details: z.array(z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });
