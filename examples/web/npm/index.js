// The loader of the brettspiel engine: the Go library compiled to
// WebAssembly, behind the JSON protocol of its package session. It runs in
// browsers, Web Workers and Node (18 or later) alike; see README.md.

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string' &&
  typeof globalThis.WorkerGlobalScope === 'undefined' && typeof globalThis.window === 'undefined';

/**
 * The error a call answers with: the protocol's error object as an Error,
 * its keys kept. name is the library's sentinel (as a DOMException's name
 * says its kind), e.g. "ErrIllegalMove".
 */
export class BrettspielError extends Error {
  constructor(error, method) {
    const e = error && typeof error === 'object' ? error : { name: 'Error', message: String(error) };
    super(typeof e.message === 'string' ? e.message : String(e.name));
    /** The name of the library's sentinel error, e.g. "ErrIllegalMove". */
    this.name = typeof e.name === 'string' ? e.name : 'Error';
    /** The rules that refused, with their texts (may be empty). */
    this.rules = Array.isArray(e.rules) ? e.rules : [];
    /** What to tell the player, in the call's or the game's language; absent where the error is not the player's. */
    if (typeof e.say === 'string') {
      this.say = e.say;
    }
    /** The refused move as data (code, player, steps, at, dice, need, count); absent unless a move was refused. */
    if (e.refusal && typeof e.refusal === 'object') {
      this.refusal = e.refusal;
    }
    /** The method that failed. */
    this.method = method;
  }

  /** The sentinel's name, as name (kept for the callers of earlier versions). */
  get code() { return this.name; }
}

/** Whether a protocol answer is an error object. */
export function isError(result) {
  return result !== null && typeof result === 'object' && 'error' in result && Object.keys(result).length === 1;
}

let instances = 0;

/**
 * Loads and starts the engine. options.wasm is where the module is: a URL
 * or path, its bytes, a compiled WebAssembly.Module or a fetch Response;
 * by default brettspiel.wasm next to this file. options.maxGames is the
 * most games its table holds at once (32 by default); a newGame beyond it
 * is refused with ErrTableFull until a game is closed.
 */
export async function load(options = {}) {
  const started = now();
  const argv = tableArgs(options);
  if (typeof globalThis.Go !== 'function') {
    await import('./wasm_exec.js');
  }
  const go = new globalThis.Go();
  const name = `__brettspiel_${++instances}_${Math.random().toString(36).slice(2)}`;
  go.argv = ['brettspiel', name, ...argv];
  const instance = await instantiate(options.wasm ?? new URL('./brettspiel.wasm', import.meta.url), go.importObject);
  const compiled = now();
  let exited = null;
  go.run(instance).then(() => { exited = `the engine has exited (code ${go.exitCode ?? '?'})`; },
    (e) => { exited = `the engine has failed: ${e?.message ?? e}`; });
  const api = globalThis[name];
  delete globalThis[name];
  if (!api || typeof api.call !== 'function') {
    throw new Error('the engine did not start (the WebAssembly program ended at once)');
  }
  return new Engine(api, () => exited, { instantiate: compiled - started, start: now() - compiled }, direct(instance.exports));
}

// tableArgs returns the module's arguments for the table's options:
// maxGames, the most games the table holds at once (the session's
// Options.MaxGames; 32 when absent), a whole number of at least 1.
function tableArgs(options) {
  const { maxGames } = options ?? {};
  if (maxGames === undefined || maxGames === null) {
    return [];
  }
  if (!Number.isSafeInteger(maxGames) || maxGames < 1) {
    throw new RangeError(`load: maxGames is a whole number of at least 1, not ${String(maxGames).slice(0, 40)}`);
  }
  return [`-max-games=${maxGames}`];
}

// The longest call, in UTF-16 code units of the method name and the
// arguments together, that goes through the module's memory; a longer one
// (a long record) goes through api.call, so that the buffer stays small.
const directMax = 1 << 16;

// direct returns a call through the functions the module exports, which
// pass the bytes in the module's memory (see the wasm command's doc): the
// same answers as api.call without a string made or a value held on the
// Go side per call; the call answers null when the module refuses the
// buffer it needs (over its bound), and the caller goes the other way.
// null for a module without them.
function direct(exports) {
  const { brettspielBuffer: buffer, brettspielCall: call, brettspielAnswer: answer, mem } = exports ?? {};
  if (typeof buffer !== 'function' || typeof call !== 'function' || typeof answer !== 'function' || !(mem instanceof WebAssembly.Memory)) {
    return null;
  }
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let at = 0;
  let room = 0;
  return (method, args) => {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const need = 3 * (method.length + args.length);
    if (need > room) {
      const p = buffer(need) >>> 0;
      if (p === 0) {
        return null; // refused: the caller takes the global call
      }
      at = p;
      room = need;
    }
    // The memory may have grown since the last call: a view of it now.
    const view = new Uint8Array(mem.buffer, at, room);
    const m = encoder.encodeInto(method, view).written;
    const n = call(m, encoder.encodeInto(args, view.subarray(m)).written);
    if (n < 0) {
      throw new Error('the engine refused the call\'s buffer');
    }
    return decoder.decode(new Uint8Array(mem.buffer, answer() >>> 0, n));
  };
}

function now() {
  return typeof performance === 'object' ? performance.now() : Date.now();
}

