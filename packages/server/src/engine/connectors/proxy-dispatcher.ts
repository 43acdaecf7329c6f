import { connect as connectTls } from 'node:tls';
import { Agent, Client, Pool, ProxyAgent, type buildConnector } from 'undici';
import { egressLookup, refuseLiteral } from '../../platform/egress/egress-connect';
import { egressConnector } from '../../platform/egress/egress-dispatcher';
import type { OutboundRefusedError } from '../../platform/egress/outbound-policy';
import { PublishError } from './connector';
import { openSocks5Tunnel } from '../proxies/check-proxy';

export type Dispatcher = NonNullable<RequestInit['dispatcher']>;
export type DispatcherForProxy = (proxyUrl: string) => Dispatcher | Promise<Dispatcher>;

/** `http://user:secret@host:3128` → `http://host:3128`, for messages. */
export function redactProxy(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'the proxy';
  }
}

/**
 * Dispatchers for posting and checking pages through proxies, one per proxy URL. Node's fetch takes
 * an undici `ProxyAgent` as its dispatcher; Node 20 does not expose that class, so it comes from the
 * `undici` package (a dependency of the server), or from the injected factory in tests.
 */
export class ProxyDispatchers {
  private readonly dispatchers = new Map<string, Promise<Dispatcher>>();

  constructor(private readonly factory?: DispatcherForProxy) {}

  get(proxyUrl: string): Promise<Dispatcher> {
    let dispatcher = this.dispatchers.get(proxyUrl);
    if (!dispatcher) {
      dispatcher = this.create(proxyUrl);
      dispatcher.catch(() => this.dispatchers.delete(proxyUrl));
      this.dispatchers.set(proxyUrl, dispatcher);
    }
    return dispatcher;
  }

  private async create(proxyUrl: string): Promise<Dispatcher> {
    try {
      new URL(proxyUrl);
    } catch {
      throw new PublishError('network', `The proxy address "${redactProxy(proxyUrl)}" is not a URL like http://host:port.`, { retryable: false });
    }
    if (this.factory) return this.factory(proxyUrl);
    if (new URL(proxyUrl).protocol === 'socks5:') return socks5Dispatcher(proxyUrl);
    return httpProxyDispatcher(proxyUrl);
  }
}

/** How long opening a tunnel through a proxy (SOCKS5, or HTTP CONNECT) may take (the request's own limits come after). */
export const PROXY_CONNECT_MS = 30_000;

/** A dispatcher whose every connection fails with the policy's refusal, as a refused connect would. */
function refusingDispatcher(refusal: OutboundRefusedError): Dispatcher {
  return new Agent({ connect: (_options, callback) => queueMicrotask(() => callback(refusal, null)) });
}

/**
 * The Agent factory behind a ProxyAgent: each target origin's connections are tunnels opened by
 * the ProxyAgent's `connect`; a target whose host is an IP literal the outbound policy refuses is
 * refused before the proxy is asked (a target named by host name is resolved by the proxy, which
 * decides what the name means on its own network).
 */
function tunnelFactory(origin: string | URL, options: object): Client | Pool {
  const { connect, ...rest } = options as Pool.Options;
  const checked: buildConnector.connector | undefined = typeof connect === 'function'
    ? (connectOptions, callback) => {
      const refusal = refuseLiteral(connectOptions.hostname);
      if (refusal) queueMicrotask(() => callback(refusal, null));
      else connect(connectOptions, callback);
    }
    : undefined;
  const withConnect = checked ? { ...rest, connect: checked } : rest;
  // As undici's own default factory: one connection per origin is a Client, more a Pool.
  return rest.connections === 1 ? new Client(origin, withConnect) : new Pool(origin, withConnect);
}

/**
 * A dispatcher that tunnels each connection through an HTTP proxy (CONNECT). undici's ProxyAgent
 * sends the CONNECT on a client of its own that neither the request's abort signal nor its
 * timeouts reach: a proxy that accepts the connection and never answers held the request for
 * undici's default headers timeout, 300 s. That client here gives up after PROXY_CONNECT_MS.
 *
 * Every connection to the proxy goes through the outbound policy: the CONNECT client's Pool dials
 * with the egress connector, and `proxyTls` carries the policy's lookup for undici's other path to
 * the proxy (plain-http forwarding without a tunnel, which this agent does not use); a proxy whose
 * host is a refused IP literal gets no ProxyAgent at all. The refusal reaches the request as its
 * connection error (fetch: the cause; findOutboundRefusal finds it).
 */
export function httpProxyDispatcher(proxyUrl: string, connectMs = PROXY_CONNECT_MS): Dispatcher {
  const refusal = refuseLiteral(new URL(proxyUrl).hostname);
  if (refusal) return refusingDispatcher(refusal);
  return new ProxyAgent({
    uri: proxyUrl,
    proxyTls: { lookup: egressLookup },
    clientFactory: (origin, options) => new Pool(origin, { ...options, connect: egressConnector(), headersTimeout: connectMs }),
    factory: tunnelFactory,
  });
}

/**
 * A dispatcher that opens each connection through a SOCKS5 proxy (the proxy check found it speaks
 * SOCKS5; undici's ProxyAgent speaks HTTP CONNECT only): the tunnel by RFC 1928, TLS on top for https.
 * openSocks5Tunnel connects to the proxy through the outbound policy and refuses a target that is a
 * refused IP literal before connecting (a target named by host name is resolved by the proxy).
 */
async function socks5Dispatcher(proxyUrl: string): Promise<Dispatcher> {
  const url = new URL(proxyUrl);
  const proxy = { host: url.hostname, port: Number(url.port) || 1080, username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  const connect: buildConnector.connector = (options, callback) => {
    const https = options.protocol === 'https:';
    const port = Number(options.port) || (https ? 443 : 80);
    openSocks5Tunnel(proxy, options.hostname, port, AbortSignal.timeout(PROXY_CONNECT_MS)).then(({ socket, reader }) => {
      reader.detach();
      if (!https) return callback(null, socket);
      const secure = connectTls({ socket, servername: options.servername ?? options.hostname, ALPNProtocols: ['http/1.1'] });
      secure.once('secureConnect', () => callback(null, secure));
      secure.once('error', (error) => callback(error, null));
    }, (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
  return new Agent({ connect });
}
