import { connect as connectTls } from 'node:tls';
import { Agent, Pool, ProxyAgent, type buildConnector } from 'undici';
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

/**
 * A dispatcher that tunnels each connection through an HTTP proxy (CONNECT). undici's ProxyAgent
 * sends the CONNECT on a client of its own that neither the request's abort signal nor its
 * timeouts reach: a proxy that accepts the connection and never answers held the request for
 * undici's default headers timeout, 300 s. That client here gives up after PROXY_CONNECT_MS.
 */
export function httpProxyDispatcher(proxyUrl: string, connectMs = PROXY_CONNECT_MS): Dispatcher {
  return new ProxyAgent({
    uri: proxyUrl,
    clientFactory: (origin, options) => new Pool(origin, { ...options, headersTimeout: connectMs }),
  });
}

/**
 * A dispatcher that opens each connection through a SOCKS5 proxy (the proxy check found it speaks
 * SOCKS5; undici's ProxyAgent speaks HTTP CONNECT only): the tunnel by RFC 1928, TLS on top for https.
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
