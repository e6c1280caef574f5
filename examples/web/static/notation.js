// The moves in words: a play in the board's points, the decisions and the
// other moves in the page's words, the dice of a throw.

import { S, tr } from './state.js';
import { schuleWindow, schuleName, isSchuleMove } from './schule.js';

// differs reports whether a play in the board's points reads otherwise than
// in the mover's own count; "Bar/1" and "bar/1" read alike.
export function differs(board, own) { return board.toLowerCase() !== own.toLowerCase(); }

// placeName names a place of the race board: a point by its number, the
// bar (or hand) and off.
export function placeName(n) {
  if (n === 0) return tr(S.game.waiting === 'hand' ? 'hand' : 'bar');
  return n === 25 ? tr('off') : String(n);
}

// playText writes a play in the board's points, as the board is numbered:
// "13/7 8/7*", a star after a step that hits.
function playText(steps) {
  return steps.map((s) => `${placeName(s.from)}/${placeName(s.to)}${s.hit ? '*' : ''}`).join(' ');
}

// boardNotation writes a logged step in the board's points, from its
// events; a throw or a decision keeps its notation.
export function boardNotation(e) {
  const steps = [];
  const last = () => steps[steps.length - 1];
  for (const { event: ev } of e.events) {
    if (ev.kind === 'move') {
      steps.push({ from: ev.from < 0 ? 0 : ev.from, to: ev.to < 0 ? 25 : ev.to });
    } else if (ev.kind === 'enter' && !(last() && last().to === ev.to && last().from === 0)) {
      steps.push({ from: 0, to: ev.to });
    } else if (ev.kind === 'bear-off' && !(last() && last().from === ev.from && last().to === 25)) {
      steps.push({ from: ev.from, to: 25 });
    } else if (ev.kind === 'hit' && last()) {
      last().hit = true;
    }
  }
  return steps.length && S.cur.variant !== 'festung' ? playText(steps) : e.notation;
}

// stepsText writes a play given by its steps (brettspiel.Step, with its
// flags) in the board's points.
export function stepsText(steps) {
  return playText(steps.map((s) => ({ from: s.from, to: s.to, hit: (s.flags || []).includes('hit') })));
}

// legalText writes a legal move in the board's points, from its steps.
export function legalText(l) {
  if (S.cur.variant === 'festung' || l.kind !== 'play' || !l.steps?.length) return decisionName(l);
  return stepsText(l.steps);
}

export function decisionName(l) {
  if (l.kind === 'concede') return tr('concede');
  const n = l.decision || l.notation;
  if (schuleWindow()) return schuleName(n);
  return { pass: tr('pass'), 'go-on': tr('goOn'), afresh: tr('afresh') }[n] || l.fieldName || l.notation;
}

// moveName names a move that is no play of stones in the page's words (the
// Schule's, a pass, going on, a concession, giving up), any other by its
// notation.
export function moveName(n) {
  if (isSchuleMove(n)) return schuleName(n);
  const giveUp = tr('giveUp').replace('…', '');
  return { pass: tr('pass'), 'go-on': tr('goOn'), afresh: tr('afresh'), concede: tr('concede').replace('…', ''), 'give up': giveUp, 'concede by agreement': tr('concedeAgreed') }[n] || n;
}

// diceText writes a throw as the notation does: 6-2, or 5/1-6 with the
// large die first.
export function diceText(d) {
  return d.length === 3 ? `${d[0]}/${d[1]}-${d[2]}` : d.join('-');
}

// diceOf returns the numbers of the throw being played.
export function diceOf() {
  // the last throw leaves the board with the end
  if (S.game.turn === 'over') return [];
  if (Array.isArray(S.game.dice)) return S.game.dice.filter((n) => n > 0);
  if (S.game.throw) return [S.game.throw.large, ...S.game.throw.small];
  return [];
}
