import lzString from 'lz-string';
import { XSRF_COOKIE, XSRF_HEADER, changesState } from '@linkloom/shared';

/** What a call answered: its status and its JSON body (undefined when the body is not JSON). */
export interface PanelAnswer {
  status: number;
  json: unknown;
  text: string;
}

/**
 * A "documented panel script" written for the original product's API (issue 38), talking to the
 * server with plain `fetch` as a third-party client does. Either it signs in with
 * POST /public/api/login/account and then keeps every cookie it is given (session and XSRF-TOKEN)
 * and echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header on each call that changes state
 * (writes, and the GET /action/* calls), or it carries a personal API token
 * (`authorization: Bearer <secret>`) and no cookie at all.
 */
export class OriginalPanelClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string, private readonly token?: string) {}

  /** A client of the server at `baseUrl` that authenticates with a personal API token. */
  static withToken(baseUrl: string, secret: string): OriginalPanelClient {
    return new OriginalPanelClient(baseUrl, secret);
  }

  /** A client signed in with a username and password (session cookie + XSRF header). */
  static async signedIn(baseUrl: string, username: string, password: string): Promise<OriginalPanelClient> {
    const client = new OriginalPanelClient(baseUrl);
    await client.login(username, password);
    return client;
  }

  get mode(): 'token' | 'cookie' {
    return this.token ? 'token' : 'cookie';
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private headers(method: string, path: string, contentType: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (contentType) headers['content-type'] = contentType;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf && changesState(method, path)) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    return headers;
  }

  /**
   * One call. A `body` that is a string is sent as it is (with `contentType`, `text/plain` by
   * default); anything else is sent as JSON (`contentType` or `application/json`).
   */
  async request(method: string, path: string, body?: unknown, contentType?: string): Promise<PanelAnswer> {
    const raw = typeof body === 'string';
    const type = body === undefined ? undefined : contentType ?? (raw ? 'text/plain' : 'application/json');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: this.headers(method, path, type),
      ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
    });
    this.keepCookies(response);
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  /** POST /public/api/login/account, as the original's login form sends it; keeps the cookies it sets. */
  async login(username: string, password: string): Promise<void> {
    const answer = await this.request('POST', '/public/api/login/account', { username, password, type: 'account' });
    if (answer.status !== 200 || (answer.json as { status?: string } | undefined)?.status !== 'ok') {
      throw new Error(`login refused: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    if (!this.cookies.has(XSRF_COOKIE)) throw new Error('login set no XSRF-TOKEN cookie');
  }

  /** PUT /rest/xwizards: add a wizard (the spec's {id, strategy, name}). */
  addWizard(name: string, strategy: number): Promise<PanelAnswer> {
    return this.request('PUT', '/rest/xwizards', { id: null, strategy, name });
  }

  /** GET /rest/strategies/{id}. */
  getStrategy(id: number): Promise<PanelAnswer> {
    return this.request('GET', `/rest/strategies/${id}`);
  }

  /** POST /action/duplicate/strategy: the user's own copy of a strategy. */
  cloneStrategy(id: number, name: string): Promise<PanelAnswer> {
    return this.request('POST', '/action/duplicate/strategy', { id, name });
  }

  /** PUT /rest/strategies/{id} with the strategy as given. */
  saveStrategy(strategy: { id: number } & Record<string, unknown>): Promise<PanelAnswer> {
    return this.request('PUT', `/rest/strategies/${strategy.id}`, strategy);
  }

  /**
   * PUT /action/create/xcampaign: `{saveWizard, wizard}` compressed with lz-string
   * compressToEncodedURIComponent, labelled `application/json` as the original's clients send it.
   */
  createCampaign(wizard: unknown, saveWizard = true): Promise<PanelAnswer> {
    const packed = lzString.compressToEncodedURIComponent(JSON.stringify({ saveWizard, wizard }));
    return this.request('PUT', '/action/create/xcampaign', packed, 'application/json');
  }

  /** GET /rest/campaign/{id}. */
  getCampaign(id: number): Promise<PanelAnswer> {
    return this.request('GET', `/rest/campaign/${id}`);
  }

  /** GET /action/delete/schedule/{projectId}. */
  deleteSchedule(projectId: number): Promise<PanelAnswer> {
    return this.request('GET', `/action/delete/schedule/${projectId}`);
  }

  /** GET /action/start/project/{projectId}. */
  startProject(projectId: number): Promise<PanelAnswer> {
    return this.request('GET', `/action/start/project/${projectId}`);
  }
}
