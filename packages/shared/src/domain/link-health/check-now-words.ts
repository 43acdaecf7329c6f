import type { CheckProgress } from '../../schemas/check-now';

/**
 * What the Check now buttons say (issue 36), the same on every screen: "Checking 12 of 40…" while
 * the checks land, then one line for the toast — "40 links checked: 37 live, 3 missing".
 */

const links = (count: number) => `${count} ${count === 1 ? 'link' : 'links'}`;

/** "Checking 12 of 40…" (before the first progress: "Checking…"). */
export function describeCheckProgress(progress: Pick<CheckProgress, 'done' | 'total'> | undefined): string {
  if (!progress || progress.total === 0) return 'Checking…';
  return `Checking ${Math.min(progress.done, progress.total)} of ${progress.total}…`;
}

/**
 * The finished check in one line: "40 links checked: 37 live, 3 missing", with "1 could not be
 * read" when a page kept failing, and what was left when the check stopped waiting.
 */
export function describeCheckResult(progress: Pick<CheckProgress, 'done' | 'total' | 'live' | 'missing' | 'errors'>): string {
  if (progress.total === 0) return 'No published links to check';
  const parts = [`${progress.live} live`];
  if (progress.missing > 0) parts.push(`${progress.missing} missing`);
  if (progress.errors > 0) parts.push(`${progress.errors} could not be read`);
  const head = progress.done >= progress.total ? `${links(progress.total)} checked` : `${progress.done} of ${links(progress.total)} checked`;
  const left = progress.total - progress.done;
  const tail = left > 0 ? ` (${left} not checked yet: ${left === 1 ? 'its result comes' : 'their results come'} to the link set as ${left === 1 ? 'it lands' : 'they land'})` : '';
  return `${head}: ${parts.join(', ')}${tail}`;
}

/** True when the finished check found something to look at (a missing link or a page that could not be read). */
export function checkFoundProblems(progress: Pick<CheckProgress, 'missing' | 'errors'>): boolean {
  return progress.missing > 0 || progress.errors > 0;
}
