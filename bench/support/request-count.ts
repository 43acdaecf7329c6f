/**
 * Counts the HTTP requests this process sends through fetch, by kind, and how long each waited for
 * its answer (until the response's headers), for the benches that set a client against a plain one: the connectors (httpExchange → egressFetch → the global fetch) and
 * the plain fetch clients alike. The kind is the method and path, with what names the call inside
 * a shared endpoint: MediaWiki's `action` (and `meta` / `prop`), an XML-RPC `methodName`.
 * Redirects fetch follows by itself are not counted (none of the benches' peers redirect).
 */
export interface RequestTally {
  count: number;
  /** Milliseconds from the call to the answer's headers, summed over the requests. */
  ms: number;
}

const counts = new Map<string, RequestTally>();
let installed = false;

function kindOf(input: string | URL | Request, init: RequestInit | undefined): string {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const body = typeof init?.body === 'string' ? init.body : init?.body instanceof Uint8Array ? Buffer.from(init.body).toString('utf8') : '';
  const params = body.startsWith('<') ? new URLSearchParams() : new URLSearchParams(body);
  const named = (name: string) => url.searchParams.get(name) ?? params.get(name);
  const call = /<methodName>([^<]*)<\/methodName>/.exec(body)?.[1];
  const action = named('action');
  const detail = call ?? (action ? [action, named('meta') ?? named('prop') ?? named('list')].filter(Boolean).join(' ') : '');
  // A path naming one item (Ghost's posts/slug/{slug}/) is one kind, whatever the item.
  const path = url.pathname.replace(/\/posts\/slug\/[^/]+\//, '/posts/slug/{slug}/');
  return `${method} ${path}${detail ? ` ${detail}` : ''}`;
}

/** Wraps the global fetch once; from then on every request is counted. */
export function countRequests(): void {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const kind = kindOf(input, init);
    const started = performance.now();
    try {
      return await original(input, init);
    } finally {
      const tally = counts.get(kind) ?? { count: 0, ms: 0 };
      tally.count += 1;
      tally.ms += performance.now() - started;
      counts.set(kind, tally);
    }
  };
}

/** The requests counted since the last call, by kind (and starts counting afresh). */
export function takeRequestCounts(): Map<string, RequestTally> {
  const taken = new Map(counts);
  counts.clear();
  return taken;
}
