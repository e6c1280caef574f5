// The game's flow: a state shown, the calls that act on the game, the
// bots' moves and the page's own throws, the steps of a turn, a move
// played, an earlier position shown for the review, a game loaded.

import { words } from './i18n.js';
import { resetReview } from './review.js';
import { S, view, delay, metrics, tr } from './state.js';
import { $, phone, showError, showInfo, clearMessage } from './dom.js';
import { call } from './engine.js';
import { titleOf, closeDialogs } from './chooser.js';
import { render } from './render.js';
import { withPlan } from './plan.js';
import { boardNotation } from './notation.js';
import { schuleName, isSchuleMove, closeWhat } from './schule.js';
import { tutorJudge, tutorSpeaks, hideTutor } from './tutor.js';

// show takes a state from the session, draws it and lets the bots move.
export function show(res) {
  if (res.error) { showError(res.error); if (S.cur) render(); return false; }
  S.cur = res;
  S.game = withPlan(res.state, res.handle);
  S.log = S.log.slice(0, res.since).concat(res.log);
  S.made = []; S.next = []; S.complete = ''; S.selected = null; S.askingGiveUp = false;
  $('#hints').replaceChildren();
  if (myTurn()) {
    const n = call('nextSteps', { handle: S.cur.handle, steps: [] });
    if (!n.error) { S.next = n.next; S.complete = n.complete; }
  }
  S.focusKey = null;
  render();
  if (!metrics.firstState) metrics.firstState = performance.now();
  scheduleBots();
  return true;
}

export function since() { return S.log.length; }

export function act(method, args) {
  if (S.viewing) return {};
  hideTutor();
  clearTimeout(S.botTimer);
  S.paused = false;
  const res = call(method, view({ handle: S.cur.handle, since: since(), ...args }));
  if (res.error) { showError(res.error); return res; }
  clearMessage();
  show(res);
  return res;
}

// throwSeat is who throws at a chance node (−1 during the draw for the start).
export function throwSeat() {
  for (const k of ['seat', 'thrower']) if (typeof S.game[k] === 'number') return S.game[k];
  return -1;
}

export function isBot(seat) { return S.remote ? S.remote.isBot(seat) : seat >= 0 && !S.humans.has(seat); }

// watching is true for an online game followed without a seat: the page
// offers nothing that acts.
export function watching() { return !!S.remote && S.humans.size === 0; }

export function scheduleBots() {
  clearTimeout(S.botTimer);
  let due = false;
  if (S.viewing || S.remote) { document.body.dataset.busy = '0'; return; }
  if (!S.paused && S.game.turn === 'player' && isBot(S.game.player)) due = true;
  if (!S.paused && S.game.turn === 'chance' && S.diceMode === 'seeded' && isBot(throwSeat())) due = true;
  // a person's throw, thrown by the page: at once (after this drawing)
  const own = !due && !S.paused && S.autoThrow && S.game.turn === 'chance' && S.diceMode === 'seeded';
  document.body.dataset.busy = due || own ? '1' : '0';
  if (due) S.botTimer = setTimeout(botStep, delay);
  else if (own) S.botTimer = setTimeout(() => act('throw'), 0);
}

function botStep() {
  if (S.game.turn === 'chance') { act('throw'); return; }
  botPlay(S.botKind);
}

// botPlay lets a bot play the player to move and keeps its time.
export function botPlay(kind) {
  if (S.viewing) return;
  clearTimeout(S.botTimer);
  const who = S.game.player;
  const before = S.log[S.log.length - 1];
  const t0 = performance.now();
  const res = call('botMove', view({ handle: S.cur.handle, bot: kind, since: since() }));
  if (res.error) { showError(res.error); document.body.dataset.busy = '0'; return; }
  metrics.botMoves.push({ bot: kind, variant: S.cur.variant, millis: res.millis ?? 0, wall: performance.now() - t0 });
  S.paused = false;
  const last = res.log?.length ? res.log[res.log.length - 1] : null;
  const board = last && last.notation === res.move ? boardNotation(last) : res.move;
  let said;
  if (isSchuleMove(res.move) || last?.events.some((x) => x.event.kind === 'let-pass')) said = tr('playedSchule', seatName(who), botName(kind), schuleName(res.move));
  else said = tr('played', seatName(who), botName(kind), board, res.move);
  // a bot's choice after a Partie (go on or afresh) keeps how the Partie
  // ended in sight: it was given up, perhaps, a moment ago
  const ended = before?.events.filter((x) => x.event.kind === 'end').map((x) => x.text) || [];
  if ((res.move === 'go-on' || res.move === 'afresh') && ended.length) said = `${ended.join(' ')} ${said}`;
  showInfo(said);
  show(res);
}

