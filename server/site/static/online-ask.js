// The questions between the people at a table, and giving up. A takeback
// asked (the page's "Take back my move", sent to the server) and a give-up
// that needs the others' consent (Verkehren with a Band on the own side;
// the Festungsspiel, ended by agreement) are shown to the other seats with
// their answers (Grant or Agree, and Decline), to the asker as a wait and
// then the answer, to a watcher in words. Giving up has its control, "Give
// up…" ("End the game…" in the Festungsspiel), enabled where the rules let
// the seat give up now, and a confirmation: a dialog, Escape cancels.

import { $, fail, tr } from './online-page.js';
import { game, request, nameOf, over } from './online-game.js';

// who names a seat in a sentence: the player's name, else the seat's.
function who(p) { return nameOf(p) || tr('seat', p); }

// waitingFor names the claimed seats that have not answered an ask yet.
function waitingFor(o, a) {
  const n = o.info?.players || 0;
  const left = [...Array(n).keys()].filter((i) => i !== a.seat && o.claimed?.[i] !== false && !a.granted.includes(i));
  return left.map(who).join(', ') || tr('seat', (a.seat + 1) % Math.max(n, 1));
}

// noteAsks keeps the asks a delta shows, with the game's length when they
// were asked, and notes in o.outcome what an ask that is gone came to
// ({key, seat}: its words and the asker, written in the page's language
// when shown): a
// takeback granted (the delta goes back before the ask's length) or
// declined (the game as it was), a give-up agreed to (the game is over) or
// declined; dropped, when a step was played meanwhile. An outcome stays
// until a seat plays a move, or the next ask.
export function noteAsks(o, d) {
  const was = { takeback: o.takeback, giveUp: o.giveUp };
  o.takeback = d.takeback ? { ...d.takeback, length: d.length } : null;
  o.giveUp = d.giveUp ? { ...d.giveUp, length: d.length } : null;
  // the asker's words, or the others' naming him
  const said = (a, key) => ({ key: a.seat === o.seat ? key : `${key}By`, seat: a.seat });
  if (was.takeback && !o.takeback) {
    const a = was.takeback;
    if (d.from < a.length) o.outcome = said(a, 'onTakebackGranted');
    else if (d.length === a.length) o.outcome = said(a, 'onTakebackDeclined');
    else o.outcome = { key: 'onAskDropped' };
  } else if (was.giveUp && !o.giveUp) {
    const a = was.giveUp;
    // agreed to: the game's ending says it, and to the players this too
    if (d.ending || d.toMove === -2) o.outcome = o.seat >= 0 ? { key: 'onGiveUpAgreed' } : null;
    else if (d.length === a.length) o.outcome = said(a, 'onGiveUpDeclined');
    else o.outcome = { key: 'onAskDropped' };
  } else if (o.takeback || o.giveUp || (d.log || []).some((s) => s.actor >= 0)) {
    o.outcome = null;
  }
}

// renderAsk shows the ask of the game, or what the last one came to.
export function renderAsk() {
  const o = game;
  const box = $('#online-ask');
  const a = o && (o.takeback ? { kind: 'takeback', ...o.takeback } : o.giveUp ? { kind: 'giveUp', ...o.giveUp } : null);
  if (!o || (!a && !o.outcome)) {
    box.hidden = true;
    box.dataset.ask = '';
    return;
  }
  box.hidden = false;
  const yes = $('#online-ask-yes');
  const no = $('#online-ask-no');
  if (!a) {
    $('#online-ask-text').textContent = tr(o.outcome.key, who(o.outcome.seat));
    yes.hidden = no.hidden = true;
    box.dataset.ask = 'outcome';
    box.dataset.kind = '';
    return;
  }
  const festung = o.info?.variant === 'festung';
  const player = o.seat >= 0 && !!o.secret;
  const mine = a.seat === o.seat;
  const answered = a.granted.includes(o.seat);
  let say;
  if (mine) say = tr(a.kind === 'takeback' ? 'onWaitTakeback' : festung ? 'onWaitEnd' : 'onWaitGiveUp', waitingFor(o, a));
  else if (player && answered) say = tr('onAnswered');
  else say = tr(a.kind === 'takeback' ? 'onAskTakeback' : festung ? 'onAskEnd' : 'onAskGiveUp', who(a.seat));
  $('#online-ask-text').textContent = say;
  const asked = player && !mine && !answered;
  yes.hidden = no.hidden = !asked;
  yes.textContent = tr(a.kind === 'takeback' ? 'onGrant' : 'onAgree');
  no.textContent = tr('onDecline');
  yes.disabled = no.disabled = false;
  box.dataset.ask = mine ? 'waiting' : asked ? 'question' : 'shown';
  box.dataset.kind = a.kind;
}

