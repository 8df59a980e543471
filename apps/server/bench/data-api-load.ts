/* eslint-disable no-console -- a benchmark reports on standard output */
/**
 * The data path of the load benchmark: a stored 100,000-row result polled page by page (rows
 * per second, and the server's memory before and after), and a cached job answered at 20
 * concurrent connections, against a bare node:http server for scale.
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { DATA_API_PREFIX } from '@gds/contract';
import type { Db } from '../src/db/database.ts';
import { requestKeyOf } from '../src/modules/data-api/data-api.service.ts';
import type { SeededTeam } from './seed.ts';

export const BENCH_CLIENT = {
  id: 'bench-connector',
  secret: 'bench-connector-secret-0123456789abcdef',
  redirectUri: 'http://localhost/bench/usercallback',
};

export const STORED_ROWS = 100_000;
const PAGE_SIZE = 5_000;

/** The report request the stored result answers (a cached job asks exactly this). */
export function benchJobRequest(accountId: string) {
  return {
    account: accountId,
    fields: ['date', 'campaign', 'sessions', 'cost'],
    dateRange: { startDate: '2026-01-01', endDate: '2026-03-31' },
    filters: [],
  };
}

/** A done job holding 100,000 rows in pages of 5,000, fresh (finished now). */
export async function seedStoredResult(db: Db, team: SeededTeam, accountId: string) {
  const now = new Date();
  const request = benchJobRequest(accountId);
  const { id } = await db
    .insertInto('data_jobs')
    .values({
      team_id: team.teamId,
      user_id: team.userId,
      connector_id: 1,
      account_id: accountId,
      request_key: requestKeyOf(request),
      request: JSON.stringify({
        fields: request.fields,
        dateRange: request.dateRange,
        filters: [],
      }),
      state: 'done',
      total_rows: STORED_ROWS,
      page_size: PAGE_SIZE,
      run_after: now,
      created_at: now,
      finished_at: now,
      expires_at: new Date(now.getTime() + 24 * 3600 * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let page = 0; page < STORED_ROWS / PAGE_SIZE; page += 1) {
    const rows = Array.from({ length: PAGE_SIZE }, (_, i) => {
      const n = page * PAGE_SIZE + i;
      return [
        `202601${String((n % 28) + 1).padStart(2, '0')}`,
        `Campaign ${n % 250}`,
        n % 997,
        (n % 1301) / 7,
      ];
    });
    await db
      .insertInto('data_job_pages')
      .values({ job_id: id, team_id: team.teamId, page: page + 1, rows: JSON.stringify(rows) })
      .execute();
  }
  return id;
}

/** Cookies of a response, merged into a jar. */
function keep(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

/** The connector's whole authorization as the seeded owner: consent over HTTP, then the code. */
export async function authorizeBenchConnector(base: string, sessionToken: string) {
  const jar = new Map([['gds_session', sessionToken]]);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookie() },
    });
    keep(jar, response);
    return new URL(response.headers.get('location') ?? '', base);
  };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${base}/connector-oauth/auth`);
  authorize.search = new URLSearchParams({
    client_id: BENCH_CLIENT.id,
    redirect_uri: BENCH_CLIENT.redirectUri,
    response_type: 'code',
    scope: 'data.read',
    state: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const interaction = await go(authorize.toString());
  await go(interaction.toString());
  const resume = await go(`${interaction.toString()}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: 'decision=allow',
  });
  const back = await go(resume.toString());
  const tokens = await fetch(`${base}/connector-oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: BENCH_CLIENT.redirectUri,
      code_verifier: verifier,
      client_id: BENCH_CLIENT.id,
      client_secret: BENCH_CLIENT.secret,
    }).toString(),
  });
  const body = (await tokens.json()) as { access_token?: string };
  if (!body.access_token)
    throw new Error(`the bench connector was not authorized: ${JSON.stringify(body)}`);
  return body.access_token;
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A bare node:http server in its own process answering a job's JSON: the floor to compare to. */
async function startBareServer(port: number) {
  const body = JSON.stringify({ jobId: '00000000-0000-4000-8000-000000000000', state: 'done' });
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.setHeader('content-type','application/json');s.end(${JSON.stringify(body)})})}).listen(${port},'127.0.0.1',()=>console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

/** Runs the data path; answers the targets it missed. */
export async function runDataScenarios(input: {
  base: string;
  serverPid: number | undefined;
  token: string;
  jobId: string;
  accountId: string;
  barePort: number;
  seconds: number;
}): Promise<string[]> {
  const failures: string[] = [];
  const auth = { authorization: `Bearer ${input.token}` };

  // Poll every page of the stored result, one after another, as one connector reads it.
  const before = rssMb(input.serverPid);
  const started = performance.now();
  let rows = 0;
  let peak = before;
  for (let page: number | null = 1; page !== null;) {
    const response = await fetch(
      `${input.base}${DATA_API_PREFIX}/jobs/${input.jobId}?page=${page}`,
      {
        headers: auth,
      },
    );
    const body = (await response.json()) as { rows?: unknown[]; nextPage?: number | null };
    if (response.status !== 200 || !body.rows) throw new Error(`poll failed: ${response.status}`);
    rows += body.rows.length;
    page = body.nextPage ?? null;
    peak = Math.max(peak, rssMb(input.serverPid));
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(rows / seconds);
  console.log(
    `\npoll of a stored ${rows.toLocaleString('en-US')}-row result: ${rate.toLocaleString('en-US')} rows/s (${seconds.toFixed(2)} s), server RSS ${before} → peak ${peak} MB`,
  );
  if (rows !== STORED_ROWS) failures.push(`poll read ${rows} rows, not ${STORED_ROWS}`);
  // A page is sent as stored: reading them all must not hold the result in memory.
  if (peak - before > 150) failures.push(`poll grew the server by ${peak - before} MB (> 150 MB)`);

  // A cached job: the identical request answered from the stored result, 20 connections.
  const job = JSON.stringify(benchJobRequest(input.accountId));
  const probe = await fetch(`${input.base}${DATA_API_PREFIX}/jobs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: job,
  });
  const answer = await probe.text();
  if (probe.status !== 200 || !answer.includes(input.jobId)) {
    failures.push(
      `a cached job was not answered from the stored result: ${probe.status} ${answer}`,
    );
    return failures;
  }
  const bare = await startBareServer(input.barePort);
  try {
    const load = (url: string, headers: Record<string, string>) =>
      autocannon({
        url,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: job,
        connections: 20,
        duration: input.seconds,
      });
    const ours = await load(`${input.base}${DATA_API_PREFIX}/jobs`, auth);
    const floor = await load(`http://127.0.0.1:${input.barePort}/`, {});
    const ratio = (ours.latency.p99 / Math.max(1, floor.latency.p99)).toFixed(1);
    console.log(
      `cached job at 20 connections: ${Math.round(ours.requests.average)} req/s, p99 ${ours.latency.p99} ms (target 50) — bare node:http p99 ${floor.latency.p99} ms, ratio ${ratio}×; errors ${ours.errors + ours.timeouts}, non-2xx ${ours.non2xx}`,
    );
    if (ours.errors + ours.timeouts + ours.non2xx > 0) failures.push('cached job: errors');
    if (ours.latency.p99 > 50) failures.push(`cached job: p99 ${ours.latency.p99} ms > 50 ms`);
  } finally {
    bare.kill('SIGTERM');
  }
  return failures;
}
