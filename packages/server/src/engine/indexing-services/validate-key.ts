import { INDEXING_SERVICES, type IndexerKeyCheck } from '@linkloom/shared';
import { IndexingServiceError } from './indexing-service';
import { indexingServiceName } from './registry';
import { endpointFor, serviceExchange } from './service-http';

/** SpeedyIndex's account call (https://en.speedyindex.com/api.php): GET /v2/account, `Authorization: <key>` → `{code, balance: {indexer, checker}}`. */
const SPEEDY_ACCOUNT = 'https://api.speedyindex.com/v2/account';
const TIMEOUT_MS = 15_000;

async function speedyIndexBalance(apiKey: string): Promise<IndexerKeyCheck> {
  const answer = await serviceExchange({ method: 'GET', url: endpointFor(SPEEDY_ACCOUNT), headers: { authorization: apiKey } }, { serviceName: 'SpeedyIndex', timeoutMs: TIMEOUT_MS });
  if (answer.status === 401 || answer.status === 403) return { status: 'invalid', balance: -1, message: 'SpeedyIndex refused this API key' };
  let body: { code?: unknown; balance?: { indexer?: unknown } } = {};
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    // an answer that is not JSON: said below
  }
  if (answer.status === 200 && body.code === 0 && typeof body.balance?.indexer === 'number') {
    return { status: 'valid', balance: body.balance.indexer, message: `Valid: ${body.balance.indexer} indexer credits` };
  }
  return { status: 'error', message: `SpeedyIndex answered HTTP ${answer.status} without a balance` };
}

/**
 * POST /action/check_balance/indexer (the Indexer tab's Validate): the service's own key check
 * where its documentation publishes one (SpeedyIndex's balance); IndexNow needs no key; the others
 * publish no key check, which is said, never guessed (their key is proved by the first submission).
 */
export async function validateIndexerKey(service: string, apiKey: string): Promise<IndexerKeyCheck> {
  if (!INDEXING_SERVICES.some(([key]) => key === service)) return { status: 'error', message: `Unknown indexing service: ${service}` };
  if (service === 'IndexNow') return { status: 'valid', message: 'IndexNow needs no key: LinkLoom uses your IndexNow key file' };
  if (!apiKey.trim()) return { status: 'invalid', message: 'Enter the API key first' };
  try {
    if (service === 'SpeedyIndex') return await speedyIndexBalance(apiKey.trim());
  } catch (error) {
    return { status: 'error', message: error instanceof IndexingServiceError ? error.message : 'The key could not be checked' };
  }
  return { status: 'unsupported', message: `${indexingServiceName(service)} publishes no key check: the key is tried on the first submission` };
}
