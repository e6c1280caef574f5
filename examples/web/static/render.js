// The page drawn from the state: the board (race.js, plan.js), the turn's
// line and what to do next, the controls (giving up: giveup.js), the side
// (side.js), the review.

import { renderReview } from './review.js';
import { S, tr } from './state.js';
import { $, phone } from './dom.js';
import { throwSeat, isBot, watching, seatName, myTurn } from './flow.js';
import { rove, keepFocus } from './input.js';
import { renderScores, renderLegal, renderEvents } from './side.js';
import { drawRace } from './race.js';
import { drawPlan } from './plan.js';
import { placeName, decisionName, diceText, diceOf } from './notation.js';
import { schuleWindow, schuleQuestion, schuleControls } from './schule.js';
import { giveUpButton, showAsked } from './giveup.js';

export function render() {
  const b = document.body;
  b.dataset.turn = S.game.turn;
  b.dataset.player = String(S.game.player);
  b.dataset.length = String(S.cur.length);
  b.dataset.variant = S.cur.variant;
  b.dataset.steps = String(S.made.length);
  b.dataset.viewing = S.viewing ? String(S.viewing.index) : '';
  // a state of an open window of the Schule has no ID: it would tell
  // what was due
  $('#position-id').textContent = S.game.id || '—';
  $('#position-id').title = S.game.id ? '' : tr('noIDSchule');
  $('#copy-id').disabled = !S.game.id;
  $('#board').dataset.game = S.cur.variant;
  const board = $('#board');
  const hadFocus = board.contains(document.activeElement);
  if (S.cur.variant === 'festung') drawPlan(); else drawRace();
  rove(hadFocus);
  renderStatus();
  renderControls();
  renderScores();
  renderLegal();
  renderEvents();
  renderReview();
  keepFocus();
}

// viewingText says how to leave an earlier position the review shows, by
// the button in sight: Back to the game beside the review, or on a phone,
// where the position is shown without the review, Back to the review.
function viewingText() {
  return tr(document.body.classList.contains('peek') ? 'pViewingPeek' : 'pViewing');
}

// notNow says why a click on the board does nothing now.
export function notNow() {
  if (S.viewing) return viewingText();
  if (S.remote) return S.remote.prompt(S.game, false) || tr('notYourTurn');
  return S.game.turn === 'chance' ? tr('throwFirst') : tr('notYourTurn');
}

function renderStatus() {
  let s;
  if (S.game.turn === 'over') {
    s = endSentence();
  } else if (S.game.turn === 'chance') {
    const p = throwSeat();
    s = p < 0 ? tr('drawStart') : tr('toThrow', seatName(p));
  } else {
    const d = diceOf();
    const dt = d.length ? diceText(d) : '';
    if (S.cur.variant === 'festung') s = d.length === 3 ? tr('toDecide', seatName(S.game.player), d[0], d[1], d[2]) : tr('toDecideRace', seatName(S.game.player));
    else if (schuleWindow()) s = tr(schuleWindow().author < 0 ? 'toMark' : 'toAnswer', seatName(S.game.player));
    else if (S.game.phase === 'decide') s = tr('toDecideRace', seatName(S.game.player));
    else s = tr('toPlay', seatName(S.game.player), dt);
  }
  if (S.game.turn !== 'over' && isBot(S.game.turn === 'player' ? S.game.player : throwSeat())) {
    s += S.paused ? tr('botWaiting') : tr('bot');
  }
  const own = S.game[S.cur.variant];
  if (S.cur.variant === 'toccateglio' && own && S.game.rules?.partien > 1) s += tr('partie', Math.min(own.partien + 1, S.game.rules.partien), S.game.rules.partien);
  $('#status').textContent = s;
  $('#status').dataset.turn = S.game.turn;
  const mine = [...S.humans].sort((a, b) => a - b);
  if (S.remote) $('#you').textContent = S.remote.you();
  else $('#you').textContent = S.botKind === 'hot-seat' && mine.length > 1 ? tr('hotSeatAll') : tr('youPlay', mine);
  // the Schule's question, and what may be answered (left out where the
  // window is low)
  const p = promptText();
  if (typeof p === 'string') $('#prompt').textContent = p;
  else {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = p.more;
    $('#prompt').replaceChildren(p.text, more);
  }
  const d = diceOf();
  $('#dice').textContent = d.map((n) => '⚀⚁⚂⚃⚄⚅'[n - 1] || n).join(' ');
  $('#dice').dataset.dice = d.join(',');
  $('#dice').setAttribute('aria-label', tr('diceLabel', d.length ? diceText(d) : ''));
}

// endSentence tells the end: who won and what the game is worth, in the
// library's words where the session gives them ("ending"), else the page's.
function endSentence() {
  if (S.cur.ending) return S.remote ? S.remote.named(S.cur.ending) : S.cur.ending;
  const r = S.game.returns || [];
  const w = typeof S.game.winner === 'number' ? S.game.winner : r.indexOf(Math.max(...r));
  if (w < 0 || !r.length || r.every((x) => x === r[0])) return tr('drawn');
  if (S.cur.variant === 'festung') {
    const rest = r.map((x, i) => i === w ? '' : tr('gain', seatName(i), x)).filter(Boolean).join(', ');
    return tr('winsFest', seatName(w), r[w], rest);
  }
  return tr('wins', seatName(w), r[w]);
}

