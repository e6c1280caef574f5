import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load, BrettspielError, isError } from '../index.js';

test('the engine starts in Node and answers', async () => {
  const t0 = performance.now();
  const e = await load();
  const h = e.call('newGame', { variant: 'verkehren', seats: ['person', 'person'] }).handle;
  e.call('throw', { handle: h });
  const { legal } = e.call('legal', { handle: h });
  const ms = performance.now() - t0;
  assert.ok(legal.length > 0);
  const v = e.call('version');
  assert.equal(v.protocol, e.protocol);
  assert.ok(v.methods.includes('advance'));
  // a figure for doc/performance.md, not a bound
  console.log(`# instantiation to the first legal list: ${ms.toFixed(0)} ms (compile+instantiate ${e.timing.instantiate.toFixed(0)} ms, start ${e.timing.start.toFixed(1)} ms)`);
});

test('an error answer is thrown as a BrettspielError with the rule', async () => {
  const e = await load();
  const h = e.call('newGame', { variant: 'toccateglio', seats: ['person', 'person'] }).handle;
  assert.throws(() => e.call('apply', { handle: h, notation: 'no such move' }),
    (err) => err instanceof BrettspielError && ['ErrBadCall', 'ErrBadNotation', 'ErrIllegalMove'].includes(err.name));
  assert.throws(() => e.call('nosuch'), (err) => err instanceof BrettspielError && err.name === 'ErrUnknownMethod' && err.method === 'nosuch');
  const raw = JSON.parse(e.callJSON('state', '{"handle": 99}'));
  assert.ok(isError(raw));
  assert.equal(raw.error.name, 'ErrUnknownHandle');
});

test('two engines in one thread keep their own tables', async () => {
  const [a, b] = await Promise.all([load(), load()]);
  assert.equal(a.call('newGame', { variant: 'festung' }).handle, 1);
  assert.equal(a.call('newGame', { variant: 'festung' }).handle, 2);
  assert.equal(b.call('newGame', { variant: 'festung' }).handle, 1);
  assert.equal(globalThis.brettspiel, undefined, 'the loader leaves no global behind');
});

test('the module loads from its bytes and from a compiled module', async () => {
  const bytes = await readFile(new URL('../brettspiel.wasm', import.meta.url));
  const e1 = await load({ wasm: bytes });
  assert.equal(e1.call('version').protocol, 1);
  const e2 = await load({ wasm: await WebAssembly.compile(bytes) });
  assert.equal(e2.call('games').games.length, 3);
});

test('a missing module is a clear rejection', async () => {
  await assert.rejects(load({ wasm: new URL('./nosuch.wasm', import.meta.url) }), /ENOENT/);
});
