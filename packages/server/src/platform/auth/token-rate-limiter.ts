/** Length of one counting window; it opens with a token's first request. */
export const TOKEN_WINDOW_MS = 60_000;

/** Whether one request goes past its token's limit, and when the window closes. */
export interface TokenRateVerdict {
  limited: boolean;
  retryAfterSeconds: number;
}

/**
 * Requests per API token per minute, counted in this process (a fixed window per token). With
 * several server processes on one PostgreSQL each counts its own share, so a script may reach the
 * limit once per process; the limit protects the server from a runaway script, not from guessing
 * (a 256-bit secret is not guessable, and unknown tokens are refused before they are counted).
 */
export class TokenRateLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(private readonly limitPerMinute: number) {}

  /** Counts one request of the token and says whether it is past the limit. */
  take(tokenId: number, now = Date.now()): TokenRateVerdict {
    let window = this.windows.get(tokenId);
    if (!window || window.start <= now - TOKEN_WINDOW_MS) {
      this.forgetClosedWindows(now);
      window = { start: now, count: 0 };
      this.windows.set(tokenId, window);
    }
    window.count += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + TOKEN_WINDOW_MS - now) / 1000));
    return { limited: window.count > this.limitPerMinute, retryAfterSeconds };
  }

  private forgetClosedWindows(now: number): void {
    for (const [tokenId, window] of this.windows) if (window.start <= now - TOKEN_WINDOW_MS) this.windows.delete(tokenId);
  }
}
