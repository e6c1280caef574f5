// The worker entry of the brettspiel engine: in a Web Worker (module
// worker) or a Node worker_threads Worker it loads the engine and answers
// each message {id, method, args} with {id, result} or {id, error}, the
// framing of the JSON-lines engine. args is an object (or null) or JSON
// text. Calls are answered in the order they come. The table's option
// maxGames comes as the worker's data (Node) or its name, JSON (browser);
// startWorker passes it so.
import { load, isError } from './index.js';

let post;
let listen;
// The table's options, {maxGames}: the worker's name in a browser (JSON),
// its workerData in Node; none by default.
let options = {};
if (typeof globalThis.WorkerGlobalScope !== 'undefined' && typeof globalThis.postMessage === 'function') {
  post = (m) => globalThis.postMessage(m);
  listen = (f) => globalThis.addEventListener('message', (e) => f(e.data));
  try {
    options = JSON.parse(globalThis.name || '{}') ?? {};
  } catch {
    // a name that is no JSON names the worker, and sets no option
  }
} else {
  const { parentPort, workerData } = await import('node:worker_threads');
  if (!parentPort) {
    throw new Error('worker.js runs in a worker');
  }
  post = (m) => parentPort.postMessage(m);
  listen = (f) => parentPort.on('message', f);
  options = workerData ?? {};
}

const engine = load(options !== null && typeof options === 'object' ? { maxGames: options.maxGames } : {});
// A failed start is answered to every call, not thrown at the worker.
engine.catch(() => {});

listen(async (msg) => {
  const id = msg !== null && typeof msg === 'object' ? msg.id : undefined;
  try {
    const e = await engine;
    if (msg === null || typeof msg !== 'object') {
      throw new Error('a message is an object {id, method, args}');
    }
    const args = msg.args === undefined || msg.args === null ? ''
      : typeof msg.args === 'string' ? msg.args : JSON.stringify(msg.args);
    const res = JSON.parse(e.callJSON(msg.method, args));
    post(isError(res) ? { id, error: res.error } : { id, result: res });
  } catch (err) {
    post({ id, error: { name: 'Error', message: String(err?.message ?? err) } });
  }
});
