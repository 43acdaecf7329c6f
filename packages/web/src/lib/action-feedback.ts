import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from '@linkloom/shared';
import { appFeedback } from './app-feedback';
import { reportHttpFailure } from './http';
import { HttpError } from './http-error';

/**
 * The one toast rule of every create, save, delete, import and upload (issue 11.3): a success says
 * what happened, with a count where there is one ("4 links added, 1 line refused"); a failure says
 * the spec's text. A failed call shows ONE toast: `toastFailure` puts the spec's title on the
 * toast lib/http.ts showed for it (same key: replaced in place), with the server's reason and what
 * to do; `toastFailed` is for failures that are no call's.
 */

/** A noun with its plural; a plain string gets an `s`. */
export type Noun = string | { one: string; many: string };

/** "1 link", "4 links", "No links" (a count of nothing reads better as a word). */
export function countOf(count: number, noun: Noun): string {
  const one = typeof noun === 'string' ? noun : noun.one;
  const many = typeof noun === 'string' ? `${noun}s` : noun.many;
  if (count === 0) return `No ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** One part of a summary: how many of what, and what happened to them. */
export interface SummaryPart {
  count: number;
  noun: Noun;
  verb: string;
}

/**
 * "4 links added, 1 line refused, 2 duplicates skipped": the first part always, the others only
 * when they happened. Counts after the first are written in figures ("no" reads oddly mid-sentence).
 */
export function summarise(parts: readonly SummaryPart[]): string {
  return parts
    .filter((part, index) => index === 0 || part.count > 0)
    .map((part, index) => {
      const text = countOf(part.count, part.noun);
      return `${index === 0 ? text : text.charAt(0).toLowerCase() + text.slice(1)} ${part.verb}`;
    })
    .join(', ');
}

/** What a finished act says: '{Thing} "{name}" created', '3 campaigns deleted'. */
export const DONE_TEXTS = {
  created: (thing: string, name?: string) => `${thing}${name === undefined ? '' : ` "${name}"`} created`,
  renamed: (thing: string, name: string) => `${thing} renamed to "${name}"`,
  duplicated: (thing: string, name: string) => `${thing} duplicated as "${name}"`,
  saved: (thing: string) => `${thing} saved`,
  deleted: (count: number, noun: Noun) => `${countOf(count, noun)} deleted`,
} as const;

/** A success toast for the usual few seconds. */
export function toastDone(text: string): void {
  appFeedback().message.success({ content: text, duration: TOAST_SECONDS });
}

/** A failure toast with the spec's text, a little longer so it can be read. */
export function toastFailed(text: string): void {
  appFeedback().message.error({ content: text, duration: ERROR_TOAST_SECONDS });
}

/**
 * What failed, in the spec's words (`title`), as the one toast of a failed act: a failed call's
 * toast gets the title, keeping the server's reason and advice (a 401 has already sent the user to
 * login); any other error gets a plain failure toast.
 */
export function toastFailure(title: string, error: unknown): void {
  if (error instanceof HttpError) {
    if (error.status !== 401) reportHttpFailure(error.failure(title));
    return;
  }
  toastFailed(title);
}

/** Lines of a partial success (refused lines, skipped rows) as one warning, one per line. */
export function toastProblems(lines: readonly string[]): void {
  if (lines.length === 0) return;
  appFeedback().message.warning({ content: lines.join('\n'), duration: ERROR_TOAST_SECONDS, style: { whiteSpace: 'pre-line' } });
}
