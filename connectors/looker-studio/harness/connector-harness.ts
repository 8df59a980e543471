import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sharedServices } from './shared-services.ts';
import type { ServiceCall } from './shared-services.ts';

/** Room for one HTTP answer (a 5,000-row page is well under a megabyte). */
const BUFFER_BYTES = 32 * 1024 * 1024;

/** How a connector function failed: Apps Script's error, and the user error Looker Studio shows. */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly userError: string | null,
    /** The user error's debug text, which Looker Studio shows admins only. */
    readonly debugText: string | null = null,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/**
 * The time the connector's executions see, which a test moves forward: its offset from the
 * real time is in shared memory, so every worker reads it synchronously. The server under test
 * takes `clock` so both sides agree when a token lapses.
 */
export function harnessClock() {
  const buffer = new SharedArrayBuffer(8);
  const offset = new BigInt64Array(buffer);
  const now = () => Date.now() + Number(Atomics.load(offset, 0));
  return {
    buffer,
    now,
    clock: () => new Date(now()),
    advance(ms: number) {
      Atomics.add(offset, 0, BigInt(Math.round(ms)));
    },
  };
}

export type HarnessClock = ReturnType<typeof harnessClock>;

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A request the connector made, and whether its execution held the user lock meanwhile. */
type LoggedRequest = HttpRequest & { underLock: boolean };

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A JSON answer a test gives in the app's place (`intercept`). */
export function jsonAnswer(value: unknown, status = 200): HttpAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

export interface ConnectorHarnessOptions {
  /** Script properties (APP_URL, CLIENT_ID, CLIENT_SECRET, ENVIRONMENT, ...). */
  scriptProperties: Record<string, string>;
  /** Where the OAuth2 library says Apps Script's usercallback is. */
  redirectUri: string;
  /** The connector's time (defaults to the real time). */
  clock?: HarnessClock;
  /** How many executions run at once, as Looker Studio runs one per chart (default 1). */
  parallel?: number;
  /** The connector's source instead of Code.js (a test removing one line, to show it matters). */
  code?: string;
  /** What happens while the connector sleeps (tests run the server's jobs, move the clock). */
  onSleep?: (ms: number) => Promise<void>;
  /** Answers a request instead of the network when it returns an answer (a proxy's refusal). */
  intercept?: (request: HttpRequest) => HttpAnswer | undefined;
}

/** A line an execution wrote to its log (console.log, console.warn, ...). */
export interface LogLine {
  fn: string;
  level: string;
  text: string;
}

type Message =
  | { type: 'log'; level: string; text: string }
  | { type: 'fetch'; request: HttpRequest }
  | { type: 'sleep'; ms: number }
  | ({ type: 'service' } & ServiceCall)
  | {
      type: 'result';
      id: number;
      result?: unknown;
      error?: string;
      userError?: string | null;
      debugText?: string | null;
    };

interface Call {
  id: number;
  fn: string;
  request: unknown;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

async function send(request: HttpRequest): Promise<HttpAnswer> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: 'manual',
  });
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

/**
 * Runs connectors/looker-studio/Code.js as Apps Script runs it: each call is an execution in a
 * fresh context, synchronous, with fakes of its services; `parallel` executions run at once in
 * worker threads, sharing the person's properties, caches and lock, against a real server. A
 * worker blocks while this thread, which also serves the app under test, does its I/O.
 */
export function startConnectorHarness(options: ConnectorHarnessOptions) {
  const clock = options.clock ?? harnessClock();
  const services = sharedServices(options.scriptProperties, clock.now);
  const stateKey = randomBytes(32).toString('hex');
  /** Every HTTP request the connector made, in order. */
  const requests: LoggedRequest[] = [];
  /** Every line the connector's executions logged, in order. */
  const logs: LogLine[] = [];
  const queue: Call[] = [];
  let nextId = 0;

  const workers = Array.from({ length: options.parallel ?? 1 }, () => {
    const shared = new SharedArrayBuffer(8 + BUFFER_BYTES);
    const signal = new Int32Array(shared, 0, 2);
    const payload = new Uint8Array(shared, 8);
    const thread = new Worker(new URL('./connector-worker.mjs', import.meta.url), {
      workerData: {
        codePath: new URL('../Code.js', import.meta.url).pathname,
        code: options.code,
        redirectUri: options.redirectUri,
        shared,
        clockOffset: clock.buffer,
        stateKey,
      },
    });
    const worker = { thread, running: undefined as Call | undefined };
    const answer = (value: unknown) => {
      const bytes = Buffer.from(JSON.stringify(value), 'utf8');
      if (bytes.length > BUFFER_BYTES) throw new Error('answer too large for the harness buffer');
      payload.set(bytes);
      Atomics.store(signal, 1, bytes.length);
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    };
    thread.on('message', (message: Message) => {
      const call = worker.running;
      if (message.type === 'log') {
        logs.push({ fn: call?.fn ?? '', level: message.level, text: message.text });
        return;
      }
      if (message.type === 'result') {
        worker.running = undefined;
        if (call) services.ended(call.id);
        if (message.error !== undefined) {
          call?.reject(
            new ConnectorError(message.error, message.userError ?? null, message.debugText ?? null),
          );
        } else call?.resolve(message.result);
        dispatch();
        return;
      }
      let work: Promise<unknown>;
      if (message.type === 'fetch') {
        requests.push({
          ...message.request,
          underLock: call !== undefined && services.holdsLock(call.id),
        });
        const intercepted = options.intercept?.(message.request);
        work = intercepted ? Promise.resolve(intercepted) : send(message.request);
      } else if (message.type === 'sleep') {
        work = (options.onSleep?.(message.ms) ?? Promise.resolve()).then(() => ({}));
      } else {
        work = services.run(call?.id ?? -1, message).then((value) => ({ value }));
      }
      work.then(answer, (error: unknown) =>
        answer({ error: error instanceof Error ? error.message : String(error) }),
      );
    });
    return worker;
  });

  function dispatch() {
    for (const worker of workers) {
      if (worker.running) continue;
      const call = queue.shift();
      if (!call) return;
      worker.running = call;
      worker.thread.postMessage({ type: 'call', id: call.id, fn: call.fn, request: call.request });
    }
  }

  /** Calls one of the connector's functions (getSchema, getData, ...) as an execution. */
  function call<T = unknown>(fn: string, request: unknown = {}): Promise<T> {
    nextId += 1;
    const id = nextId;
    return new Promise<T>((resolve, reject) => {
      queue.push({ id, fn, request, resolve: resolve as (v: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    call,
    /**
     * Apps Script's usercallback, where the authorization server sends the person back: runs
     * the function the state token names with the address's parameters and the token's
     * arguments. Answers the page it shows.
     */
    callback: (url: URL | string) => call<{ html: string }>('usercallback', { url: String(url) }),
    requests,
    logs,
    /** Sets a script property, as in Project settings (DEBUG=true makes every person an admin). */
    setScriptProperty: services.setScriptProperty,
    userProperties: services.userProperties,
    userCache: services.userCache,
    close: () => Promise.all(workers.map((w) => w.thread.terminate())),
  };
}
