/**
 * Counts the HTTP requests this process sends, by kind, and how long each waited for its answer
 * (until the response's headers), for the benches that set a client against a plain one: the
 * connectors (httpExchange → undici's request) and the plain fetch clients alike, each redirect hop
 * as a request of its own. The kind is the method and path, with what names the call inside a
 * shared endpoint: MediaWiki's `action` (and `meta` / `prop`), an XML-RPC `methodName`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';

export interface RequestTally {
  count: number;
  /** Milliseconds from the call to the answer's headers, summed over the requests. */
  ms: number;
}

const counts = new Map<string, RequestTally>();
let installed = false;

/** What undici's diagnostics channels say of a request (the npm package and Node's own fetch publish alike). */
interface ChannelRequest {
  origin?: string | URL;
  method?: string;
  path?: string;
  body?: unknown;
}

/** A fetch's body as text (fetch hands undici a stream of it, which the channel cannot read). */
const fetchBody = new AsyncLocalStorage<string>();

const bodyText = (raw: unknown) => (typeof raw === 'string' ? raw : raw instanceof Uint8Array ? Buffer.from(raw).toString('utf8') : '');

function kindOf(request: ChannelRequest): string {
  const url = new URL(request.path ?? '/', String(request.origin ?? 'http://localhost'));
  const method = (request.method ?? 'GET').toUpperCase();
  const body = fetchBody.getStore() ?? bodyText(request.body);
  const params = body.startsWith('<') ? new URLSearchParams() : new URLSearchParams(body);
  const named = (name: string) => url.searchParams.get(name) ?? params.get(name);
  const call = /<methodName>([^<]*)<\/methodName>/.exec(body)?.[1];
  const action = named('action');
  const detail = call ?? (action ? [action, named('meta') ?? named('prop') ?? named('list')].filter(Boolean).join(' ') : '');
  // A path naming one item (Ghost's posts/slug/{slug}/) is one kind, whatever the item.
  const path = url.pathname.replace(/\/posts\/slug\/[^/]+\//, '/posts/slug/{slug}/');
  return `${method} ${path}${detail ? ` ${detail}` : ''}`;
}

/**
 * Listens on undici's diagnostics channels once: from then on every request is counted, whether
 * fetch sent it (the plain clients) or undici's request (the connectors' httpExchange).
 */
export function countRequests(): void {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => fetchBody.run(bodyText(init?.body), () => original(input, init));
  const pending = new WeakMap<object, { kind: string; started: number }>();
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: ChannelRequest };
    pending.set(request, { kind: kindOf(request), started: performance.now() });
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request } = message as { request: object };
    const sent = pending.get(request);
    if (!sent) return;
    pending.delete(request);
    const tally = counts.get(sent.kind) ?? { count: 0, ms: 0 };
    tally.count += 1;
    tally.ms += performance.now() - sent.started;
    counts.set(sent.kind, tally);
  });
}

/** The requests counted since the last call, by kind (and starts counting afresh). */
export function takeRequestCounts(): Map<string, RequestTally> {
  const taken = new Map(counts);
  counts.clear();
  return taken;
}
