import { connect as connectTls } from 'node:tls';
import type { Socket } from 'node:net';
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
 * Dispatchers for posting through proxies, one per proxy URL. Node's fetch takes an undici
 * `ProxyAgent` as its dispatcher; Node 20 does not expose that class, so it comes from the injected
 * factory or, when none is given, from the `undici` package if the server has it installed.
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
    const ProxyAgent = await loadUndiciProxyAgent();
    if (!ProxyAgent) {
      throw new PublishError('network', `Posting through the proxy ${redactProxy(proxyUrl)} is not available on this server (the undici package is missing): turn off "use proxy for posting" or install undici.`, {
        retryable: false,
      });
    }
    return new ProxyAgent(proxyUrl);
  }
}

type ProxyAgentClass = new (proxyUrl: string) => Dispatcher;

interface ConnectOptions {
  hostname: string;
  host?: string;
  protocol: string;
  port: string | number;
  servername?: string | null;
}
type Connector = (options: ConnectOptions, callback: (error: Error | null, socket: Socket | null) => void) => void;
type AgentClass = new (options: { connect: Connector }) => Dispatcher;

/** How long opening a tunnel through a SOCKS5 proxy may take (the request's own limits come after). */
const SOCKS_CONNECT_MS = 30_000;

/**
 * A dispatcher that opens each connection through a SOCKS5 proxy (the proxy check found it speaks
 * SOCKS5; undici's ProxyAgent speaks HTTP CONNECT only): the tunnel by RFC 1928, TLS on top for https.
 */
async function socks5Dispatcher(proxyUrl: string): Promise<Dispatcher> {
  const url = new URL(proxyUrl);
  const proxy = { host: url.hostname, port: Number(url.port) || 1080, username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  const specifier = 'undici';
  const undici = (await import(specifier).catch(() => ({}))) as { Agent?: AgentClass };
  if (!undici.Agent) {
    throw new PublishError('network', `Posting through the proxy ${redactProxy(proxyUrl)} is not available on this server (the undici package is missing).`, { retryable: false });
  }
  const connect: Connector = (options, callback) => {
    const https = options.protocol === 'https:';
    const port = Number(options.port) || (https ? 443 : 80);
    openSocks5Tunnel(proxy, options.hostname, port, AbortSignal.timeout(SOCKS_CONNECT_MS)).then(({ socket, reader }) => {
      reader.detach();
      if (!https) return callback(null, socket);
      const secure = connectTls({ socket, servername: options.servername ?? options.hostname, ALPNProtocols: ['http/1.1'] });
      secure.once('secureConnect', () => callback(null, secure));
      secure.once('error', (error) => callback(error, null));
    }, (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  };
  return new undici.Agent({ connect });
}

async function loadUndiciProxyAgent(): Promise<ProxyAgentClass | undefined> {
  // A variable specifier: undici is optional, and TypeScript must not require it to be installed.
  const specifier = 'undici';
  try {
    const undici = (await import(specifier)) as { ProxyAgent?: ProxyAgentClass };
    return undici.ProxyAgent;
  } catch {
    return undefined;
  }
}
