// A refused call keeps what the session says: the sentinel's name, the
// message, the sentence for the player, the refusal as data and the rules.
// The table's size is the loader's option maxGames. A string too long for
// the module is refused before it is copied into its memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load, startWorker, BrettspielError } from '../index.js';

// A Verkehren game at its first play (seed 3: seat 1 has 6 and 4) and a
// move whose second step no number of the throw makes.
async function refusedMove(call) {
  let st = await call('newGame', { variant: 'verkehren', seats: ['person', 'person'], seed: 3, log: false });
  while (st.state.turn === 'chance') {
    st = await call('throw', { handle: st.handle, log: false });
  }
  assert.deepEqual(st.state.dice, [6, 4]);
  return { handle: st.handle, notation: '1/7 1/8', lang: 'de' };
}

function checkRefusal(err) {
  assert.ok(err instanceof BrettspielError);
  assert.equal(err.name, 'ErrIllegalMove');
  assert.equal(err.code, 'ErrIllegalMove');
  assert.equal(err.method, 'apply');
  assert.match(err.message, /no number of the throw left \(4\) moves a stone from 1 to 8 \(V-D2\)/);
  assert.equal(err.say, 'Du hast 4 zu spielen; der Zug von 13 nach 20 braucht eine 7.');
  assert.equal(err.refusal.code, 'no-number');
  assert.equal(err.refusal.player, 1);
  assert.equal(err.refusal.at, 1);
  assert.deepEqual(err.refusal.dice, [4]);
  assert.equal(err.refusal.need, 7);
  assert.deepEqual(err.refusal.steps.map((s) => [s.from, s.to]), [[13, 19], [13, 20]]);
  assert.deepEqual(err.rules.map((r) => r.id), ['V-D2']);
  assert.equal(err.rules[0].title, 'So viele Zahlen wie möglich');
  return true;
}

test('a refused move keeps say and refusal (this thread)', async () => {
  const e = await load();
  const args = await refusedMove((m, a) => e.call(m, a));
  assert.throws(() => e.call('apply', args), checkRefusal);
});

test('a refused move keeps say and refusal (worker)', async () => {
  const w = await startWorker();
  try {
    const args = await refusedMove((m, a) => w.call(m, a));
    await assert.rejects(w.call('apply', args), checkRefusal);
  } finally {
    w.terminate();
  }
});

test('an error without a player\'s sentence has no say', async () => {
  const e = await load();
  assert.throws(() => e.call('state', { handle: 99 }), (err) =>
    err instanceof BrettspielError && err.name === 'ErrUnknownHandle' && !('say' in err) && !('refusal' in err));
});

test('load({maxGames}) sets the table\'s size: a full table refuses with ErrTableFull', async () => {
  const e = await load({ maxGames: 3 });
  const handles = [1, 2, 3].map(() => e.call('newGame', { variant: 'festung', log: false }).handle);
  assert.throws(() => e.call('newGame', { variant: 'festung' }), (err) => err.name === 'ErrTableFull');
  e.call('close', { handle: handles[1] });
  assert.ok(e.call('newGame', { variant: 'festung', log: false }).handle > 3, 'a closed game makes room');
  assert.throws(() => e.call('newGame', { variant: 'festung' }), (err) => err.name === 'ErrTableFull');
  // the default is the session's: 32
  const d = await load();
  for (let i = 0; i < 32; i++) {
    d.call('newGame', { variant: 'festung', log: false });
  }
  assert.throws(() => d.call('newGame', { variant: 'festung' }), (err) => err.name === 'ErrTableFull');
});

test('startWorker({maxGames}) sets the worker\'s table\'s size', async () => {
  const w = await startWorker({ maxGames: 2 });
  try {
    await w.call('newGame', { variant: 'festung', log: false });
    await w.call('newGame', { variant: 'festung', log: false });
    await assert.rejects(w.call('newGame', { variant: 'festung' }), (err) => err.name === 'ErrTableFull');
  } finally {
    w.terminate();
  }
  await assert.rejects(startWorker({ maxGames: 0 }), RangeError);
});

test('load refuses a maxGames that is no whole number of at least 1', async () => {
  for (const bad of [0, -1, 1.5, '3', NaN, Infinity, 2 ** 53]) {
    await assert.rejects(load({ maxGames: bad }), RangeError, String(bad));
  }
});

test('a string too long for the module is refused uncopied: its memory does not grow', async () => {
  if (typeof globalThis.Go !== 'function') {
    await import('../wasm_exec.js');
  }
  const go = new globalThis.Go();
  const name = '__brettspiel_long_string_test';
  go.argv = ['brettspiel', name];
  const mod = await WebAssembly.compile(await readFile(new URL('../brettspiel.wasm', import.meta.url)));
  const instance = await WebAssembly.instantiate(mod, go.importObject);
  go.run(instance);
  const api = globalThis[name];
  delete globalThis[name];
  const { mem } = instance.exports;
  const size = mem.buffer.byteLength;
  const long = 'x'.repeat(64 << 20); // 64 Mi code units, at least 64 MiB in UTF-8
  const args = JSON.parse(api.call('version', long));
  assert.equal(args.error.name, 'ErrTooLarge');
  const method = JSON.parse(api.call(long, '{}'));
  assert.equal(method.error.name, 'ErrUnknownMethod');
  assert.ok(method.error.message.length < 1024, 'the message quotes no unbounded input');
  assert.equal(mem.buffer.byteLength, size, 'the module\'s memory grew');
  assert.equal(JSON.parse(api.call('version')).protocol, 1);
});

test('the WebAssembly leaves owned seats out: a game of owned seats is a server\'s', async () => {
  const e = await load();
  assert.throws(() => e.call('newGame', { variant: 'verkehren', owned: true }), (err) =>
    err instanceof BrettspielError && err.name === 'ErrBadCall' && /owned seats/.test(err.message));
  const st = e.call('newGame', { variant: 'verkehren', seats: ['person', 'person'] });
  assert.throws(() => e.call('claim', { handle: st.handle, seat: 0 }), (err) =>
    err instanceof BrettspielError && err.name === 'ErrBadCall');
});
