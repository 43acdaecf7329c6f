/**
 * One local HTTP server standing in for the commercial indexing services LinkLoom supports, each on
 * its documented path, method, authentication and body (see the clients in
 * src/engine/indexing-services/ for the documentation they cite):
 * - SpeedyIndex `POST /v2/task/google/indexer/create`, header `Authorization: <key>`, JSON
 *   `{title?, urls}` (≤ 10,000) → `{code: 0, task_id, type: "google/indexer"}`; code 1 (balance) and
 *   2 (overloaded) when scripted. A key it does not know gets 401 (the documentation is silent).
 * - Omega Indexer `POST /amember/dashboard/api`, form `apikey`, `campaignname`, `dripfeed`, `urls`
 *   (`|`-joined) → 200 `"done"`. With `omegaRedirect` on, it answers 307 to
 *   `/api/omega-indexer-api` first, as the service does. The documentation names no error answer:
 *   an unknown key gets 200 with a line of text, which a client must show as a refusal.
 * - GigaIndexer `POST /wp-json/index/api/v1/order`, HTTP Basic (email, API key), JSON `{urls}`
 *   → `{order_id, urls_submitted, credits_used, credits_remaining}`; 400 no URLs / no valid URLs /
 *   more than 500, 402 insufficient credits, 401 a login it refuses (WordPress REST error shape).
 * Any request can be answered by a scripted answer instead (`script`), e.g. a 429 with Retry-After.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export const SPEEDY_PATH = '/v2/task/google/indexer/create';
/** SpeedyIndex's account call (the options' Validate): GET, `Authorization: <key>` → `{code: 0, balance: {indexer, checker}}`. */
export const SPEEDY_ACCOUNT_PATH = '/v2/account';
export const OMEGA_PATH = '/amember/dashboard/api';
export const OMEGA_REDIRECTED_PATH = '/api/omega-indexer-api';
export const GIGA_PATH = '/wp-json/index/api/v1/order';

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface IndexingServicesStandIn {
  /** Base URL: set as INDEXING_SERVICES_BASE_URL_OVERRIDE. */
  url: string;
  /** Every request, in arrival order (scripted ones too). */
  requests: StandInRequest[];
  speedyKeys: Set<string>;
  omegaKeys: Set<string>;
  /** email → API key. */
  gigaAccounts: Map<string, string>;
  /** Credits left at GigaIndexer (one per URL). */
  gigaCredits: number;
  omegaRedirect: boolean;
  /** Answers for the next requests on a path, in order, before the documented behaviour. */
  script(path: string, ...answers: ScriptedAnswer[]): void;
  /** Forget requests and scripts; default keys and credits again. */
  reset(): void;
  close(): Promise<void>;
}


function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export async function startIndexingServicesStandIn(): Promise<IndexingServicesStandIn> {
  const scripts = new Map<string, ScriptedAnswer[]>();
  let taskSeq = 0;
  const standIn = {
    url: '',
    requests: [] as StandInRequest[],
    speedyKeys: new Set<string>(),
    omegaKeys: new Set<string>(),
    gigaAccounts: new Map<string, string>(),
    gigaCredits: 0,
    omegaRedirect: false,
    script(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]);
    },
    reset() {
      standIn.requests.length = 0;
      scripts.clear();
      standIn.speedyKeys = new Set(['speedy-key']);
      standIn.omegaKeys = new Set(['omega-key']);
      standIn.gigaAccounts = new Map([['me@example.test', 'abcd efgh ijkl mnop']]);
      standIn.gigaCredits = 1_000;
      standIn.omegaRedirect = false;
    },
    close: (): Promise<void> => Promise.resolve(),
  };
  standIn.reset();

  const json = (response: http.ServerResponse, status: number, value: unknown): void =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const wpError = (response: http.ServerResponse, status: number, code: string, message: string): void =>
    json(response, status, { code, message, data: { status } });

  function speedy(request: StandInRequest, response: http.ServerResponse): void {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    if (!standIn.speedyKeys.has(String(request.headers.authorization ?? ''))) return json(response, 401, { code: 401, message: 'Unauthorized' });
    const body = parseJson(request.body) as { urls?: unknown } | undefined;
    if (!body || !Array.isArray(body.urls) || body.urls.length === 0 || body.urls.length > 10_000) return json(response, 400, { code: 400, message: 'Bad request' });
    taskSeq += 1;
    json(response, 200, { code: 0, task_id: `task-${taskSeq}`, type: 'google/indexer' });
  }

  function omega(request: StandInRequest, response: http.ServerResponse): void {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    if (request.path === OMEGA_PATH && standIn.omegaRedirect) {
      return void response.writeHead(307, { location: OMEGA_REDIRECTED_PATH, 'content-type': 'text/html' }).end('<a href="/api/omega-indexer-api">Moved</a>');
    }
    const form = new URLSearchParams(request.body);
    if (!standIn.omegaKeys.has(form.get('apikey') ?? '')) return void response.writeHead(200, { 'content-type': 'text/plain' }).end('Invalid API key');
    const urls = (form.get('urls') ?? '').split('|').filter((url) => url !== '');
    if (urls.length === 0) return void response.writeHead(200, { 'content-type': 'text/plain' }).end('No URLs');
    response.writeHead(200, { 'content-type': 'text/html' }).end('"done"');
  }

  function giga(request: StandInRequest, response: http.ServerResponse): void {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const authorization = String(request.headers.authorization ?? '');
    const [email, key] = authorization.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(/:(.*)/s) : [];
    if (email === undefined || standIn.gigaAccounts.get(email) !== key) return wpError(response, 401, 'incorrect_password', 'The provided password is an invalid application password.');
    const body = parseJson(request.body) as { urls?: unknown } | undefined;
    if (!body || !Array.isArray(body.urls) || body.urls.length === 0) return wpError(response, 400, 'no_urls', 'No URLs provided');
    if (body.urls.length > 500) return wpError(response, 400, 'too_many_urls', 'Too many URLs');
    const valid = body.urls.filter(isHttpUrl);
    if (valid.length === 0) return wpError(response, 400, 'no_valid_urls', 'No valid URLs provided');
    if (valid.length > standIn.gigaCredits) return wpError(response, 402, 'insufficient_credits', 'Insufficient credits');
    standIn.gigaCredits -= valid.length;
    taskSeq += 1;
    json(response, 200, { order_id: 10_000 + taskSeq, urls_submitted: valid.length, credits_used: valid.length, credits_remaining: standIn.gigaCredits });
  }

  const server = http.createServer(async (incoming, response) => {
    const request: StandInRequest = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: await readRequestBody(incoming) };
    standIn.requests.push(request);
    const scripted = scripts.get(request.path)?.shift();
    if (scripted) {
      if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
      if (response.destroyed) return;
      return void response.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers }).end(scripted.body);
    }
    if (request.path === SPEEDY_PATH) return speedy(request, response);
    if (request.path === SPEEDY_ACCOUNT_PATH) {
      if (!standIn.speedyKeys.has(String(request.headers.authorization ?? ''))) return json(response, 401, { code: 401, message: 'Unauthorized' });
      return json(response, 200, { code: 0, balance: { indexer: 120, checker: 40 } });
    }
    if (request.path === OMEGA_PATH || request.path === OMEGA_REDIRECTED_PATH) return omega(request, response);
    if (request.path === GIGA_PATH) return giga(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return standIn;
}
