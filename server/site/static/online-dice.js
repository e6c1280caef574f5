// The check of the dice in the player's own browser, which trusts the
// server for nothing but the record and the values it revealed: the
// commitment recomputed with the browser's Web Crypto (SHA-256), and the
// record replayed step by step by the page's own rules (its WebAssembly),
// each throw compared with the one the revealed seed gives. The throws are
// drawn as the session draws them (doc/fair-dice.md): Go's math/rand/v2
// PCG with its DXSM output and IntN, written out here with BigInt, the
// stream of a step after a granted takeback included (its redraws). The
// answer has the keys of the session's verifyDice: ok, commitment, throws,
// steps, over, bad, reason.

import { page } from './online-page.js';

const M64 = (1n << 64n) - 1n;
const M128 = (1n << 128n) - 1n;
const MULTIPLIER = (2549297995355413924n << 64n) | 4865540595714422341n;
const INCREMENT = (6364136223846793005n << 64n) | 1442695040888963407n;
const DXSM = 0xda942042e4dd58b5n;

// pcg is rand.NewPCG(seed1, seed2) of Go's math/rand/v2: each number steps
// the 128-bit state and mixes the new one by DXSM.
function pcg(seed1, seed2) {
  let s = ((seed1 & M64) << 64n) | (seed2 & M64);
  return () => {
    s = (s * MULTIPLIER + INCREMENT) & M128;
    let hi = s >> 64n;
    const lo = s & M64;
    hi ^= hi >> 32n;
    hi = (hi * DXSM) & M64;
    hi ^= hi >> 48n;
    return (hi * (lo | 1n)) & M64;
  };
}

// intN is rand.Rand.IntN(n) on a 64-bit source, bit for bit.
function intN(next, n) {
  const N = BigInt(n);
  if ((N & (N - 1n)) === 0n) return Number(next() & (N - 1n));
  let p = next() * N;
  if ((p & M64) < N) {
    const threshold = (1n << 64n) % N;
    while ((p & M64) < threshold) p = next() * N;
  }
  return Number(p >> 64n);
}

// The games' throws in the order their rules list them, each as often as
// it weighs: two dice (Toccateglio, Verkehren, the draw for the start
// too), higher die first; three (the Festungsspiel), the large die, then
// the two small ones as a pair a ≤ b.
function twoDice() {
  const t = [];
  for (let hi = 1; hi <= 6; hi++) for (let lo = 1; lo <= hi; lo++) t.push(...Array(hi === lo ? 1 : 2).fill(`${hi}-${lo}`));
  return t;
}

function threeDice() {
  const t = [];
  for (let l = 1; l <= 6; l++) for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) t.push(...Array(a === b ? 1 : 2).fill(`${l}/${a}-${b}`));
  return t;
}

// canonical writes a throw as its table does, the dice in either order;
// null for no throw.
const two = { table: twoDice(), canonical: (s) => {
  const m = /^([1-6])-([1-6])$/.exec(s);
  return m && `${Math.max(m[1], m[2])}-${Math.min(m[1], m[2])}`;
} };
const three = { table: threeDice(), canonical: (s) => {
  const m = /^([1-6])\/([1-6])-([1-6])$/.exec(s);
  return m && `${m[1]}/${Math.min(m[2], m[3])}-${Math.max(m[2], m[3])}`;
} };
const dice = { toccateglio: two, verkehren: two, festung: three };

// throwAt is the throw the seed gives at the step of index n: one draw of
// IntN(the table's length) from PCG(seed, e<<40 | 2n), e the last of the
// redraws (1 for the first) at n or before, 0 for none.
export function throwAt(variant, seed, n, redraws = []) {
  let e = 0;
  redraws.forEach((m, k) => { if (m <= n) e = k + 1; });
  const t = dice[variant].table;
  return t[intN(pcg(BigInt(seed), (BigInt(e) << 40n) | BigInt(2 * n)), t.length)];
}

// canCheckHere says whether this browser can check the dice itself: its
// Web Crypto is offered only to pages of a secure origin (HTTPS, or this
// machine's own address).
export function canCheckHere() {
  return !!globalThis.crypto?.subtle && typeof BigInt === 'function';
}

