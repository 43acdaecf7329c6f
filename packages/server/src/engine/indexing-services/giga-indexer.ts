/**
 * GigaIndexer client, written from the service's public API documentation:
 * https://www.gigaindexer.com/api-documentation/
 *
 * `POST https://gigaindexer.com/wp-json/index/api/v1/order` with HTTP Basic authentication (the
 * account email as user name, the API key generated under My Account → API Access as password) and
 * the JSON body `{urls}`, at most 500 URLs a request, 1 credit per URL. Answer 200
 * `{order_id, urls_submitted, credits_used, credits_remaining}`; errors 400 (no URLs, no valid URLs,
 * more than 500), 402 insufficient credits, 429 rate limit exceeded. The API runs on WordPress's REST
 * API, whose errors are `{code, message, data}` and which answers 401/403 to a login it refuses.
 *
 * LinkLoom keeps one key per service: for GigaIndexer it is `email:api key`.
 */
import {
  IndexingServiceError, submitInRequests, type IndexingServiceClient, type SubmitOptions, type SubmitResult,
} from './indexing-service';
import { endpointFor, jsonOf, serviceExchange, statusError, type ServiceAnswer } from './service-http';

const NAME = 'GigaIndexer';
const ENDPOINT = 'https://gigaindexer.com/wp-json/index/api/v1/order';
const MAX_URLS = 500;

/** `you@example.com:xxxx xxxx xxxx` → the Basic credentials; null when the key is not of that form. */
export function gigaIndexerCredentials(apiKey: string): { email: string; key: string } | null {
  const colon = apiKey.indexOf(':');
  if (colon <= 0) return null;
  const email = apiKey.slice(0, colon).trim();
  const key = apiKey.slice(colon + 1).trim();
  return email.includes('@') && key !== '' ? { email, key } : null;
}

interface OrderAnswer {
  order_id?: unknown;
  urls_submitted?: unknown;
}

function readAnswer(answer: ServiceAnswer, count: number): { accepted: number; taskId?: string } {
  if (answer.status < 200 || answer.status >= 300) throw statusError(NAME, answer);
  const json = (jsonOf(answer) ?? {}) as OrderAnswer;
  const accepted = typeof json.urls_submitted === 'number' ? json.urls_submitted : count;
  const orderId = typeof json.order_id === 'number' || typeof json.order_id === 'string' ? String(json.order_id) : undefined;
  return { accepted, ...(orderId !== undefined ? { taskId: orderId } : {}) };
}

export const gigaIndexerClient: IndexingServiceClient = {
  key: 'GigaIndexer',
  name: NAME,
  docUrl: 'https://www.gigaindexer.com/api-documentation/',
  maxUrlsPerRequest: MAX_URLS,
  async submit(urls: readonly string[], apiKey: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    const credentials = gigaIndexerCredentials(apiKey);
    if (!credentials) {
      throw new IndexingServiceError('auth',
        `The ${NAME} key must be your ${NAME} account email and API key joined with a colon (you@example.com:xxxx xxxx xxxx): fix it on the Options screen, Indexer tab.`);
    }
    const authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.key}`, 'utf8').toString('base64')}`;
    const endpoint = endpointFor(ENDPOINT);
    const { accepted, taskIds } = await submitInRequests(urls, MAX_URLS, async (slice) => {
      const answer = await serviceExchange(
        { method: 'POST', url: endpoint, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ urls: slice }) },
        { serviceName: NAME, timeoutMs: options.timeoutMs, signal: options.signal },
      );
      return readAnswer(answer, slice.length);
    });
    return {
      accepted,
      ...(taskIds[0] !== undefined ? { taskId: taskIds[0] } : {}),
      message: `${NAME} took ${accepted} URL${accepted === 1 ? '' : 's'}${taskIds.length > 0 ? ` (order ${taskIds.join(', ')})` : ''}`,
    };
  },
};
