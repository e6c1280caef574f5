// The worker entry in Node's worker_threads: the same protocol, answered
// by messages, so that a bot's search does not hold up the caller.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { startWorker, BrettspielError } from '../index.js';
import { playByPicking } from './helpers.js';

test('a game played to the end in a worker', async () => {
  const w = await startWorker();
  try {
    let st = await w.call('newGame', { variant: 'festung', players: 3, seats: ['random', 'greedy', 'random'], log: false });
    while (st.state.turn !== 'over') {
      st = await w.call('advance', { handle: st.handle, log: false });
    }
    const h = (await w.call('newGame', { variant: 'toccateglio', seed: 5 })).handle;
    const { st: end } = await playByPicking((m, a) => w.call(m, a), h, 9);
    assert.equal(end.state.turn, 'over');
    await assert.rejects(w.call('apply', { handle: h, notation: '6-6' }), BrettspielError);
  } finally {
    w.terminate();
  }
});

test('the main thread runs on while the worker searches', async () => {
  const w = await startWorker();
  try {
    // a seeded game, played on to a decision of several moves: a forced
    // one is answered before a timer could fire, whatever the thread does
    const h = (await w.call('newGame', { variant: 'toccateglio', seed: 7 })).handle;
    let st = await w.call('state', { handle: h, log: false });
    for (;;) {
      while (st.state.turn === 'chance') {
        st = await w.call('throw', { handle: h, log: false });
      }
      assert.notEqual(st.state.turn, 'over');
      const { legal } = await w.call('legal', { handle: h });
      if (legal.length >= 12) {
        break;
      }
      st = await w.call('apply', { handle: h, notation: legal[0].notation, log: false });
    }
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      st = await w.call('botMove', { handle: h, bot: 'expectimax', log: false });
    } finally {
      clearInterval(timer);
    }
    assert.ok(st.move);
    // not a timing bound: only that the event loop turned during the call
    assert.ok(ticks > 0, 'the event loop did not turn while the worker searched');
  } finally {
    w.terminate();
  }
});

test('garbage messages get error answers and the worker goes on', async () => {
  const raw = new Worker(new URL('../worker.js', import.meta.url));
  const answers = [];
  raw.on('message', (m) => answers.push(m));
  const sent = [null, 42, 'text', { id: 1 }, { id: 2, method: 7 }, { id: 3, method: 'state', args: 'not json' },
    { id: 4, method: 'version', args: { big: 10n } }, { id: 5, method: 'nosuch' }, { id: 6, method: 'version' }];
  for (const m of sent) {
    raw.postMessage(m);
  }
  while (answers.length < sent.length) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await raw.terminate();
  assert.equal(answers.filter((a) => 'error' in a).length, sent.length - 1);
  const last = answers.find((a) => a.id === 6);
  assert.equal(last.result.protocol, 1);
  assert.equal(answers.find((a) => a.id === 5).error.name, 'ErrUnknownMethod');
});

test('calls on a terminated worker are refused', async () => {
  const w = await startWorker();
  w.terminate();
  await assert.rejects(w.call('version'), /terminated/);
});
