import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@linkloom/shared';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * A browser-like client over fastify.inject: keeps the cookies it is given and echoes the XSRF
 * token in the header, as the web app does.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client address its requests come from (fastify.inject's default is 127.0.0.1, this machine). */
  constructor(private readonly app: FastifyInstance, private readonly remoteAddress?: string) {}

  async request(method: Method, url: string, options: { body?: unknown; xsrf?: boolean | string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = typeof options.xsrf === 'string' ? options.xsrf : this.cookies.get(XSRF_COOKIE);
    if (options.xsrf !== false && token) headers[XSRF_HEADER] = token;
    const inject: InjectOptions = { method, url, headers, ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}) };
    if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
    const response = await this.app.inject(inject);
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.value === '' || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Fetches the XSRF cookie the way the web app does on its first call. */
  async prime(): Promise<this> {
    await this.request('GET', '/public/api/app-info');
    return this;
  }

  async login(username: string, password: string): Promise<LightMyRequestResponse> {
    return this.request('POST', '/public/api/login/account', { body: { username, password, type: 'account' } });
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }
}

/** An agent already signed in as the user. */
export async function signedIn(app: FastifyInstance, user: { username: string; password: string }): Promise<Agent> {
  const agent = await new Agent(app).prime();
  const response = await agent.login(user.username, user.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return agent;
}
