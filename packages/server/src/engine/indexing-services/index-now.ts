/**
 * IndexNow as one of a content project's indexing services: the run's post URLs go, host by host, to
 * the protocol's shared endpoint (https://api.indexnow.org/indexnow, which passes them on to every
 * participating engine) through the IndexNow client of engine/indexer, written from
 * https://www.indexnow.org/documentation. The "API key" is the user's own IndexNow key (options);
 * the engines check it against `{origin}/{key}.txt` on each submitted host, so a 403 means that file
 * is not there. IndexNow takes repeated notifications, so a retry simply submits everything again.
 */
import { INDEXNOW_ENGINES, siteKey } from '@linkloom/shared';
import { indexNowEngineFor } from '../indexer/indexer-submit.job';
import {
  INDEXNOW_KEY_PATTERN, INDEXNOW_MAX_URLS, IndexNowError, batchUrlsByHost, keyLocationFor, submitIndexNowBatch, type IndexNowErrorKind,
} from '../indexer/indexnow-client';
import {
  IndexingServiceError, type IndexingServiceClient, type IndexingServiceErrorKind, type SubmitOptions, type SubmitResult,
} from './indexing-service';
import { DEFAULT_TIMEOUT_MS } from './service-http';

const SHARED_ENDPOINT_SITE = siteKey({ module: 'Indexer', siteId: INDEXNOW_ENGINES[0].siteId });

const KINDS: Record<IndexNowErrorKind, IndexingServiceErrorKind> = {
  badRequest: 'rejected',
  forbidden: 'auth',
  unprocessable: 'rejected',
  rateLimited: 'rateLimited',
  server: 'unavailable',
  timeout: 'timeout',
  network: 'network',
};

/** The IndexNow client's message without its promise to try again (the job decides that). */
function withoutRetryPromise(message: string): string {
  return message.replace(/[;,]\s*(?:it|they) will be tried again(?: later)?\.?$/, '.');
}

function fromIndexNow(error: IndexNowError): IndexingServiceError {
  return new IndexingServiceError(KINDS[error.kind], withoutRetryPromise(error.message), {
    retryable: error.retryable, retryAfterMs: error.details.retryAfterMs, status: error.details.status, cause: error,
  });
}

export const indexNowClient: IndexingServiceClient = {
  key: 'IndexNow',
  name: 'IndexNow',
  docUrl: 'https://www.indexnow.org/documentation',
  maxUrlsPerRequest: INDEXNOW_MAX_URLS,
  async submit(urls: readonly string[], apiKey: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    if (!INDEXNOW_KEY_PATTERN.test(apiKey)) {
      throw new IndexingServiceError('auth', 'Your IndexNow key is not valid (8 to 128 letters, digits and dashes): see the Options screen.');
    }
    const engine = indexNowEngineFor(SHARED_ENDPOINT_SITE);
    if (!engine) throw new Error('the shared IndexNow endpoint is missing from INDEXNOW_ENGINES');
    const { batches } = batchUrlsByHost(urls);
    const total = batches.reduce((sum, batch) => sum + batch.urls.length, 0);
    let accepted = 0;
    const refusals: IndexingServiceError[] = [];
    for (const batch of batches) {
      try {
        await submitIndexNowBatch(batch, {
          endpoint: engine.endpoint, engineName: 'IndexNow', key: apiKey, keyLocation: keyLocationFor(batch, apiKey),
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: options.signal,
        });
        accepted += batch.urls.length;
      } catch (error) {
        if (!(error instanceof IndexNowError)) throw error;
        const mapped = fromIndexNow(error);
        // Come back later for everything (resubmitting is harmless); a refused host does not stop the others.
        if (mapped.retryable) throw mapped;
        refusals.push(mapped);
      }
    }
    const first = refusals[0];
    if (first) {
      throw new IndexingServiceError(first.kind, `${refusals.map((refusal) => refusal.message).join(' ')} (${accepted} of ${total} URLs were submitted)`, { status: first.status });
    }
    return { accepted, message: `IndexNow took ${accepted} URL${accepted === 1 ? '' : 's'}` };
  },
};
