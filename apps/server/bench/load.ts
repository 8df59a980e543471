import autocannon from 'autocannon';
import type { Request } from 'autocannon';

/** One load: what autocannon sends, for how long, and over how many connections. */
export interface Load {
  url: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of a duration (smoke runs: done however slow). */
  amount?: number;
  headers?: Record<string, string>;
  /** A sequence each connection repeats (writes); `perConnection` picks its own target. */
  requests?: Request[];
}

export interface LoadResult {
  /** 2xx answers in all. */
  ok: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

/** Runs one load and answers its throughput, latency and failures. */
export async function runLoad(load: Load): Promise<LoadResult> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
    headers: load.headers ?? {},
    ...(load.requests ? { requests: load.requests } : {}),
  });
  return {
    ok: result['2xx'],
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
