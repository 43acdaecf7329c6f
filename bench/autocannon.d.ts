/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
  }
  /** A run: a promise of its result that can also be stopped early (the result then covers what ran). */
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
