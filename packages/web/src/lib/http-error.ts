import { ErrorResponseSchema, statusText } from '@linkloom/shared';

/** What the client knew about a failed call. `status` is null when no response arrived. */
export interface HttpFailure {
  status: number | null;
  url: string;
  /** The response's own status text (used when the spec names none for the code). */
  statusText: string;
  /** Parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
  /** Set when a response arrived but was not the expected JSON shape. */
  problem?: string;
}

/** A failed call: non-2xx status, no response, or an unexpected answer. */
export class HttpError extends Error implements HttpFailure {
  readonly status: number | null;
  readonly url: string;
  readonly statusText: string;
  readonly body: unknown;
  readonly problem: string | undefined;

  constructor(failure: HttpFailure, options?: { cause?: unknown }) {
    super(describeHttpFailure(failure).lines.join('\n') || 'Request failed', options);
    this.name = 'HttpError';
    this.status = failure.status;
    this.url = failure.url;
    this.statusText = failure.statusText;
    this.body = failure.body;
    this.problem = failure.problem;
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

function errorBodyOf(body: unknown): { message: string; details?: string[] | undefined } | null {
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** Notification text for a failure: the status code and URL in the title (spec 1, section 7). */
export function describeHttpFailure(failure: HttpFailure): { title: string; lines: string[] } {
  if (failure.status === null) {
    return { title: `Request failed: ${failure.url}`, lines: ['No response from the server.'] };
  }
  const error = errorBodyOf(failure.body);
  const lines = [
    statusText(failure.status, failure.statusText),
    failure.problem ?? '',
    error?.message ?? '',
    ...(error?.details ?? []),
  ].filter((line) => line.trim() !== '');
  return { title: `Request error ${failure.status}: ${failure.url}`, lines };
}
