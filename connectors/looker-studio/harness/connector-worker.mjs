// Runs the connector's code as Apps Script would: synchronously, in a context of its own, with
// the fakes of apps-script-fakes.mjs. HTTP and sleeping are handed to the main thread (which
// serves the app under test), and this thread waits on a shared buffer until they are done.
import fs from 'node:fs';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { appsScriptGlobals } from './apps-script-fakes.mjs';

const { codePath, scriptProperties, redirectUri, shared } = workerData;
const signal = new Int32Array(shared, 0, 2);
const payload = new Uint8Array(shared, 8);

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
};

const context = vm.createContext(
  appsScriptGlobals({ bridge, scriptProperties, redirectUri, now: () => Date.now() }),
);
vm.runInContext(fs.readFileSync(codePath, 'utf8'), context, { filename: 'Code.js' });

parentPort.on('message', (message) => {
  if (message.type !== 'call') return;
  try {
    const result = context[message.fn](message.request);
    parentPort.postMessage({
      type: 'result',
      id: message.id,
      result: JSON.parse(JSON.stringify(result ?? null)),
    });
  } catch (error) {
    parentPort.postMessage({
      type: 'result',
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
      userError: error?.userError ?? null,
    });
  }
});
