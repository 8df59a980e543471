// One Apps Script "instance": it runs executions of the connector's code one after another,
// each in a fresh context (an execution starts from the script, never from another's globals),
// synchronously, with the fakes of apps-script-fakes.mjs. HTTP, sleeping, the shared stores and
// the lock are handed to the main thread, and this thread waits on a shared buffer for them.
import fs from 'node:fs';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { appsScriptGlobals, openStateToken } from './apps-script-fakes.mjs';

const { code, redirectUri, shared, clockOffset, stateKey } = workerData;
const signal = new Int32Array(shared, 0, 2);
const payload = new Uint8Array(shared, 8);
const offset = new BigInt64Array(clockOffset);
const key = Buffer.from(stateKey, 'hex');
const now = () => Date.now() + Number(Atomics.load(offset, 0));

/** Sends a request to the main thread and blocks until its answer is in the shared buffer. */
function ask(message) {
  Atomics.store(signal, 0, 0);
  parentPort.postMessage(message);
  Atomics.wait(signal, 0, 0);
  const length = Atomics.load(signal, 1);
  const text = Buffer.from(payload.slice(0, length)).toString('utf8');
  const answer = JSON.parse(text);
  if (answer.error) throw new Error(answer.error);
  return answer;
}

const bridge = {
  request: (request) => ask({ type: 'fetch', request }),
  sleep: (ms) => void ask({ type: 'sleep', ms }),
  call: (service, args) => ask({ type: 'service', service, ...args }).value,
  // The execution's log: nothing to wait for, as Apps Script's console does not answer.
  log: (level, text) => parentPort.postMessage({ type: 'log', level, text }),
};
const source = code ?? fs.readFileSync(workerData.codePath, 'utf8');

/**
 * Apps Script's usercallback: opens the state token, adds its arguments to the request's
 * parameters and runs the function it names; a token not made here or timed out runs nothing.
 */
function userCallback(context, url) {
  const query = Object.fromEntries(new URL(url).searchParams);
  const state = openStateToken(key, query.state, now);
  if (!state) throw new Error('The state token is invalid or has expired.');
  return context[state.method]({ parameter: { ...query, ...state.args } });
}

function execute(fn, request) {
  const context = vm.createContext(appsScriptGlobals({ bridge, redirectUri, now, stateKey: key }));
  vm.runInContext(source, context, { filename: 'Code.js' });
  return fn === 'usercallback' ? userCallback(context, request.url) : context[fn](request);
}

parentPort.on('message', (message) => {
  if (message.type !== 'call') return;
  try {
    const result = execute(message.fn, message.request);
    // An HtmlOutput reaches the test as its HTML.
    const sent = typeof result?.getContent === 'function' ? { html: result.getContent() } : result;
    parentPort.postMessage({
      type: 'result',
      id: message.id,
      result: JSON.parse(JSON.stringify(sent ?? null)),
    });
  } catch (error) {
    parentPort.postMessage({
      type: 'result',
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
      userError: error?.userError ?? null,
      debugText: error?.debugText ?? null,
    });
  }
});
