import { PublishError } from './connector';

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
