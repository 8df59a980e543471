import type { ChildProcess } from 'node:child_process';
import { DATA_API_PREFIX } from '@gds/contract';
import type { DataPathSeed, StoredResult } from './data-path-seed.ts';
import { cpuMs, rssMb } from './process-stats.ts';

/**
 * How much more the server may grow serving the large result (by one connector, and by four at
 * once) than serving as many rows of a result ten times smaller. A poll reads and sends one
 * stored page, so what it holds follows the page size, not the result's size; a server that
 * loaded the whole result to answer a page grew 110 MB more by one connector on PostgreSQL and
 * 190–270 MB more by four (measured when these bounds were set). The rest is garbage V8 has not
 * collected yet, which varies from run to run.
 */
const GROWTH_BOUND_MB = { one: 24, parallel: 64 };
const PARALLEL_READERS = 4;

interface Streamed {
  name: string;
  rows: number;
  pages: number;
  bytes: number;
  seconds: number;
  cpuMsPerPage: number;
  /** Peak resident memory while streaming, over the server's before the first poll. */
  growthMb: number;
}

/** What the polls measured: a table to print, and the targets they missed. */
export interface PollReport {
  lines: string[];
  failures: string[];
}

/** The name BENCH_ONLY matches to run the polls. */
export const POLLS_NAME = 'GET data poll of stored results';

/**
 * Every page of each stored result read in order, as a connector's getData does: the small
 * result, the large one, then the large one by several connectors at once. Measures rows per
 * second and the server's memory; run on a freshly started server, before any load has grown
 * its heap, so growth shows.
 */
export async function benchPolls(
  child: ChildProcess,
  base: string,
  seed: DataPathSeed,
  tokens: string[],
  smoke: boolean,
): Promise<PollReport> {
  const failures: string[] = [];
  const [small, large] = seed.results;
  if (!small || !large) throw new Error('the data path needs two stored results');
  const baseline = rssMb(child);
  const runs: Streamed[] = [];
  const stream = async (name: string, result: StoredResult, readers: string[], times: number) => {
    const run = await streamed(child, baseline, name, () =>
      Promise.all(readers.map((token) => readAll(base, token, result, times))),
    );
    runs.push(run);
    const expected = result.rows * readers.length * times;
    if (run.rows !== expected) failures.push(`${name}: read ${run.rows} rows, not ${expected}`);
    return run;
  };
  const token = tokens[0] ?? '';
  // The same rows served from each result: only the result's size differs between the two.
  const times = large.rows / small.rows;
  const first = await stream(
    `${count(small.rows)}-row result read ${times} times, 1 connector`,
    small,
    [token],
    times,
  );
  const second = await stream(`${count(large.rows)}-row result, 1 connector`, large, [token], 1);
  const third = await stream(
    `${count(large.rows)}-row result, ${PARALLEL_READERS} connectors at once`,
    large,
    tokens.slice(0, PARALLEL_READERS),
    1,
  );

  const lines = [
    `${POLLS_NAME}, page by page (${count(large.pageSize)} rows a page; server RSS before the first poll ${baseline.toFixed(0)} MB)\n`,
    '| result | pages | rows/s | MB/s | server CPU ms/page | server RSS growth MB | bound |',
    '|---|---|---|---|---|---|---|',
  ];
  const bounds = new Map([
    [second, GROWTH_BOUND_MB.one],
    [third, GROWTH_BOUND_MB.parallel],
  ]);
  for (const run of runs) {
    const bound = bounds.get(run);
    const rate = count(Math.round(run.rows / run.seconds));
    const mbPerSecond = (run.bytes / 1e6 / run.seconds).toFixed(1);
    lines.push(
      `| ${run.name} | ${run.pages} | ${rate} | ${mbPerSecond} | ${run.cpuMsPerPage.toFixed(2)} | ${run.growthMb.toFixed(1)} | ${bound === undefined ? '–' : `≤ ${first.growthMb.toFixed(1)} + ${bound}`} |`,
    );
    const extra = run.growthMb - first.growthMb;
    if (!smoke && bound !== undefined && extra > bound) {
      failures.push(
        `poll: ${run.name} grew the server ${extra.toFixed(1)} MB more than as many rows of the ${count(small.rows)}-row result (> ${bound} MB): does a poll read more than its page?`,
      );
    }
  }
  return { lines, failures };
}

/** Runs `read`, sampling the server's resident memory and CPU time around it. */
async function streamed(
  child: ChildProcess,
  baseline: number,
  name: string,
  read: () => Promise<Array<{ rows: number; pages: number; bytes: number }>>,
): Promise<Streamed> {
  let peak = rssMb(child);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child))), 5);
  const cpuBefore = cpuMs(child);
  const started = performance.now();
  try {
    const reads = await read();
    const seconds = (performance.now() - started) / 1000;
    const pages = reads.reduce((sum, r) => sum + r.pages, 0);
    peak = Math.max(peak, rssMb(child));
    return {
      name,
      rows: reads.reduce((sum, r) => sum + r.rows, 0),
      pages,
      bytes: reads.reduce((sum, r) => sum + r.bytes, 0),
      seconds,
      cpuMsPerPage: (cpuMs(child) - cpuBefore) / pages,
      growthMb: peak - baseline,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** One connector reading a done job from page 1 until no next page is named, `times` over. */
async function readAll(base: string, token: string, result: StoredResult, times: number) {
  let rows = 0;
  let pages = 0;
  let bytes = 0;
  for (let time = 0; time < times; time += 1) {
    for (let page: number | null = 1; page !== null; pages += 1) {
      const response = await fetch(`${base}${DATA_API_PREFIX}/jobs/${result.jobId}?page=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`poll page ${page}: ${response.status} ${text}`);
      const body = JSON.parse(text) as { rows?: unknown[]; nextPage?: number | null };
      bytes += text.length;
      rows += body.rows?.length ?? 0;
      page = body.nextPage ?? null;
    }
  }
  return { rows, pages, bytes };
}

const count = (n: number) => n.toLocaleString('en-US');
