// Shared by the tests: play a game to its end through an engine.

// A small seeded generator (mulberry32), so that a failing game can be
// played again.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays the game of handle h to its end by picking legal moves at random
 * (call is sync or async); the dice are thrown by "throw". Returns the
 * last state and the number of steps.
 */
export async function playByPicking(call, h, seed, maxSteps = 20000) {
  const pick = rng(seed);
  let st = await call('state', { handle: h, log: false });
  let steps = 0;
  while (st.state.turn !== 'over') {
    if (steps++ > maxSteps) {
      throw new Error(`no end after ${maxSteps} steps`);
    }
    if (st.state.turn === 'chance') {
      st = await call('throw', { handle: h, log: false, legal: false });
      continue;
    }
    const { legal } = await call('legal', { handle: h });
    if (legal.length === 0) {
      throw new Error(`no legal move at seat ${st.state.player}'s turn`);
    }
    const m = legal[Math.floor(pick() * legal.length)];
    st = await call('apply', { handle: h, notation: m.notation, log: false, legal: false });
  }
  return { st, steps };
}