async function instantiate(src, imports) {
  if (src instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(src, imports);
  }
  if (src instanceof ArrayBuffer || ArrayBuffer.isView(src)) {
    return (await WebAssembly.instantiate(src, imports)).instance;
  }
  if (typeof Response === 'function' && src instanceof Response) {
    return (await instantiateResponse(src, imports)).instance;
  }
  if (isNode && (src instanceof URL ? src.protocol === 'file:' : !/^[a-z][a-z0-9+.-]+:/i.test(String(src)))) {
    // a file: URL or a path
    const { readFile } = await import('node:fs/promises');
    return (await WebAssembly.instantiate(await readFile(src instanceof URL ? src : String(src)), imports)).instance;
  }
  const url = src instanceof URL ? src : new URL(String(src), globalThis.location?.href);
  const res = await fetch(url);
  if (!res.ok) {
    throw new Error(`fetch ${url}: ${res.status} ${res.statusText}`);
  }
  return (await instantiateResponse(res, imports)).instance;
}

async function instantiateResponse(res, imports) {
  if (typeof WebAssembly.instantiateStreaming === 'function' &&
    (res.headers.get('Content-Type') ?? '').startsWith('application/wasm')) {
    return WebAssembly.instantiateStreaming(res, imports);
  }
  return WebAssembly.instantiate(await res.arrayBuffer(), imports);
}

/** A started engine: one table of games in this thread. */
export class Engine {
  #api;
  #exited;
  #direct;
  constructor(api, exited, timing, direct = null) {
    this.#api = api;
    this.#exited = exited;
    this.#direct = direct;
    /** Milliseconds to compile and instantiate the module, and to start it. */
    this.timing = timing;
    /** The protocol's version. */
    this.protocol = api.protocol;
  }

  /**
   * Calls a method with its arguments (an object, or nothing) and returns
   * its result; an error answer is thrown as a BrettspielError.
   */
  call(method, args) {
    const res = JSON.parse(this.callJSON(method, args === undefined ? '' : JSON.stringify(args)));
    if (isError(res)) {
      throw new BrettspielError(res.error, method);
    }
    return res;
  }

  /**
   * Calls a method with its arguments as JSON text and returns the answer
   * as JSON text, an error object included: the protocol as it is.
   */
  callJSON(method, argsJSON) {
    const why = this.#exited();
    if (why) {
      throw new Error(why);
    }
    if (this.#direct && typeof method === 'string' && (typeof argsJSON === 'string' || argsJSON == null)) {
      const args = argsJSON ?? '';
      if (method.length + args.length <= directMax) {
        const answer = this.#direct(method, args);
        if (answer !== null) {
          return answer;
        }
      }
    }
    return this.#api.call(method, argsJSON);
  }
}

let workerIDs = 0;

/**
 * Starts the engine in a worker (a Web Worker in a browser, a
 * worker_threads Worker in Node) and resolves once it answers.
 * options.maxGames is load's. A worker made by the caller may be passed as
 * options.worker (one running worker.js of this package; its table's
 * options are the caller's to give, as workerData or the worker's name).
 */
export async function startWorker(options = {}) {
  let worker = options.worker;
  if (!worker) {
    // The table's options go to worker.js as the worker's data (Node) or
    // its name (a browser's Worker), which it hands to load.
    const table = tableArgs(options).length > 0 ? { maxGames: options.maxGames } : {};
    if (isNode) {
      const { Worker } = await import('node:worker_threads');
      worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: table });
    } else {
      worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: JSON.stringify(table) });
    }
  }
  const w = new WorkerEngine(worker);
  try {
    await w.call('version');
  } catch (e) {
    w.terminate();
    throw e;
  }
  return w;
}

/** An engine in a worker: the same calls, answered asynchronously. */
export class WorkerEngine {
  #worker;
  #pending = new Map();
  #next = 1;
  #dead = null;
  constructor(worker) {
    this.#worker = worker;
    const onMessage = (msg) => this.#answer(msg);
    const onError = (e) => this.#fail(`the worker failed: ${e?.message ?? e}`);
    if (typeof worker.on === 'function') { // Node
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', (code) => this.#fail(`the worker has exited (code ${code})`));
    } else {
      worker.addEventListener('message', (e) => onMessage(e.data));
      worker.addEventListener('error', (e) => { e.preventDefault?.(); onError(e); });
    }
  }

  /** Like Engine.call, resolving with the result or rejecting with a BrettspielError. */
  call(method, args) {
    if (this.#dead) {
      return Promise.reject(new Error(this.#dead));
    }
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, method });
      this.#worker.postMessage({ id, method, args: args === undefined ? null : args });
    });
  }

  /** Ends the worker; calls under way are rejected. */
  terminate() {
    this.#fail('the worker was terminated');
    this.#worker.terminate();
  }

  #answer(msg) {
    const p = msg && this.#pending.get(msg.id);
    if (!p) {
      return;
    }
    this.#pending.delete(msg.id);
    if ('error' in msg) {
      p.reject(new BrettspielError(msg.error, p.method));
    } else {
      p.resolve(msg.result);
    }
  }

  #fail(why) {
    this.#dead ??= why;
    for (const p of this.#pending.values()) {
      p.reject(new Error(why));
    }
    this.#pending.clear();
  }
}
