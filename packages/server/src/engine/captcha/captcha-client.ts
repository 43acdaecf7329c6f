/**
 * The one interface every captcha provider's balance client implements (no solving: SCOPE.md).
 * A client gets the user's credentials and answers the balance in US dollars, -1 when the
 * provider refused the key or login (spec 3 section 9), or throws a CaptchaServiceError a user can
 * act on. Each client is written from the provider's public API documentation (its `docUrl`).
 */
export interface CaptchaCredentialsIn {
  captchaKey?: string;
  username?: string;
  password?: string;
  address?: string;
  key?: string;
}

export interface CaptchaBalanceClient {
  readonly provider: string;
  readonly docUrl: string;
  balance(credentials: CaptchaCredentialsIn, options: { timeoutMs: number; signal?: AbortSignal }): Promise<number>;
}

/** The balance the spec reads as "bad key". */
export const BAD_KEY = -1;

export type CaptchaErrorKind = 'timeout' | 'network' | 'unavailable' | 'unexpected' | 'unsupported' | 'missing';

export class CaptchaServiceError extends Error {
  constructor(readonly kind: CaptchaErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CaptchaServiceError';
  }
}

/** Tests only: every client sends to this origin (with its documented path) instead of the provider's. */
export const CAPTCHA_BASE_URL_OVERRIDE_ENV = 'CAPTCHA_BASE_URL_OVERRIDE';

/** The documented endpoint, or the same path on the test override's origin. */
export function captchaEndpoint(documented: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CAPTCHA_BASE_URL_OVERRIDE_ENV]?.trim();
  if (!override) return documented;
  const url = new URL(documented);
  return `${override.replace(/\/+$/, '')}${url.pathname}${url.search}`;
}

/** One HTTP exchange with a time limit for the whole of it; no answer → timeout / network errors. */
export async function captchaExchange(
  provider: string, url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ status: number; body: string }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, { ...init, headers: { 'user-agent': 'LinkLoom/0.1', ...init.headers }, signal });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new CaptchaServiceError('timeout', `${provider} did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`, { cause: error });
    }
    throw new CaptchaServiceError('network', `Could not reach ${provider}: check the machine's internet connection`, { cause: error });
  }
}

/** The body as JSON, or an `unexpected` error naming the provider. */
export function parseJson(provider: string, body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new CaptchaServiceError('unexpected', `${provider} answered something that is not its documented JSON`);
}

/** A credential the provider needs, or a `missing` error with the spec's message. */
export function required(value: string | undefined, message: string): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) throw new CaptchaServiceError('missing', message);
  return trimmed;
}
