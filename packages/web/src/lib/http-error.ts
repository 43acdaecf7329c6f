import { ErrorResponseSchema } from '@linkloom/shared';

/** What the client knew about a failed call. `status` is null when no response arrived. */
export interface HttpFailure {
  status: number | null;
  url: string;
  /** The response's own status text (kept for callers; toasts speak the user's words instead). */
  statusText: string;
  /** Parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
  /** Set when a response arrived but was not the expected JSON shape. */
  problem?: string;
  /** GET, POST, PUT or DELETE: what a toast without the caller's words says failed. */
  method?: string;
  /** The caller's own words for what failed ('Failed to load wizards', spec 2 §8): the toast's title. */
  what?: string;
}

/** A failed call: non-2xx status, no response, or an unexpected answer. */
export class HttpError extends Error implements HttpFailure {
  readonly status: number | null;
  readonly url: string;
  readonly statusText: string;
  readonly body: unknown;
  readonly problem: string | undefined;
  readonly method: string | undefined;
  readonly what: string | undefined;

  constructor(failure: HttpFailure, options?: { cause?: unknown }) {
    const { title, lines } = describeHttpFailure(failure);
    super([title, ...lines].join('\n'), options);
    this.name = 'HttpError';
    this.status = failure.status;
    this.url = failure.url;
    this.statusText = failure.statusText;
    this.body = failure.body;
    this.problem = failure.problem;
    this.method = failure.method;
    this.what = failure.what;
  }

  /** The failure as the client knew it, with other words for what failed (a caller that toasts it itself). */
  failure(what?: string): HttpFailure {
    const known = { status: this.status, url: this.url, statusText: this.statusText, body: this.body };
    const named = what ?? this.what;
    return { ...known, ...(this.problem !== undefined ? { problem: this.problem } : {}), ...(this.method !== undefined ? { method: this.method } : {}), ...(named !== undefined ? { what: named } : {}) };
  }

  /** The server's `error.message` (spec 1, section 8: "the product shows that message"), if any. */
  get serverMessage(): string | null {
    return errorBodyOf(this.body)?.message ?? null;
  }

  /** The server's `error.details`, one problem per entry (empty when none). */
  get details(): string[] {
    return errorBodyOf(this.body)?.details ?? [];
  }
}

/** A 404 answer: the object does not exist, or is another user's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/**
 * An error answer's message and details as lines, once each: a 422's message is its first detail
 * (`url: Please enter the url` names the field the message is about), so that detail stands for it.
 */
export function problemLines(message: string, details: readonly string[] = []): string[] {
  const first = details[0];
  const named = first !== undefined && (first === message || first.endsWith(`: ${message}`));
  return named ? [...details] : [message, ...details];
}

/** What a toast says instead of a server text written for programs (issue 39 item 4). */
export const MACHINE_TEXT_REPLACEMENTS = {
  route: 'This page asked the server for something it does not offer: reload the page.',
  invalid: 'A value is missing or not in the form LinkLoom expects',
} as const;

