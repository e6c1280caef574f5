// Measures the engine in Node: the time from loading the module to the
// first list of legal moves, and legal+apply round trips per second.
//
//	go run ./examples/web -npm examples/web/npm && node examples/web/npm/bench.js
//
// Not shipped (see "files" in package.json); the figures go to doc/performance.md.
import { load } from './index.js';

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

// The round trips of the Go benchmark session.BenchmarkCall…: per pair one
// "legal" (notations only) and one "apply" of the seat to move, with the
// lean view (the log since the last step, no legal moves in the state);
// pairs/s counts the time in the two calls (JSON text in and out through
// callJSON), the throws between turns and the parsing of the answers
// counted apart, as "all in".
// Each variant is first played for a second unmeasured, so that the
// figures are of the engine once the JavaScript engine has compiled the
// module's hot code (as in a frontend that has been running for a while),
// not of its first moments; the time to the first legal list above is the
// cold start.
const play = (variant, players, ms) => {
  let s = null;
  let games = 0;
  const start = (seed) => {
    s = JSON.parse(e.callJSON('newGame', JSON.stringify({ variant, players, seed, legal: false })));
    games++;
  };
  start(0);
  let pairs = 0;
  let inCalls = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    while (s.state.turn !== 'player') {
      if (s.state.turn === 'over') {
        e.callJSON('close', JSON.stringify({ handle: s.handle }));
        start(pairs);
        continue;
      }
      s = JSON.parse(e.callJSON('throw', `{"handle":${s.handle},"since":${s.length},"legal":false}`));
    }
    const a = performance.now();
    const legalJSON = e.callJSON('legal', `{"handle":${s.handle},"parts":false}`);
    inCalls += performance.now() - a;
    const { legal } = JSON.parse(legalJSON);
    const m = legal[pairs % legal.length].notation;
    const args = `{"handle":${s.handle},"notation":${JSON.stringify(m)},"since":${s.length},"legal":false}`;
    const b = performance.now();
    const out = e.callJSON('apply', args);
    inCalls += performance.now() - b;
    s = JSON.parse(out);
    pairs++;
  }
  e.callJSON('close', JSON.stringify({ handle: s.handle }));
  return { pairs, inCalls, games, secs: (performance.now() - t0) / 1000, c: process.cpuUsage(cpu) };
};
for (const [variant, players] of [['toccateglio', 2], ['verkehren', 2], ['festung', 3]]) {
  play(variant, players, 1000);
  const { pairs, inCalls, games, secs, c } = play(variant, players, 3000);
  console.log(`${variant} (${players} seats): ${(pairs / (inCalls / 1000)).toFixed(0)} legal+apply pairs/s in the calls, ${(pairs / secs).toFixed(0)} all in (${pairs} pairs, ${games} games, ${secs.toFixed(1)} s; CPU ${(((c.user + c.system) / 1e6) / secs * 100).toFixed(0)}% of one core)`);
}
