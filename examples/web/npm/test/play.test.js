// Every variant and preset played to its end through the loader: by the
// bots (advance) and by picking legal moves (legal, apply, throw).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.js';
import { playByPicking } from './helpers.js';

const e = await load();
const { games, bots } = e.call('games');
const call = (m, a) => e.call(m, a);

test('the catalogue lists the three games and the bots', () => {
  assert.deepEqual(games.map((g) => g.name).sort(), ['festung', 'toccateglio', 'verkehren']);
  assert.ok(bots.includes('random') && bots.includes('greedy'));
});

for (const g of games) {
  for (const [i, p] of g.presets.entries()) {
    for (const players of new Set([g.minPlayers, g.maxPlayers])) {
      test(`${g.name} / ${p.name} / ${players} seats: bots play it to the end`, () => {
        const seats = Array.from({ length: players }, (_, k) => (k % 2 ? 'greedy' : 'random'));
        let st = e.call('newGame', { variant: g.name, preset: p.name, players, seed: 1000 + i, seats, log: false });
        const h = st.handle;
        for (let n = 0; st.state.turn !== 'over'; n++) {
          assert.ok(n < 100, 'advance stopped before the end');
          st = e.call('advance', { handle: h, log: false });
        }
        assert.equal(st.state.turn, 'over');
        assert.ok(st.length > 0);
        // the record of the finished game loads again and is over there too
        const { text } = e.call('saveRecord', { handle: h });
        const again = e.call('loadRecord', { text, log: false });
        assert.equal(again.state.turn, 'over');
        assert.equal(again.length, st.length);
        e.call('close', { handle: h });
        e.call('close', { handle: again.handle });
      });
    }
    test(`${g.name} / ${p.name}: legal moves picked at random to the end`, async () => {
      const h = e.call('newGame', { variant: g.name, preset: p.name, seed: 7 + i }).handle;
      const { st, steps } = await playByPicking(call, h, 42 + i);
      assert.equal(st.state.turn, 'over');
      assert.ok(steps > 0);
      assert.equal(st.state.returns.length, st.players);
      e.call('close', { handle: h });
    });
  }
}
