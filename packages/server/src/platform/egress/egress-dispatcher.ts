/**
 * HTTP through the outbound policy: an undici Agent whose connector checks every connection's
 * address (egress-connect), for Node's fetch and undici's request alike. Redirects followed by
 * fetch or by hand open their connections through the same connector, so each hop is checked.
 */
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { egressLookup, refuseLiteral } from './egress-connect';

/**
 * undici's own connector with the policy's lookup, after a check of IP literal hosts (which are
 * connected to without a lookup). `tls` options (e.g. `rejectUnauthorized`) pass through.
 */
export function egressConnector(tlsOptions: buildConnector.BuildOptions = {}): buildConnector.connector {
  const connect = buildConnector({ ...tlsOptions, lookup: egressLookup } as buildConnector.BuildOptions);
  return (options, callback) => {
    const refusal = refuseLiteral(options.hostname);
    if (refusal) {
      queueMicrotask(() => callback(refusal, null));
      return;
    }
    connect(options, callback);
  };
}

let shared: Agent | undefined;

/** The process's one dispatcher for direct (no proxy) connections to user- or site-supplied addresses. */
export function egressAgent(): Agent {
  shared ??= new Agent({ connect: egressConnector() });
  return shared;
}

/** A dispatcher of its own (other TLS options, other pool limits) that still goes through the policy. */
export function egressAgentWith(options: Agent.Options & { tls?: buildConnector.BuildOptions }): Agent {
  const { tls, ...rest } = options;
  return new Agent({ ...rest, connect: egressConnector(tls) });
}

type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/**
 * fetch through the outbound policy: with the caller's dispatcher when it brings one (a proxy's,
 * itself built on the policy: see ProxyDispatchers), else the shared egress agent.
 */
export function egressFetch(input: string | URL, init: FetchInit = {}): Promise<Response> {
  const dispatcher = (init as { dispatcher?: Dispatcher }).dispatcher ?? egressAgent();
  return fetch(input, { ...init, dispatcher } as FetchInit);
}
