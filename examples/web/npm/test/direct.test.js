// The loader calls through the functions the module exports, the bytes
// passed in its memory; a call longer than that path takes goes through
// the global call function as before. Both must answer byte for byte
// alike: two engines play the same calls, one with the arguments as they
// are, the other with them padded by whitespace past the length the
// direct path takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load } from '../index.js';
import { rng } from './helpers.js';

const pad = ' '.repeat(1 << 16);

test('the module exports the direct entry', async () => {
  const mod = await WebAssembly.compile(await readFile(new URL('../brettspiel.wasm', import.meta.url)));
  const names = WebAssembly.Module.exports(mod).map((x) => x.name);
  for (const n of ['brettspielBuffer', 'brettspielCall', 'brettspielAnswer', 'mem']) {
    assert.ok(names.includes(n), `${n} is exported`);
  }
});

test('the direct entry and the global call answer alike', async () => {
  const [a, b] = await Promise.all([load(), load()]);
  const both = (method, args) => {
    const x = a.callJSON(method, args);
    const y = b.callJSON(method, args + pad);
    assert.equal(x, y, `${method} ${args}`);
    return JSON.parse(x);
  };
  for (const [variant, players, lang] of [['toccateglio', 2, 'de'], ['verkehren', 2, 'en'], ['festung', 3, 'de']]) {
    let st = both('newGame', JSON.stringify({ variant, players, seed: 7, lang }));
    const h = st.handle;
    const pick = rng(players);
    for (let i = 0; i < 400 && st.state.turn !== 'over'; i++) {
      if (st.state.turn === 'chance') {
        st = both('throw', `{"handle":${h},"since":${st.length}}`);
        continue;
      }
      const { legal } = both('legal', `{"handle":${h},"parts":${i % 2 === 0}}`);
      const m = legal[Math.floor(pick() * legal.length)].notation;
      st = both('apply', `{"handle":${h},"notation":${JSON.stringify(m)},"since":${st.length - 1},"lang":"${lang}"}`);
    }
    // errors, words beyond ASCII (the German answers, a notation quoted
    // back) and a lone surrogate
    both('apply', `{"handle":${h},"notation":"Zug über ä ö ü ß €"}`);
    both('apply', `{"handle":${h},"notation":"\ud800"}`);
    both('state', `{"handle":${h},"lang":"de","rules":true}`);
    both('saveRecord', `{"handle":${h}}`);
  }
  both('rule', '{"id":"T-M1","lang":"de"}');
  both('nosuch', '{}');
  both('state', '{"handle":99}');
  assert.equal(a.callJSON('version'), b.callJSON('version', pad));
  assert.equal(a.callJSON('version', null), b.callJSON('version', pad));
});

test('a long call goes through and the direct path works after it', async () => {
  const e = await load();
  const h = e.call('newGame', { variant: 'verkehren' }).handle;
  const long = e.callJSON('state', `{"handle":${h},"log":false}${pad}`);
  assert.equal(long, e.callJSON('state', `{"handle":${h},"log":false}`));
  // an answer far larger than the arguments, and arguments larger than
  // the buffer so far
  const rule = e.callJSON('rule', `{"id":"V-E1",${' '.repeat(5000)}"lang":"de"}`);
  assert.equal(JSON.parse(rule).id, 'V-E1');
});

test('the module refuses a buffer over its bound and keeps the one it has', async () => {
  // the module as the loader starts it, but its exports called directly,
  // as a caller going around the loader would
  if (typeof globalThis.Go !== 'function') {
    await import('../wasm_exec.js');
  }
  const go = new globalThis.Go();
  const name = `__brettspiel_bound_test`;
  go.argv = ['brettspiel', name];
  const mod = await WebAssembly.compile(await readFile(new URL('../brettspiel.wasm', import.meta.url)));
  const instance = await WebAssembly.instantiate(mod, go.importObject);
  go.run(instance);
  const api = globalThis[name];
  delete globalThis[name];
  const { brettspielBuffer: buffer, brettspielCall: call, brettspielAnswer: answer, mem } = instance.exports;
  const at = buffer(64) >>> 0;
  assert.notEqual(at, 0, 'a small buffer is given');
  const size = mem.buffer.byteLength;
  for (const n of [-1, 3 * 65536 + 1, 1 << 30, 0x7fffffff]) {
    assert.equal(buffer(n) >>> 0, 0, `a buffer of ${n} bytes is refused`);
  }
  assert.equal(mem.buffer.byteLength, size, 'the refusals grew no memory');
  assert.notEqual(buffer(3 * 65536) >>> 0, 0, 'the bound itself is given');
  // the buffer given last still takes a call
  const p = buffer(64) >>> 0;
  const n = new TextEncoder().encodeInto('version', new Uint8Array(mem.buffer, p, 64)).written;
  const len = call(n, 0);
  assert.ok(len > 0);
  const got = new TextDecoder().decode(new Uint8Array(mem.buffer, answer() >>> 0, len));
  assert.equal(got, api.call('version'));
});