export function seatName(p) { return S.remote?.seatName(p) || tr('seat', p); }

// botName is a bot's name in the page's words.
function botName(kind) {
  const k = `${kind}Bot`;
  return words.en[k] ? tr(k) : kind;
}

// ---- moving ----

export function applyMove(notation) {
  closeWhat();
  const judge = S.game.legal?.some((l) => l.notation === notation && l.kind !== 'concede') ? tutorJudge() : null;
  const before = S.cur.length;
  const res = act('apply', { notation });
  if (judge && !res.error && S.cur.length > before) tutorSpeaks(judge, before);
}

export function trySteps(steps) {
  if (S.viewing) return;
  const res = call('nextSteps', { handle: S.cur.handle, steps });
  S.selected = null;
  if (res.error) { showError(res.error); render(); return; }
  clearMessage();
  S.made = steps; S.next = res.next; S.complete = res.complete;
  if (S.complete && S.next.length === 0) { applyMove(S.complete); return; }
  S.focusKey = null;
  render();
}

export function myTurn() { return !S.viewing && S.game.turn === 'player' && S.humans.has(S.game.player); }

// ---- an earlier position, for the review ----

// viewStep shows the position before step index, read-only: the game is
// walked back by undo (or forward by redo), which keeps every later step
// to return to with leaveView.
export function viewStep(index) {
  if (!S.viewing) {
    hideTutor();
    clearTimeout(S.botTimer);
    S.viewing = { length: S.cur.length, paused: S.paused, index };
  }
  S.viewing.index = index;
  // on a phone the review covers the board: it steps aside for the position
  if (phone()) document.body.classList.add('peek');
  const walked = walkTo(index);
  S.log = [];
  if (walked) clearMessage();
  show(call('state', view({ handle: S.cur.handle, since: 0 })));
}

// leaveView returns to the game as it was before the review showed an
// earlier position.
export function leaveView() {
  if (!S.viewing) return;
  const { length, paused: was } = S.viewing;
  const walked = walkTo(length);
  S.viewing = null;
  document.body.classList.remove('peek');
  S.paused = was;
  S.log = [];
  if (walked) clearMessage();
  show(call('state', view({ handle: S.cur.handle, since: 0 })));
}

// walkTo undoes or redoes single steps until the game has n steps; each
// answer without the log and the legal moves.
export function walkTo(n) {
  let len = S.cur.length;
  while (len !== n) {
    const res = call(len > n ? 'undo' : 'redo', { handle: S.cur.handle, log: false, legal: false });
    if (res.error) { showError(res.error); return false; }
    len = res.length;
  }
  return true;
}

// load shows a game loaded from a record or an ID; the seats keep their
// people and bots, and the bots wait until a person moves.
export function load(res, what) {
  if (res.error) { showError(what ? loadError(res.error, what) : res.error); return; }
  if (S.cur) call('close', { handle: S.cur.handle });
  S.viewing = null;
  hideTutor();
  resetReview();
  closeDialogs();
  S.log = [];
  S.paused = true;
  if (S.botKind === 'hot-seat' || S.humans.size >= res.players) S.humans = new Set([...Array(res.players).keys()]);
  showInfo(tr('loaded', titleOf(res), res.length));
  show(res);
}

// loadError says what is wrong with a position ID or a record that does
// not load, in the page's words: the library's refusal of its notation
// ("That is not a move.") is about moves.
function loadError(err, what) {
  if (err.name !== 'ErrBadNotation') return err;
  const m = err.message || '';
  let say;
  if (what === 'id') {
    say = /want game:version:payload/.test(m) ? tr('badIDForm') : tr('badID');
  } else {
    const line = /line (\d+): (.*?)"?: /.exec(m);
    if (!line) say = tr('badRecord');
    else if (/header line/.test(m)) say = tr('badRecordHeader', line[1], line[2]);
    else say = tr('badRecordLine', line[1], line[2]);
  }
  return { ...err, say };
}