// promptText says what to do next: a sentence, or at the Schule its
// question (schuleQuestion).
function promptText() {
  if (S.viewing) return viewingText();
  if (S.remote) {
    // online: the end, a watcher's, and another seat's turn are the online layer's
    const p = S.remote.prompt(S.game, myTurn());
    if (p != null) return p;
  }
  if (S.game.turn === 'over') return tr('pOver');
  if (S.game.turn === 'chance') {
    const p = throwSeat();
    if (isBot(p)) return S.paused ? tr('pBotWaits') : tr('pBotThrows', seatName(p));
    if (S.diceMode === 'manual') return tr('pEnter');
    if (S.autoThrow && !S.paused) return tr('pThrowing');
    return p < 0 ? tr('pThrowDraw') : tr('pThrow');
  }
  if (isBot(S.game.player)) return S.paused ? tr('pBotWaits') : tr('pBotPlays', seatName(S.game.player));
  if (S.cur.variant === 'festung') {
    const offered = S.next.map((s) => S.game.fields.find((f) => f.id === s.field)).filter(Boolean);
    if (!offered.length) return tr('pChoose');
    const n = offered[0].number;
    const names = offered.map((f) => f.name);
    if (offered.every((f) => f.marker)) return tr('pTake', names);
    if (offered.every((f) => !f.marker)) return tr('pPlace', names);
    return tr('pChoose');
  }
  const w = schuleWindow();
  if (w) return schuleQuestion(w);
  const kinds = S.game.legal.map((l) => l.decision || l.kind);
  if (kinds.includes('go-on')) return tr('pGoOn');
  if (S.selected !== null) return tr('pTarget', placeName(S.selected));
  if (S.next.length) {
    if (S.complete) return tr('pMore');
    return tr('pPick', S.next.some((s) => s.from === 0) ? (S.game.waiting || 'bar') : '');
  }
  if (S.complete) return tr('pMore');
  if (kinds.includes('pass')) return tr('pPass');
  return '';
}

export function renderControls() {
  const chance = S.game.turn === 'chance';
  const manual = S.diceMode === 'manual';
  // a watcher acts on nothing; an online game over takes no more steps back
  const watcher = watching();
  const done = !!S.remote && S.game.turn === 'over';
  $('#throw').hidden = manual || !chance || watcher;
  // After an undo the bots wait; the throw button then throws for a bot too.
  $('#throw').disabled = !chance || (isBot(throwSeat()) && !S.paused);
  $('#manual').hidden = !manual || watcher;
  $('#enter-dice').disabled = !chance;
  const dec = $('#decisions');
  const had = dec.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  const hadGiveUp = document.activeElement?.id === 'give-up';
  dec.replaceChildren();
  const w = schuleWindow();
  if (myTurn() && w) {
    schuleControls(w, dec, had);
  } else if (myTurn()) {
    // the decisions first, giving up (the concession among them) last
    // and quiet
    const ls = [...S.game.legal].filter((l) => !(l.kind === 'play' || l.kind === 'throw' || l.kind === 'concede' || (l.kind === 'decision' && l.field)));
    for (const l of ls) {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'decision';
      btn.dataset.move = l.notation;
      btn.textContent = decisionName(l);
      if (l.decision === 'go-on') btn.title = tr('goOnTitle');
      if (l.decision === 'afresh') btn.title = tr('afreshTitle');
      dec.append(btn);
      if (had === l.notation) btn.focus();
    }
    giveUpButton(dec, hadGiveUp);
  }
  showAsked();
  // an earlier position shown by the review is read-only
  $('#controls').hidden = !!S.viewing;
  $('#history-controls').hidden = !!S.viewing || watcher || done;
  $('#finish').hidden = !S.complete || S.next.length === 0;
  $('#clear-steps').hidden = S.made.length === 0;
  // online, the layer offers the rematch instead
  $('#play-again').hidden = S.game.turn !== 'over' || !!S.viewing || !!S.remote;
  $('#hint').hidden = S.game.turn === 'over' || watcher;
  $('#undo').hidden = watcher || done;
  $('#review-again').hidden = !(S.viewing && phone() && document.body.classList.contains('peek'));
  $('#undo').disabled = !S.cur.canUndo;
  $('#redo').disabled = !S.cur.canRedo;
  $('#takeback').disabled = !S.cur.canUndo;
  // no hint at the Schule's decisions, and no bot's move for a person
  // there: either would tell what was due
  const secret = !!w && S.humans.has(S.game.player);
  // online, a hint or the bot's move is for the person's own turn
  const other = !!S.remote && !myTurn();
  $('#hint').disabled = S.game.turn !== 'player' || secret || other;
  $('#hint').title = (secret ? tr('noHintSchule') : tr('hintTitle')) + tr('keyIs', tr('keys').hint);
  $('#bot-move').disabled = S.game.turn !== 'player' || secret || other;
  $('#save-record').disabled = !S.cur.hasRecord || !!S.viewing;
}
