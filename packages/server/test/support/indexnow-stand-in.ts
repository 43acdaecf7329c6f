/**
 * A local stand-in for an IndexNow engine that follows the protocol's public documentation
 * (indexnow.org/documentation): `POST /indexnow` with a JSON body {host, key, keyLocation?,
 * urlList}; 200 when accepted (202 for a key it has not validated yet), 400 for a malformed
 * request, 403 for a key it does not know, 422 for URLs that do not belong to the host or a key
 * outside the schema, 429 when told to be busy. It records every request it received, and how
 * many it was answering at once at most (`holdMs` keeps each one open that long before answering).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export interface IndexNowRequest {
  host: string;
  key: string;
  keyLocation: string | undefined;
  urlList: string[];
  contentType: string;
}

export interface IndexNowStandIn {
  /** The engine endpoint, e.g. http://127.0.0.1:PORT/indexnow. */
  endpoint: string;
  /** Accepted requests, in arrival order. */
  received: IndexNowRequest[];
  /** Every status answered, in order. */
  answers: number[];
  /** Keys answered 200; a key in `pendingKeys` gets 202; any other valid key 403. */
  knownKeys: Set<string>;
  pendingKeys: Set<string>;
  /** Answer the next `count` requests with 429 (and Retry-After: `retryAfter` seconds). */
  busy(count: number, retryAfter?: number): void;
  /** Each request is answered this long after it arrived (0: at once). */
  holdMs: number;
  /** Requests being answered now, and the most there ever were at once. */
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9-]{8,128}$/;


function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

export async function startIndexNowStandIn(): Promise<IndexNowStandIn> {
  let busyLeft = 0;
  let busyRetryAfter: number | undefined;
  const standIn = {
    endpoint: '',
    received: [] as IndexNowRequest[],
    answers: [] as number[],
    knownKeys: new Set<string>(),
    pendingKeys: new Set<string>(),
    busy(count: number, retryAfter?: number) {
      busyLeft = count;
      busyRetryAfter = retryAfter;
    },
    holdMs: 0,
    inFlight: 0,
    maxInFlight: 0,
    close: (): Promise<void> => Promise.resolve(),
  };

  const server = http.createServer(async (request, response) => {
    const answer = (status: number, headers: Record<string, string> = {}) => {
      standIn.answers.push(status);
      response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(status < 300 ? '' : `status ${status}`);
    };
    if (request.method !== 'POST' || request.url !== '/indexnow') return answer(404);
    standIn.inFlight += 1;
    standIn.maxInFlight = Math.max(standIn.maxInFlight, standIn.inFlight);
    const text = await readRequestBody(request);
    if (standIn.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.holdMs));
    standIn.inFlight -= 1;
    if (busyLeft > 0) {
      busyLeft -= 1;
      return answer(429, busyRetryAfter === undefined ? {} : { 'retry-after': String(busyRetryAfter) });
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('application/json')) return answer(400);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return answer(400);
    }
    const { host, key, keyLocation, urlList } = body;
    if (typeof host !== 'string' || typeof key !== 'string' || !Array.isArray(urlList) || urlList.length === 0 || urlList.length > 10_000) return answer(400);
    if (keyLocation !== undefined && typeof keyLocation !== 'string') return answer(400);
    if (!KEY.test(key)) return answer(422);
    if (urlList.some((url) => typeof url !== 'string' || hostOf(url) !== host)) return answer(422);
    if (typeof keyLocation === 'string' && hostOf(keyLocation) !== host) return answer(422);
    if (!standIn.knownKeys.has(key) && !standIn.pendingKeys.has(key)) return answer(403);
    standIn.received.push({ host, key, keyLocation, urlList: urlList as string[], contentType });
    return answer(standIn.pendingKeys.has(key) ? 202 : 200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.endpoint = `http://127.0.0.1:${port}/indexnow`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
