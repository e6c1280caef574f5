// The WebAssembly side: the engine (the library compiled to WebAssembly,
// see the wasm folder) loaded, and call, which runs a method of its API or
// hands it to the online layer while the page plays a game of a server.

import { S, metrics } from './state.js';

export async function loadWasm() {
  const go = new Go();
  const res = await WebAssembly.instantiateStreaming(fetch('brettspiel.wasm'), go.importObject);
  go.run(res.instance);
  for (let i = 0; !globalThis.brettspiel?.ready; i++) {
    if (i > 500) throw new Error('the WebAssembly did not start');
    await new Promise((r) => setTimeout(r, 10));
  }
  metrics.wasmReady = performance.now();
}

// call runs a method of the API; the result is an object, {error} on failure.
// While the page plays a game held by a server (S.remote, set by the online
// layer of the game server in server/), the methods that act go to the server and
// the page shows its own copy of the game, which the server's changes keep.
export function call(method, args) {
  if (S.remote?.acts(method)) return S.remote.call(method, args);
  return localCall(method, args);
}

export function localCall(method, args) {
  const t0 = performance.now();
  const out = JSON.parse(globalThis.brettspiel.call(method, JSON.stringify(args ?? {})));
  metrics.calls++;
  metrics.callMillis += performance.now() - t0;
  return out;
}
