/**
 * Omega Indexer client, written from the service's API documentation (shown to members in the
 * dashboard, "API"): https://www.omegaindexer.com/amember/dashboard/api
 *
 * `POST https://www.omegaindexer.com/amember/dashboard/api` with
 * `Content-Type: application/x-www-form-urlencoded` and the fields `apikey` (from the dashboard),
 * `campaignname` (shown in the dashboard), `dripfeed` (days; 0 = no drip feed) and `urls` (the URLs
 * joined with `|`). The service answers 200 with the body `done` (sometimes quoted) when it took the
 * campaign; the address may redirect (307, method and body kept) to app.omegaindexer.com. The
 * documentation names no error answers: any other body is the service's refusal, shown as it is,
 * and HTTP errors get their general meaning (service-http.ts). One campaign per request; LinkLoom
 * sends at most 1,000 URLs in one (the documentation gives no limit).
 */
import {
  IndexingServiceError, submitInRequests, type IndexingServiceClient, type SubmitOptions, type SubmitResult,
} from './indexing-service';
import { endpointFor, serviceExchange, serviceWords, statusError, type ServiceAnswer } from './service-http';

const NAME = 'Omega Indexer';
const ENDPOINT = 'https://www.omegaindexer.com/amember/dashboard/api';
const MAX_URLS = 1_000;

function isDone(body: string): boolean {
  return body.trim().replace(/^"(.*)"$/s, '$1').trim().toLowerCase() === 'done';
}

function readAnswer(answer: ServiceAnswer, count: number): { accepted: number } {
  if (answer.status < 200 || answer.status >= 300) throw statusError(NAME, answer);
  if (isDone(answer.body)) return { accepted: count };
  const words = serviceWords(answer);
  throw new IndexingServiceError('rejected',
    `${NAME} did not take the URLs${words ? ` ("${words}")` : ' (empty answer)'}: check the ${NAME} API key on the Options screen, Indexer tab, and your ${NAME} credits.`,
    { status: answer.status });
}

export const omegaIndexerClient: IndexingServiceClient = {
  key: 'OmegaIndexer',
  name: NAME,
  docUrl: 'https://www.omegaindexer.com/amember/dashboard/api',
  maxUrlsPerRequest: MAX_URLS,
  async submit(urls: readonly string[], apiKey: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    const endpoint = endpointFor(ENDPOINT);
    const { accepted } = await submitInRequests(urls, MAX_URLS, async (slice) => {
      const form = new URLSearchParams({ apikey: apiKey, campaignname: options.title ?? 'LinkLoom', dripfeed: '0', urls: slice.join('|') });
      const answer = await serviceExchange(
        { method: 'POST', url: endpoint, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
        { serviceName: NAME, timeoutMs: options.timeoutMs, signal: options.signal },
      );
      return readAnswer(answer, slice.length);
    });
    return { accepted, message: `${NAME} took ${accepted} URL${accepted === 1 ? '' : 's'}` };
  },
};