// answer answers the ask shown: accept grants a takeback or agrees to a
// give-up.
function answer(accept) {
  const o = game;
  if (!o || (!o.takeback && !o.giveUp)) return;
  $('#online-ask-yes').disabled = $('#online-ask-no').disabled = true;
  request(o.takeback ? 'answerTakeback' : 'answerGiveUp', { accept, log: false }).catch((e) => {
    fail(e);
    renderAsk();
  });
}

// mayGiveUp says whether the person's seat may give up now, while no
// give-up is asked: in the Festungsspiel at any time (it asks the
// others); in Toccateglio and Verkehren at his own play after his throw,
// in Toccateglio not at the winner's choice nor while a window of the
// Schule is open.
function mayGiveUp(o) {
  if (!o.handle || over(o) || o.giveUp) return false;
  if (o.info?.variant === 'festung') return true;
  const st = o.state?.state;
  if (!st || st.turn !== 'player' || st.player !== o.seat) return false;
  return o.info?.variant !== 'toccateglio' || st.phase === 'play';
}

// updateGiveUp shows the control to give up to a person at the table
// while the game goes on, enabled when he may.
export function updateGiveUp() {
  const o = game;
  const b = $('#online-give-up');
  const festung = o?.info?.variant === 'festung';
  b.hidden = !o || o.seat < 0 || !o.secret || !o.info || over(o);
  b.textContent = tr(festung ? 'onEndGame' : 'onGiveUp');
  b.title = tr(festung ? 'onEndGameTitle' : 'onGiveUpTitle');
  b.disabled = !o || !mayGiveUp(o);
}

// consent says whether giving up now asks the others: always in the
// Festungsspiel; in Verkehren where the concession is not among the legal
// moves (a Band on the own side).
function consent(o) {
  const v = o.info?.variant;
  if (v === 'festung') return true;
  if (v !== 'verkehren') return false;
  return !(o.state?.state?.legal || []).some((l) => l.kind === 'concede');
}

// openGiveUp asks the person to confirm: what giving up does here, Give
// up (or Ask) and Cancel, which has the focus.
export function openGiveUp() {
  const o = game;
  if (!o || !mayGiveUp(o)) return;
  const v = o.info.variant;
  const ask = consent(o);
  $('#online-give-up-title').textContent = tr(v === 'festung' ? 'onConfirmEndHead' : 'onConfirmGiveUpHead');
  $('#online-give-up-text').textContent = tr({ toccateglio: 'onConfirmToccateglio', festung: 'onConfirmFestung' }[v]
    || (ask ? 'onConfirmVerkehrenAsk' : 'onConfirmVerkehren'));
  $('#online-give-up-yes').textContent = tr(ask ? 'onConfirmAsk' : 'onConfirmGiveUp');
  $('#online-give-up-dialog').showModal();
  $('#online-give-up-no').focus();
}

// giveUp gives up, or asks the others, once confirmed.
function giveUp() {
  $('#online-give-up-dialog').close();
  if (!game) return;
  request('giveUp', { log: false }).catch(fail);
}

// wireAsks wires the answers and the confirmation.
export function wireAsks() {
  $('#online-ask-yes').onclick = () => answer(true);
  $('#online-ask-no').onclick = () => answer(false);
  $('#online-give-up').onclick = openGiveUp;
  $('#online-give-up-yes').onclick = giveUp;
  $('#online-give-up-no').onclick = () => $('#online-give-up-dialog').close();
  // Escape closes the dialog by itself (its cancel): the focus goes back
  $('#online-give-up-dialog').addEventListener('close', () => {
    const b = $('#online-give-up');
    if (!b.hidden && !b.disabled) b.focus();
  });
}
