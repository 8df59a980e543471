import { Worker } from 'node:worker_threads';

/** Room for one HTTP answer (a 5,000-row page is well under a megabyte). */
const BUFFER_BYTES = 32 * 1024 * 1024;

/** How a connector function failed: Apps Script's error, and the user error Looker Studio shows. */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly userError: string | null,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export interface ConnectorHarnessOptions {
  /** Script properties (APP_URL, CLIENT_ID, CLIENT_SECRET, ENVIRONMENT, ...). */
  scriptProperties: Record<string, string>;
  /** Where the OAuth2 library says Apps Script's usercallback is. */
  redirectUri: string;
  /** What happens while the connector sleeps between polls (tests run the server's jobs). */
  onSleep?: (ms: number) => Promise<void>;
}

/**
 * Runs connectors/looker-studio/Code.js in a worker thread as Apps Script runs it
 * (synchronous, with fakes of its services), against a real server: the worker blocks while
 * this thread, which also serves the app under test, makes its HTTP calls.
 */
export function startConnectorHarness(options: ConnectorHarnessOptions) {
  const shared = new SharedArrayBuffer(8 + BUFFER_BYTES);
  const signal = new Int32Array(shared, 0, 2);
  const payload = new Uint8Array(shared, 8);
  const worker = new Worker(new URL('./connector-worker.mjs', import.meta.url), {
    workerData: {
      codePath: new URL('../Code.js', import.meta.url).pathname,
      scriptProperties: options.scriptProperties,
      redirectUri: options.redirectUri,
      shared,
    },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;

  const answer = (value: unknown) => {
    const bytes = Buffer.from(JSON.stringify(value), 'utf8');
    if (bytes.length > BUFFER_BYTES) throw new Error('answer too large for the harness buffer');
    payload.set(bytes);
    Atomics.store(signal, 1, bytes.length);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  };

  type Message =
    | {
        type: 'fetch';
        request: { url: string; method: string; headers: Record<string, string>; body?: string };
      }
    | { type: 'sleep'; ms: number }
    | { type: 'result'; id: number; result?: unknown; error?: string; userError?: string | null };

  worker.on('message', (message: Message) => {
    if (message.type === 'result') {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) {
        call?.reject(new ConnectorError(message.error, message.userError ?? null));
      } else call?.resolve(message.result);
      return;
    }
    const work =
      message.type === 'fetch'
        ? fetch(message.request.url, {
            method: message.request.method,
            headers: message.request.headers,
            ...(message.request.body === undefined ? {} : { body: message.request.body }),
            redirect: 'manual',
          }).then(async (response) => ({
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body: await response.text(),
          }))
        : (options.onSleep?.(message.ms) ?? Promise.resolve()).then(() => ({}));
    work.then(answer, (error: unknown) =>
      answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });

  return {
    /** Calls one of the connector's functions (getSchema, getData, ...) with a request. */
    call<T = unknown>(fn: string, request: unknown = {}): Promise<T> {
      nextId += 1;
      const id = nextId;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ type: 'call', id, fn, request });
      });
    },
    close: () => worker.terminate(),
  };
}
