import type { Clock } from '../../src/platform/clock';

/**
 * A test-only clock that runs `factor` times faster than the wall clock from `origin` (epoch ms it
 * shows at its creation): factor 4800 makes a day pass in 18 s, so a Spread run over days publishes
 * day by day within a test. Handed to the app through buildApp's `clock` (startTestApp's options);
 * the app itself only ever builds the real clock (src/platform/clock.ts).
 */
export class CompressedClock implements Clock {
  private wallOrigin = Date.now();

  constructor(private origin: number, readonly factor: number) {
    if (!(factor >= 1)) throw new RangeError('A compressed clock runs at least as fast as the wall clock');
  }

  /** Sets the clock to show `at` now (before a run starts: set-up time has passed in compressed hours). */
  set(at: number): void {
    this.origin = at;
    this.wallOrigin = Date.now();
  }

  now(): number {
    return this.origin + Math.floor((Date.now() - this.wallOrigin) * this.factor);
  }

  wallTime(at: number): number {
    return this.wallOrigin + Math.ceil((at - this.origin) / this.factor);
  }
}
