import { optionsProblems, optionsUpdateSchemaFor, withoutOriginalOptionKeys, type Options } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { isPrivileged, saveOptions } from './options.repository';

/** One problem of a refused save, as its detail line: the option's path (when it has one), then the spec message. */
function namedProblem(issue: { path: readonly PropertyKey[]; message: string }): string {
  return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/**
 * POST /rest/options: validates the body with the account's limits (privileged accounts get the
 * higher ones, so the rule is chosen per user, not in the route's schema), then saves it over the
 * saved options. A broken rule answers 422 with the spec's message (every problem in the details,
 * each named by its option) and saves nothing. The engine reads the saved options at its next
 * step (it notices the row's updated_at moved). Keys of the original product's options that
 * LinkLoom has not (issue 38, shared `withoutOriginalOptionKeys`) are left out and answered as
 * `ignored`; any other unknown key is refused.
 */
export async function saveUserOptions(ctx: AppContext, ownerId: number, body: Readonly<Record<string, unknown>>): Promise<{ options: Options; ignored: string[] }> {
  const { db } = ctx.database;
  const { body: update, ignored } = withoutOriginalOptionKeys(body);
  const parsed = optionsUpdateSchemaFor(await isPrivileged(db, ownerId)).safeParse(update);
  if (!parsed.success) {
    const { issues } = parsed.error;
    throw new HttpError(422, issues[0]?.message ?? 'Invalid options', issues.map(namedProblem));
  }
  // Cross-field rules (a ticked captcha switch needs its provider's credentials) are judged on the
  // options as they would be saved: the update over the saved values.
  const saved = await saveOptions(db, ownerId, parsed.data, (merged) => {
    const problems = optionsProblems(merged);
    if (problems.length > 0) throw new HttpError(422, problems[0]!.message, problems.map(namedProblem));
  });
  return { options: saved, ignored };
}
