// After the game: the rematch, the seats swapped, and the check of the
// dice against the commitment shown from the start.

import { $, keep, fail, api, tr } from './online-page.js';
import { request, oneCall, start, game, remote } from './online-game.js';
import { canCheckHere, checkHere } from './online-dice.js';

// rematch asks for the rematch (the first to ask makes it, the others get
// their seats in it), or, for a watcher, follows it.
export async function rematch() {
  const o = game;
  if (!o) return;
  if (o.seat < 0 || !o.secret) {
    if (o.next) start(o.next, '', -1);
    return;
  }
  $('#online-rematch').disabled = true;
  try {
    const c = await api('/api/rematch', { game: o.game, secret: o.secret });
    keep(c.game, { secret: c.secret, seat: c.seat, commitment: c.commitment || '' });
    // every seat moved one on: the names of the seats before, turned
    const n = o.info.players;
    const hint = [...Array(n).keys()].map((j) => (remote.isBot((j + n - 1) % n) ? '' : o.names?.[(j + n - 1) % n] || ''));
    start(c.game, c.secret, c.seat, { hint, commitment: c.commitment || '' });
  } catch (e) {
    fail(e);
  } finally {
    $('#online-rematch').disabled = false;
  }
}

// checkDice fetches the game's record and checks it against the
// commitment this page held from the start and the seed and salt revealed
// at the end, with the game's redraws and length: in this browser where
// it can (online-dice.js), else by the server (the session's verifyDice);
// and says the verdict, and who checked.
export async function checkDice() {
  const o = game;
  if (!o) return;
  const box = $('#online-proof');
  const verdict = $('#online-verdict');
  const by = $('#online-checked-by');
  box.hidden = false;
  by.textContent = '';
  delete verdict.dataset.ok;
  delete verdict.dataset.by;
  if (!o.proof) { verdict.textContent = tr('onDiceNotYet'); return; }
  verdict.textContent = tr('onChecking');
  verdict.className = '';
  const held = o.commitment || o.proof.commitment;
  $('#online-commitment').textContent = held;
  $('#online-seed').textContent = String(o.proof.seed);
  $('#online-salt').textContent = o.proof.salt;
  $('#online-redraws-row').hidden = !o.redraws.length;
  $('#online-redraws').textContent = o.redraws.join(', ');
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(o.game)}/record`);
    const text = await res.text();
    if (!res.ok) {
      let err = { name: 'ErrOffline', message: res.statusText };
      try { err = JSON.parse(text).error || err; } catch { /* not JSON */ }
      throw err;
    }
    const args = { text, commitment: held, seed: o.proof.seed, salt: o.proof.salt, length: o.length };
    if (o.redraws.length) args.redraws = o.redraws;
    const here = canCheckHere();
    let c;
    if (here) c = await checkHere(text, args);
    else if (o.ws?.readyState === WebSocket.OPEN && game === o) c = await request('verifyDice', args);
    else c = await oneCall(o.game, 'verifyDice', args);
    if (c.ok) verdict.textContent = tr('onDiceFair', c.throws);
    else if (c.bad) verdict.textContent = tr('onDiceBadThrow', c.bad.index + 1, c.bad.thrown, c.bad.expected);
    else if (!c.commitment) verdict.textContent = tr(held !== o.proof.commitment ? 'onDiceOtherCommitment' : 'onDiceBadCommitment');
    else verdict.textContent = tr('onDiceCut');
    verdict.className = c.ok ? 'fair' : 'unfair';
    verdict.dataset.ok = String(!!c.ok);
    verdict.dataset.by = here ? 'browser' : 'server';
    if (c.reason) verdict.title = c.reason; else verdict.removeAttribute('title');
    by.textContent = tr(here ? 'onCheckedHere' : 'onCheckedServer');
  } catch (e) {
    if (e.replay) verdict.textContent = tr('onDiceNoReplay', e.message);
    else verdict.textContent = tr('onErrors')?.[e.name] || e.say || e.message || String(e);
    verdict.className = 'unfair';
  }
}
