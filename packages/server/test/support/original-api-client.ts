/**
 * A client written for the original product's API, as public bridges are: it signs in with
 * POST /public/api/login/account (JSON, cookie session) or sends a personal token, reads GET calls
 * only, and trusts what the original promised — `success.message == "Success"` on an object answer,
 * and GET /rest/url_items/{id} being the whole link set. It knows nothing of LinkLoom's CSRF token.
 */
export class OriginalApiClient {
  private cookie = '';

  constructor(private readonly baseUrl: string, private readonly token?: string) {}

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    return headers;
  }

  /** POST /public/api/login/account; keeps the session cookie like `requests.Session` would. */
  async login(username: string, password: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/public/api/login/account`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, type: 'account' }),
    });
    const body = (await response.json()) as { status?: string };
    if (body.status !== 'ok') throw new Error(`login refused: ${JSON.stringify(body)}`);
    this.cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  }

  /** A GET whose object answer must say success, as the original's clients check it. */
  async getObject(path: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.baseUrl}${path}`, { headers: this.headers() });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as Record<string, unknown>;
    const success = body.success as { message?: unknown } | undefined;
    if (success?.message !== 'Success') throw new Error(`GET ${path}: no success.message (KeyError in the original's client)`);
    return body;
  }

  /** Polls GET /rest/campaign/{id} until every project is COMPLETED (bounded). */
  async waitForCampaign(campaignId: number, options: { intervalMs: number; attempts: number }): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < options.attempts; attempt += 1) {
      const detail = await this.getObject(`/rest/campaign/${campaignId}`);
      const projects = detail.projects as { status: string }[];
      if (projects.length > 0 && projects.every((project) => project.status === 'COMPLETED')) return detail;
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    }
    throw new Error(`campaign ${campaignId} did not complete`);
  }
}