const hex64 = /^[0-9a-fA-F]{64}$/;

// commitmentRefuted says why the commitment is not the SHA-256 of
// "brettspiel dice 1\n", the salt and the seed as 8 bytes, most
// significant first; '' when it is.
async function commitmentRefuted(commitment, seed, salt) {
  if (!hex64.test(commitment || '')) return 'the commitment is not 64 hex digits';
  if (!hex64.test(salt || '')) return 'the salt is not 32 bytes in hex (64 digits)';
  const prefix = new TextEncoder().encode('brettspiel dice 1\n');
  const b = new Uint8Array(prefix.length + 40);
  b.set(prefix);
  for (let i = 0; i < 32; i++) b[prefix.length + i] = parseInt(salt.slice(2 * i, 2 * i + 2), 16);
  new DataView(b.buffer).setBigUint64(prefix.length + 32, BigInt(seed) & M64);
  const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', b));
  const got = [...sum].map((x) => x.toString(16).padStart(2, '0')).join('');
  return got === commitment.toLowerCase() ? '' : 'the commitment is not that of the seed and the salt';
}

// splitRecord parses a record's text as the library writes it: the head,
// "key: value" lines up to a blank line (# lines are comments), then a
// turn a line, its steps between semicolons.
function splitRecord(text) {
  const lines = text.split('\n');
  let at = 0;
  let seen = false;
  for (; at < lines.length; at++) {
    const l = lines[at].trim();
    if (l.startsWith('#')) continue;
    if (l === '') { if (seen) break; continue; }
    seen = true;
  }
  const steps = [];
  for (let n = at + 1; n <= lines.length; n++) {
    const l = lines[n - 1].trim();
    if (l === '' || l.startsWith('#')) continue;
    for (const s of l.split(';')) steps.push({ step: s.trim(), line: n });
  }
  return { head: `${lines.slice(0, at).join('\n')}\n`, steps };
}

// checkHere checks a record against a proof {commitment, seed, salt,
// redraws, length}, as the session's verifyDice does: the record replayed
// through the page's rules up to its first throw that is not the seed's,
// which ends the check and is named (bad: index, line, thrown, expected).
// A record that does not replay says nothing of the dice: checkHere then
// throws the page's error, with the record's line, marked replay.
export async function checkHere(text, proof) {
  const { head, steps } = splitRecord(text);
  const seed = BigInt(String(proof.seed));
  const redraws = proof.redraws || [];
  let st = page.call('loadRecord', { text: head, seed: '0', log: false, legal: false });
  if (st.error) throw { ...st.error, replay: true };
  const handle = st.handle;
  const out = { ok: false, commitment: false, throws: 0, steps: steps.length, over: false };
  const why = [];
  try {
    const d = dice[st.variant];
    if (!d) throw { name: 'ErrBadCall', message: `no table of throws for ${st.variant}` };
    for (let i = 0; i < steps.length; i++) {
      const { step, line } = steps[i];
      if (st.state.turn === 'chance') {
        const want = throwAt(st.variant, seed, i, redraws);
        if (d.canonical(step) !== want) {
          out.steps = i;
          out.bad = { index: i, line, thrown: step, expected: want };
          why.push(`step ${i} (line ${line}) throws ${JSON.stringify(step)} where the seed throws ${want}`);
          break;
        }
        out.throws++;
      }
      st = page.call('apply', { handle, notation: step, log: false, legal: false });
      if (st.error) throw { ...st.error, replay: true, message: `line ${line}: ${step}: ${st.error.message}` };
    }
    out.over = !out.bad && st.state.turn === 'over';
  } finally {
    page.call('close', { handle });
  }
  const refuted = await commitmentRefuted(proof.commitment, seed, proof.salt);
  if (refuted) why.unshift(refuted); else out.commitment = true;
  if (!out.bad && proof.length > 0 && steps.length !== proof.length) {
    why.push(`the record has ${steps.length} steps where the game played ${proof.length}${steps.length < proof.length ? ': it is cut short' : ''}`);
  }
  out.ok = why.length === 0;
  if (why.length) out.reason = why.join('; ');
  return out;
}
