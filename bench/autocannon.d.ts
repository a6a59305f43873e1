// autocannon ships no types; this covers only what run.ts uses (saves a @types package that lags v8).
declare module 'autocannon' {
  namespace autocannon {
    type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
    type Options = {
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Load generated in worker threads, off the event loop of the servers under test. */
      workers?: number;
      warmup?: { connections?: number; duration?: number };
      /** With workers, a file whose default export sets each connection up (its requests: bench/punch-client.cjs). */
      setupClient?: string;
    };
    type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
    type Instance = { stop(): void };
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}
