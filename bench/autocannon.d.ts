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
  interface Run extends Promise<Result> {
    stop(): void;
    /** Every answer: the connection's client (the same object for all its requests) and the latency in ms. */
    on(event: 'response', listener: (client: object, statusCode: number, bytes: number, latencyMs: number) => void): this;
  }
  function autocannon(options: Options): Run;
  export default autocannon;
}
