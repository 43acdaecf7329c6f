/**
 * The time the engine plans and records by (issue 18.5). The app always runs on {@link realClock};
 * a clock that runs faster (a day in seconds, to watch a Spread run publish day by day) exists only
 * in the tests' support code (test/support/compressed-clock.ts, and midnight-clock.ts, which slows
 * down around each midnight), handed to buildApp by a test: no
 * setting, environment variable or route can choose it.
 */
export interface Clock {
  /** Now on this clock, epoch ms. */
  now(): number;
  /** The wall-clock instant (epoch ms, as timers and the job queue count) at which this clock shows `at`. */
  wallTime(at: number): number;
}

/** The clock of the running app: wall time. */
export const realClock: Clock = {
  now: () => Date.now(),
  wallTime: (at) => at,
};
