// Measures the engine in Node: the time from loading the module to the
// first list of legal moves, and legal+apply round trips per second.
//
//	go run ./examples/web -npm examples/web/npm && node examples/web/npm/bench.js
//
// Not shipped (see "files" in package.json); the figures go to the README.
import { load } from './index.js';
import { rng } from './test/helpers.js';

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const e = await load();
const h = e.call('newGame', { variant: 'toccateglio', seats: ['person', 'person'], log: false }).handle;
let st = e.call('state', { handle: h, log: false });
while (st.state.turn === 'chance') {
  st = e.call('throw', { handle: h, log: false });
}
e.call('legal', { handle: h });
const first = performance.now() - t0;
const firstCPU = process.cpuUsage(cpu0);
console.log(`first legal list: ${first.toFixed(0)} ms after the start of load (compile+instantiate ${e.timing.instantiate.toFixed(0)} ms, Go start ${e.timing.start.toFixed(0)} ms; CPU ${((firstCPU.user + firstCPU.system) / 1000).toFixed(0)} ms)`);

for (const variant of ['toccateglio', 'verkehren', 'festung']) {
  const pick = rng(1);
  let pairs = 0;
  let games = 0;
  let handle = 0;
  let turn = 'over';
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < 3000) {
    if (turn === 'over') {
      if (handle) {
        e.call('close', { handle });
      }
      const s = e.call('newGame', { variant, seed: games++, log: false, legal: false });
      handle = s.handle;
      turn = s.state.turn;
      continue;
    }
    if (turn === 'chance') {
      turn = e.call('throw', { handle, log: false, legal: false }).state.turn;
      continue;
    }
    const { legal } = e.call('legal', { handle });
    const m = legal[Math.floor(pick() * legal.length)];
    turn = e.call('apply', { handle, notation: m.notation, log: false, legal: false }).state.turn;
    pairs++;
  }
  const secs = (performance.now() - start) / 1000;
  const c = process.cpuUsage(cpu);
  console.log(`${variant}: ${(pairs / secs).toFixed(0)} legal+apply pairs/s (${pairs} pairs, ${games} games, ${secs.toFixed(1)} s; CPU ${(((c.user + c.system) / 1e6) / secs * 100).toFixed(0)}% of one core)`);
}
