// Giving up, as the rules allow it: the Partie in Toccateglio (T-W6), the
// single game in Verkehren (V-W2), at a person's own play after his throw.
// A quiet "Give up…" at the end of the row of decisions asks first, in a
// small dialog over the board ("Really give up the game? … Yes / No", No
// focused; Escape says No); Yes gives up by the session's giveUp, which in
// Verkehren plays the concession. The Festungsspiel has no giving up: a
// game there ends by the agreement of all at the table, which at one
// screen is a new game.

import { S, tr } from './state.js';
import { $, showInfo } from './dom.js';
import { act, applyMove, myTurn, watching, isBot } from './flow.js';
import { keepFocus } from './input.js';
import { schuleWindow } from './schule.js';

// concession is Verkehren's legal move of giving up, where it is one: not
// with a Band on the own side, where the rules want the other's consent.
function concession() { return S.game.legal?.find((l) => l.kind === 'concede') || null; }

// canGiveUp reports whether the person to play may give up now. Online the
// online layer offers giving up itself, with the other's consent where the
// rules ask it (its "Give up…"), so the page's own button stays away; the
// concession remains among the legal moves.
export function canGiveUp() {
  if (!myTurn() || watching()) return false;
  if (S.remote) return false;
  if (S.cur.variant === 'toccateglio') return S.game.phase === 'play' && !schuleWindow();
  return S.cur.variant === 'verkehren';
}

// needsConsent reports whether giving up now wants the other's consent
// (Verkehren with a Band on the own side, V-W2).
function needsConsent() { return S.cur.variant === 'verkehren' && !concession(); }

// giveUpButton appends the button that asks to give up to the row of
// decisions, when giving up is allowed now; it carries the concession's
// notation where giving up is that legal move.
export function giveUpButton(row, focused) {
  if (!canGiveUp()) return;
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'give-up';
  b.className = 'quiet';
  b.textContent = tr('giveUp');
  b.title = tr('giveUpTitle')[S.cur.variant] || '';
  const c = concession();
  if (c) b.dataset.move = c.notation;
  row.append(b);
  if (focused) b.focus();
}

// showAsked opens the question whether to give up while the page asks it,
// and closes it once it does not: a step played, the game left, or giving
// up no longer allowed.
export function showAsked() {
  const d = $('#confirm');
  if (S.askingGiveUp && !canGiveUp()) S.askingGiveUp = false;
  if (!S.askingGiveUp) {
    if (d.open) d.close();
    return;
  }
  $('#confirm-text').textContent = confirmText();
  if (!d.open) {
    d.showModal();
    $('#confirm-no').focus();
  }
}

// confirmText is the question the confirmation asks: what is given up and
// what follows, and in Verkehren with a Band on the own side, that the
// other consents — a bot does, a person beside says so.
function confirmText() {
  if (S.cur.variant === 'toccateglio') {
    const r = S.game.rules || {};
    const own = S.game.toccateglio || {};
    return tr('confirmPartie', (own.partien ?? 0) + 1 < (r.partien ?? 1));
  }
  if (needsConsent()) return tr('confirmConsent', isBot(1 - S.game.player));
  return tr('confirmGame');
}

// askGiveUp asks whether to give up, No focused.
export function askGiveUp() {
  if (!canGiveUp()) return;
  S.askingGiveUp = true;
  showAsked();
}

// cancelGiveUp takes the question back (No, Escape); the focus returns to
// the button.
function cancelGiveUp() {
  if (!S.askingGiveUp) return;
  S.askingGiveUp = false;
  showAsked();
  // the button is drawn with the row of decisions, not in index.html
  const b = document.getElementById('give-up');
  if (b) b.focus(); else keepFocus();
}

// giveUp gives up for the person to play and says what it brought: the
// give-up's sentences in the message line, those of the end left to the
// status line when the game is over. Online the concession goes to the
// server as a move.
function giveUp() {
  if (!S.askingGiveUp) return;
  S.askingGiveUp = false;
  showAsked();
  if (S.remote) {
    const c = concession();
    if (c) applyMove(c.notation);
    return;
  }
  const res = act('giveUp', {});
  const step = res.error ? null : res.log?.[0];
  if (!step) return;
  const over = S.game.turn === 'over';
  const said = step.events.filter((e) => !over || e.event.kind !== 'end').map((e) => e.text);
  showInfo(said.join(' '));
}

// wireGiveUp wires the question's answers; Escape says No. (A dialog
// closed otherwise says No too, unless it was asked again meanwhile: its
// close event comes later.)
export function wireGiveUp() {
  $('#confirm-yes').addEventListener('click', giveUp);
  $('#confirm-no').addEventListener('click', cancelGiveUp);
  $('#confirm').addEventListener('cancel', cancelGiveUp);
  $('#confirm').addEventListener('close', () => { if (!$('#confirm').open) cancelGiveUp(); });
}
