import { optionsProblems, optionsUpdateSchemaFor, type Options } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { isPrivileged, saveOptions } from './options.repository';

/**
 * POST /rest/options: validates the body with the account's limits (privileged accounts get the
 * higher ones, so the rule is chosen per user, not in the route's schema), then saves it over the
 * saved options. A broken rule answers 422 with the spec's message and saves nothing. The engine
 * reads the saved options at its next step (it notices the row's updated_at moved).
 */
export async function saveUserOptions(ctx: AppContext, ownerId: number, body: unknown): Promise<Options> {
  const { db } = ctx.database;
  const parsed = optionsUpdateSchemaFor(await isPrivileged(db, ownerId)).safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => issue.message);
    throw new HttpError(422, details[0] ?? 'Invalid options', details);
  }
  // Cross-field rules (a ticked captcha switch needs its provider's credentials) are judged on the
  // options as they would be saved: the update over the saved values.
  const saved = await saveOptions(db, ownerId, parsed.data, (merged) => {
    const problems = optionsProblems(merged);
    if (problems.length > 0) throw new HttpError(422, problems[0]!.message, problems.map((problem) => `${problem.path.join('.')}: ${problem.message}`));
  });
  return saved;
}
