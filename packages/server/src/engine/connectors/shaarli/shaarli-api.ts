/**
 * Shaarli's REST API v1 (`<site>/api/v1/…`, Shaarli 0.9 and later) as the connector and the probe
 * use it: `GET /links?searchterm=`, `GET /links/{id}`, `POST /links`, `PUT /links/{id}` and
 * `GET /info`, each call with a fresh JWT (shaarli-jwt.ts).
 *
 * - Shaarli answers a refused call with 401 and the same body ("Not authorized") whether the token
 *   is wrong or the API is switched off in its configuration: one can only be told from the other
 *   by the owner, so the message names both.
 * - The token goes to the site's own origin only: every call's dispatcher refuses to connect
 *   anywhere else (a redirect to another host fails unsent: site-only-dispatcher.ts).
 * - Shaarli refuses a token issued in its future or more than 540 s in its past: the site's clock
 *   is read from each answer's Date header, and a refusal after which that clock turns out far
 *   from ours is tried once more with a token on the site's clock.
 */
import { PublishError } from '../connector';
import { parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { siteOnlyExchange } from '../site-only-dispatcher';
import { ISSUED_AT_MARGIN_S, issuedAtSeconds, shaarliJwt } from './shaarli-jwt';

/** A bookmark as the API answers it (ApiUtils::formatLink). */
export interface ShaarliLink {
  id: number;
  url: string;
  shorturl: string;
  title: string;
  description: string;
  tags: string[];
  private: boolean;
  /** ISO 8601 with the site's offset (`2024-05-01T10:00:00+02:00`). */
  created: string;
  updated: string;
}

/** The bookmark fields a POST or PUT sends. */
export interface ShaarliLinkFields {
  url: string;
  title: string;
  description: string;
  tags: string[];
  private: boolean;
}

/** The site answered, but not as Shaarli's API (a 404 page, HTML, another application's JSON). */
export class ShaarliApiMissing extends Error {
  override readonly name = 'ShaarliApiMissing';
}

/** What is known of a site's clock: its offset from ours, from the Date header of its answers. */
export interface SiteClock {
  offsetMs: number;
}

/** Offsets smaller than this are ours and the site's clocks agreeing (the Date header has whole seconds). */
const CLOCK_NOISE_MS = 2_000;

export interface ShaarliCallOptions {
  query?: Record<string, string>;
  json?: unknown;
  /** What the call does, for messages: `create the bookmark`. */
  action: string;
}

export interface ShaarliAnswer {
  status: number;
  data: unknown;
}

export class ShaarliApi {
  constructor(
    /** The site's address as normalised (`http://host:port/folder`): the API is under it at /api/v1. */
    readonly base: string,
    private readonly secret: string,
    readonly http: HttpContext,
    private readonly clock: SiteClock = { offsetMs: 0 },
  ) {}

  get siteLabel(): string {
    return this.http.siteLabel;
  }

  /**
   * One call. Throws PublishError for transport failures, a refused token (`auth`), rate limits
   * and server errors; ShaarliApiMissing when the answer is not the API's JSON. Other statuses
   * (201, 404 with the API's JSON, 409) are answered for the caller to read.
   */
  async call(method: 'GET' | 'POST' | 'PUT', path: string, options: ShaarliCallOptions): Promise<ShaarliAnswer> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const url = `${this.base}/api/v1${path}${query}`;
    for (let attempt = 0; ; attempt++) {
      const token = shaarliJwt(this.secret, issuedAtSeconds(Date.now(), this.clock.offsetMs));
      const request = {
        method,
        url,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      };
      // A redirect to another origin fails unsent, in words that say where Shaarli seems to live.
      const answer = await siteOnlyExchange(request, this.http, { credential: "the site's API secret", service: 'Shaarli' });
      const clockMoved = this.readClock(answer);
      if (answer.status === 401 && attempt === 0 && clockMoved) continue;
      return this.read(answer, options.action);
    }
  }

  /** Learns the site's clock from the answer; true when that moved a token's issued-at time past the margin. */
  private readClock(answer: HttpAnswer): boolean {
    const date = Date.parse(answer.headers.get('date') ?? '');
    if (Number.isNaN(date)) return false;
    const offset = date - Date.now();
    const known = this.clock.offsetMs;
    this.clock.offsetMs = Math.abs(offset) < CLOCK_NOISE_MS ? 0 : offset;
    return Math.abs(this.clock.offsetMs - known) > ISSUED_AT_MARGIN_S * 1000 - CLOCK_NOISE_MS;
  }

  private read(answer: HttpAnswer, action: string): ShaarliAnswer {
    const data = parseJsonBody(answer);
    if (answer.status === 429 || answer.status === 503) {
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
      throw new PublishError('rateLimited', `${this.siteLabel} is busy (HTTP ${answer.status}) and asks to wait; it will be tried again.`, {
        status: answer.status,
        code: 'rateLimited',
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (answer.status >= 500) {
      throw new PublishError('network', `${this.siteLabel} failed with HTTP ${answer.status} while trying to ${action}; it will be tried again.`, { status: answer.status, retryable: true });
    }
    if (answer.status === 401 && data !== undefined) {
      throw new PublishError(
        'auth',
        `${this.siteLabel} refused the API token (HTTP 401): check the API secret in Shaarli's Tools → Configure (it goes in the site's password field), and that the REST API is enabled there.`,
        { status: 401, code: 'badCredentials' },
      );
    }
    if (data === undefined) throw new ShaarliApiMissing(`${this.base}/api/v1 answered HTTP ${answer.status} without the API's JSON`);
    return { status: answer.status, data };
  }
}

/** A PublishError for a site whose /api/v1 does not answer as Shaarli's API. */
export function apiMissingError(siteLabel: string, action: string): PublishError {
  return new PublishError(
    'rejected',
    `${siteLabel} does not answer Shaarli's REST API at /api/v1, so LinkLoom cannot ${action}: enable the REST API in Shaarli's configuration (Tools → Configure), and check the site's address (with the folder Shaarli is installed in) and that the web server passes /api/v1/ to Shaarli's index.php.`,
    { retryable: false },
  );
}

/** Whether a value is a bookmark as the API answers it. */
export function isShaarliLink(value: unknown): value is ShaarliLink {
  if (!value || typeof value !== 'object') return false;
  const link = value as Record<string, unknown>;
  return typeof link.id === 'number' && typeof link.shorturl === 'string' && typeof link.title === 'string' && typeof link.created === 'string';
}

/** The bookmark of an answer, or ShaarliApiMissing (JSON that is not a bookmark is not Shaarli's API). */
export function linkOf(data: unknown, base: string): ShaarliLink {
  if (!isShaarliLink(data)) throw new ShaarliApiMissing(`${base}/api/v1 answered without a bookmark`);
  return {
    ...data,
    url: typeof data.url === 'string' ? data.url : '',
    description: typeof data.description === 'string' ? data.description : '',
    tags: Array.isArray(data.tags) ? data.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    private: data.private === true,
    updated: typeof data.updated === 'string' ? data.updated : '',
  };
}

/** The public page of a bookmark: `<site>/shaare/<shorturl>`. */
export function permalinkOf(base: string, link: Pick<ShaarliLink, 'shorturl'>): string {
  return `${base}/shaare/${encodeURIComponent(link.shorturl)}`;
}