/** A request path: 'No such route: POST /rest/x', '/action/import/…'. */
const REQUEST_PATH = /(?:^|[\s:'"(])(?:(?:GET|POST|PUT|DELETE|PATCH|HEAD) )?\/(?:rest|action|public|api|eventbus)(?:\/|\b)|No such route/i;
/** A validator's own wording (zod's and JSON schema's defaults), not the spec's words. */
const VALIDATOR_TEXT = /\b(?:Invalid input|Invalid option|Invalid (?:type|union|enum value|literal|discriminator)|Too (?:small|big): expected|Unrecognized keys?\b|expected \w+, received \w+|must NOT have|must match (?:pattern|format)|ZodError|Zod\w*Error)/i;
/** `project.tags` or `links` before a problem names a field the user may know; `body[1]` or `0` does not. */
const FIELD = /^([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)*): /;

/**
 * A server text as a user may read it (issue 39 item 4: no raw request path or validator name in
 * any message): a request path becomes advice to reload, a validator's default wording a plain
 * sentence (keeping the field it names when that reads as one); the spec's texts pass as they are.
 */
export function humanText(text: string): string {
  if (REQUEST_PATH.test(text)) return MACHINE_TEXT_REPLACEMENTS.route;
  if (!VALIDATOR_TEXT.test(text)) return text;
  const field = FIELD.exec(text)?.[1];
  return field ? `${field}: ${MACHINE_TEXT_REPLACEMENTS.invalid}` : MACHINE_TEXT_REPLACEMENTS.invalid;
}

function errorBodyOf(body: unknown): { message: string; details?: string[] | undefined } | null {
  const parsed = ErrorResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { message, details } = parsed.data.error;
  return { message: humanText(message), ...(details ? { details: [...new Set(details.map(humanText))] } : {}) };
}

/** What to do after a failure the server did not explain, by its kind (issue 35: every error toast says what to do). */
export const HTTP_ADVICE = {
  noAnswer: 'LinkLoom did not answer: check your connection and that the server is running, then try again.',
  unreadable: 'Reload the page and try again; if it keeps happening, the page and the server are of different versions.',
  refused: 'Check what you entered and try again.',
  forbidden: 'Reload the page and try again.',
  notFound: 'It may have been deleted, or it belongs to another account: reload the page.',
  conflict: 'Reload the page and try again.',
  tooLarge: 'Send something smaller and try again.',
  tooMany: 'Too many requests at once: wait a moment and try again.',
  server: 'Something went wrong on the server: try again in a moment; if it keeps failing, the server log says why.',
} as const;

/** What failed, in the user's words, when the caller gave none: by what the call did. */
export const HTTP_FAILED = {
  load: 'Could not load the data',
  save: 'Could not save the change',
  delete: 'Could not delete',
  other: 'The action failed',
} as const;

function adviceFor(status: number): string {
  if (status === 400 || status === 406 || status === 422) return HTTP_ADVICE.refused;
  if (status === 403) return HTTP_ADVICE.forbidden;
  if (status === 404 || status === 410) return HTTP_ADVICE.notFound;
  if (status === 409) return HTTP_ADVICE.conflict;
  if (status === 413) return HTTP_ADVICE.tooLarge;
  if (status === 429) return HTTP_ADVICE.tooMany;
  return HTTP_ADVICE.server;
}

function failedWhat(method: string | undefined): string {
  if (method === undefined || method === 'GET') return HTTP_FAILED.load;
  if (method === 'DELETE') return HTTP_FAILED.delete;
  return method === 'POST' || method === 'PUT' ? HTTP_FAILED.save : HTTP_FAILED.other;
}

/**
 * Notification text for a failure (issue 35 item 5), in the user's words and never the status code
 * and URL: the title says what failed — the caller's words, else the server's message, else what
 * the call did — and the lines say why (the server's message and details) and what to do (when the
 * server said nothing, or the fault is not the user's: no answer, an unreadable answer, 5xx).
 */
export function describeHttpFailure(failure: HttpFailure): { title: string; lines: string[] } {
  const error = failure.status === null ? null : errorBodyOf(failure.body);
  // The spec's texts end in 'Unknown error' for a failure nobody explained: not when the server did.
  const what = error !== null ? failure.what?.replace(/\. (Unknown|Unexpected) error$/, '') : failure.what;
  const title = (message: string | undefined) => what ?? message ?? failedWhat(failure.method);
  if (failure.status === null) return { title: title(undefined), lines: [HTTP_ADVICE.noAnswer] };
  const heading = title(error?.message);
  const explained = error !== null && failure.problem === undefined && failure.status < 500;
  const advice = failure.problem !== undefined ? HTTP_ADVICE.unreadable : adviceFor(failure.status);
  const lines = [
    failure.problem ?? '',
    ...(error ? problemLines(error.message, error.details).filter((line) => line !== heading) : []),
    explained ? '' : advice,
  ].filter((line) => line.trim() !== '');
  return { title: heading, lines };
}
