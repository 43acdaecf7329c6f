/**
 * The one interface every indexing-service client implements (commercial services that take a list
 * of URLs and an API key; IndexNow through its own client). A client is stateless: it gets the URLs,
 * the user's key for that service and a time limit, talks the service's documented HTTP API and
 * answers how many URLs the service took, or throws an {@link IndexingServiceError} whose message
 * a user can act on. engine/indexing-services/registry.ts lists the clients by service key.
 */

export interface SubmitOptions {
  /** Aborts the work in flight (Stop, queue shutdown); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Limit for each HTTP request (the options' waitTimeOut). */
  timeoutMs?: number;
  /** A name for the task/campaign the service creates (shown in the user's dashboard there). */
  title?: string;
}

export interface SubmitResult {
  /** URLs the service took. */
  accepted: number;
  /** The service's id of the task or order it created (the first one when the URLs took several requests). */
  taskId?: string;
  /** One line for logs and screens. */
  message: string;
}

export interface IndexingServiceClient {
  /** The key in INDEXING_SERVICES (shared constants) and in the options' `indexer` map. */
  readonly key: string;
  /** As the service calls itself, for messages. */
  readonly name: string;
  /** The public API documentation the client was written from. */
  readonly docUrl: string;
  /** The most URLs one request of the service takes (the client splits longer lists). */
  readonly maxUrlsPerRequest: number;
  /**
   * Submits the URLs (several requests when there are more than {@link maxUrlsPerRequest}, in order).
   * A failure after some requests went through carries `submittedBefore`: the URLs of those requests,
   * so a retry goes on from there instead of paying for them twice.
   */
  submit(urls: readonly string[], apiKey: string, options?: SubmitOptions): Promise<SubmitResult>;
}

export type IndexingServiceErrorKind =
  | 'auth'
  | 'quota'
  | 'rateLimited'
  | 'unavailable'
  | 'rejected'
  | 'network'
  | 'timeout'
  | 'unsupported';

const RETRYABLE_BY_DEFAULT: Record<IndexingServiceErrorKind, boolean> = {
  auth: false,
  quota: false,
  rateLimited: true,
  unavailable: true,
  rejected: false,
  network: true,
  timeout: true,
  unsupported: false,
};

export interface IndexingServiceErrorDetails {
  retryable?: boolean;
  /** From Retry-After. */
  retryAfterMs?: number;
  /** HTTP status when the service answered. */
  status?: number;
  /** URLs of earlier requests of the same submit that went through before this failure. */
  submittedBefore?: number;
  cause?: unknown;
}

/**
 * A refused or failed submission with a message for the user: `auth` (the key is wrong), `quota`
 * (no credits left), `rateLimited` / `unavailable` (come back later), `rejected` (the request or the
 * URLs were refused), `network` / `timeout` (no answer), `unsupported` (LinkLoom has no client).
 */
export class IndexingServiceError extends Error {
  override readonly name = 'IndexingServiceError';
  readonly kind: IndexingServiceErrorKind;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly submittedBefore: number;

  constructor(kind: IndexingServiceErrorKind, message: string, details: IndexingServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.retryable = details.retryable ?? RETRYABLE_BY_DEFAULT[kind];
    this.retryAfterMs = details.retryAfterMs;
    this.status = details.status;
    this.submittedBefore = details.submittedBefore ?? 0;
  }

  /** The same error, counting `submitted` URLs of earlier requests that went through. */
  after(submitted: number): IndexingServiceError {
    if (submitted === 0) return this;
    return new IndexingServiceError(this.kind, this.message, {
      retryable: this.retryable, retryAfterMs: this.retryAfterMs, status: this.status, submittedBefore: this.submittedBefore + submitted, cause: this.cause,
    });
  }
}

export function isIndexingServiceError(error: unknown): error is IndexingServiceError {
  return error instanceof IndexingServiceError;
}

/** `items` in consecutive slices of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Submits `urls` request by request through `submitOne` (at most `max` each), adding up what each
 * took; a failure carries the URLs of the requests that went through before it (`submittedBefore`).
 */
export async function submitInRequests(
  urls: readonly string[],
  max: number,
  submitOne: (slice: string[]) => Promise<{ accepted: number; taskId?: string }>,
): Promise<{ accepted: number; taskIds: string[] }> {
  let accepted = 0;
  let submitted = 0;
  const taskIds: string[] = [];
  for (const slice of chunk(urls, max)) {
    try {
      const answer = await submitOne(slice);
      accepted += answer.accepted;
      submitted += slice.length;
      if (answer.taskId !== undefined) taskIds.push(answer.taskId);
    } catch (error) {
      throw isIndexingServiceError(error) ? error.after(submitted) : error;
    }
  }
  return { accepted, taskIds };
}
