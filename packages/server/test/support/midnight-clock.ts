import { DAY_MS } from '@linkloom/shared';
import type { Clock } from '../../src/platform/clock';

export interface MidnightClockRates {
  /** How much faster than the wall clock it runs for most of the day. */
  fast: number;
  /** How much faster than the wall clock it runs around each UTC midnight. */
  slow: number;
  /** The slow stretch begins this long (clock ms) before each UTC midnight… */
  slowBeforeMidnightMs: number;
  /** …and ends this long after it. */
  slowAfterMidnightMs: number;
}

/**
 * A test-only clock that runs `fast` times faster than the wall clock for most of the day and only
 * `slow` times faster around each UTC midnight. A compressed clock turns a post's real publish
 * latency into latency × factor; near midnight that decides on which day a post counts as
 * published. With the slow stretch a post planned shortly before midnight has seconds of wall time
 * before the day ends, as it has minutes in a real run, while the rest of the day still passes in
 * seconds. Like test/support/compressed-clock.ts, handed to the app through buildApp's `clock`;
 * the app itself only ever builds the real clock (src/platform/clock.ts).
 */
export class MidnightClock implements Clock {
  private origin: number;
  private wallOrigin = Date.now();
  /** Wall ms one clock day takes. */
  readonly dayWallMs: number;
  private readonly fastStart: number;
  private readonly fastEnd: number;

  constructor(origin: number, readonly rates: MidnightClockRates) {
    const { fast, slow, slowBeforeMidnightMs, slowAfterMidnightMs } = rates;
    if (!(fast >= 1 && slow >= 1)) throw new RangeError('A compressed clock runs at least as fast as the wall clock');
    if (!(slowBeforeMidnightMs >= 0 && slowAfterMidnightMs >= 0 && slowBeforeMidnightMs + slowAfterMidnightMs < DAY_MS)) {
      throw new RangeError('The slow stretch around midnight must be shorter than a day');
    }
    this.origin = origin;
    this.fastStart = slowAfterMidnightMs;
    this.fastEnd = DAY_MS - slowBeforeMidnightMs;
    this.dayWallMs = this.wallInDay(DAY_MS);
  }

  /** Sets the clock to show `at` now (before a run starts: set-up time has passed in compressed hours). */
  set(at: number): void {
    this.origin = at;
    this.wallOrigin = Date.now();
  }

  now(): number {
    return Math.floor(this.clockAt(this.wallOf(this.origin) + (Date.now() - this.wallOrigin)));
  }

  wallTime(at: number): number {
    return this.wallOrigin + Math.ceil(this.wallOf(at) - this.wallOf(this.origin));
  }

  /** Wall ms from the start of a day to `r` clock ms into it. */
  private wallInDay(r: number): number {
    const { fast, slow } = this.rates;
    if (r <= this.fastStart) return r / slow;
    if (r <= this.fastEnd) return this.fastStart / slow + (r - this.fastStart) / fast;
    return this.fastStart / slow + (this.fastEnd - this.fastStart) / fast + (r - this.fastEnd) / slow;
  }

  /** Wall ms from the epoch's first midnight (clock 0) to clock instant `t`. */
  private wallOf(t: number): number {
    const day = Math.floor(t / DAY_MS);
    return day * this.dayWallMs + this.wallInDay(t - day * DAY_MS);
  }

  /** The clock instant `w` wall ms after clock 0 (the inverse of wallOf). */
  private clockAt(w: number): number {
    const { fast, slow } = this.rates;
    const day = Math.floor(w / this.dayWallMs);
    const rest = w - day * this.dayWallMs;
    const fastStartWall = this.fastStart / slow;
    const fastEndWall = fastStartWall + (this.fastEnd - this.fastStart) / fast;
    const r = rest <= fastStartWall ? rest * slow
      : rest <= fastEndWall ? this.fastStart + (rest - fastStartWall) * fast
        : this.fastEnd + (rest - fastEndWall) * slow;
    return day * DAY_MS + Math.min(r, DAY_MS);
  }
}
