import { z } from 'zod';
import { PLAIN_TEXT_MESSAGES, textProblem } from '../domain/plain-text';

/** Messages of ids and page numbers that are not what the call takes. */
export const ID_MESSAGES = {
  notNumber: 'Must be a number',
  notWhole: 'Must be a whole number',
  notPositive: 'Must be a positive number',
  tooLarge: 'Number is too large',
  /** A path or query id: `12`, never `012`, `+12`, ` 12`, `0x0c` or `1e1`. */
  notDigits: 'An id is written with digits only, like 12',
} as const;

/**
 * A positive integer id in a JSON body (`{"ids":[11]}`). Only a JSON number is an id: `"11"`,
 * `true` or `11.5` are refused, never converted (DESIGN.md rule 13: ids are integers, no coercion).
 */
export const IdSchema = z
  .number({ error: ID_MESSAGES.notNumber })
  .int({ error: ID_MESSAGES.notWhole })
  .positive({ error: ID_MESSAGES.notPositive })
  .max(Number.MAX_SAFE_INTEGER, { error: ID_MESSAGES.tooLarge });

/**
 * A positive integer id as it arrives in a path or a query (`/rest/campaign/12`): exactly the
 * decimal digits of the number, no sign, space, leading zero, hex or exponent, at most
 * MAX_SAFE_INTEGER; it becomes that number.
 */
export const PathIdSchema = z
  .string({ error: ID_MESSAGES.notDigits })
  .regex(/^[1-9][0-9]{0,15}$/, { error: ID_MESSAGES.notDigits })
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { error: ID_MESSAGES.tooLarge }));

export const IdParamsSchema = z.object({ id: PathIdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Messages of a page number in a query (`?page=2&pageSize=50`). */
export interface QueryNumberMessages {
  notNumber: string;
  tooSmall: string;
  tooLarge: string;
}

/**
 * A whole number in a query string: plain decimal digits only (`2`, not `+2`, `0x2`, `2.0`, `2e0`
 * or ` 2`), within [min, max]; absent, it is `fallback`.
 */
export function queryNumber(min: number, max: number, fallback: number, messages: QueryNumberMessages) {
  return z
    .string({ error: messages.notNumber })
    .regex(/^(0|[1-9][0-9]{0,15})$/, { error: messages.notNumber })
    .transform(Number)
    .pipe(z.number().min(min, { error: messages.tooSmall }).max(max, { error: messages.tooLarge }))
    .optional()
    .transform((value) => value ?? fallback);
}

/** A list of ids in a body (delete selected, export selected). */
export const IdListSchema = z.array(IdSchema).min(1, { error: 'Select at least one item' }).max(10_000);

/**
 * The rule every text field of a form shares: no NUL character and no unpaired surrogate
 * (domain/plain-text.ts). `z.string()….refine(isPlainText, PLAIN_TEXT_RULE)` shows the form the
 * same rule the server keeps for every body, path and query.
 */
export const PLAIN_TEXT_RULE = {
  error: (issue: { input?: unknown }) => (typeof issue.input === 'string' ? textProblem(issue.input) : null) ?? PLAIN_TEXT_MESSAGES.nul,
};

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

/**
 * The original product's success marker on its GET /rest/* object answers: scripts written for
 * it check `response.success.message == "Success"`, so LinkLoom sends it beside its own keys.
 */
export const SUCCESS_MESSAGE = 'Success';
export const SuccessEnvelopeSchema = z.object({ message: z.literal(SUCCESS_MESSAGE) });
