// The tutor: a person's play judged by the analysis, what it cost and why
// said, the better play lit on the board (as is a decision the review
// shows), and the play taken back on request.

import { decisionAt } from './review.js';
import { S, view, tutorLevels, tr } from './state.js';
import { $, clearMessage } from './dom.js';
import { call } from './engine.js';
import { show, scheduleBots, myTurn, walkTo } from './flow.js';
import { render } from './render.js';
import { legalText } from './notation.js';
import { schuleWindow } from './schule.js';

// tutorSaid is the tutor's last word while it is shown: the game's length
// before the play it judged (to take it back to) and the better play.
let tutorSaid = null;

// tutorJudge tells, before a person's play, whether the tutor is to judge
// it: not when it is off, at the Schule's decisions (its word would tell
// what was due), or when there is no choice; a concession is no play to
// judge. It keeps the legal moves, to
// name and light the better one in the board's points.
export function tutorJudge() {
  hideTutor();
  if (!tutorLevels.includes(S.tutorLevel) || !myTurn() || schuleWindow() || S.game.legal.length < 2) return null;
  return { legal: S.game.legal, level: S.tutorLevel };
}

// tutorSpeaks judges the play just made (step index before) as the review
// does ("analyze": the learned net a ply deep in the race games, the exact
// values of the Festungsspiel's choices). When it lost more than the
// level allows (the answer's scale.strict or scale.mild), it says what it
// cost in the game's unit and why, lights the better play on the board
// and offers to take the play back; the bots wait.
export function tutorSpeaks(judge, before) {
  const res = call('analyze', view({ handle: S.cur.handle, from: before, count: 1 }));
  const d = res.error ? null : res.steps?.[0]?.decision;
  const amount = res.scale?.[judge.level];
  if (!d || d.choices < 2 || typeof amount !== 'number' || !(d.loss > amount)) return;
  const l = judge.legal.find((x) => x.notation === d.bestNotation);
  const points = new Set();
  for (const s of d.bestSteps || l?.steps || []) { points.add(s.from); points.add(s.to); }
  tutorSaid = { before, points, field: l?.field ?? null };
  S.paused = true;
  scheduleBots(); // the bots, and the page's own throws, wait: none due
  const cost = new Intl.NumberFormat(S.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(d.loss);
  const unit = tr('units')[{ toccateglio: 'strokes', verkehren: 'points', festung: 'markers' }[S.cur.variant]] || '';
  // and why: what differs from the better play, in the page's language
  // (the decision's "why", package analysis's Why)
  const why = d.why ? ` ${d.why}` : '';
  $('#tutor-text').textContent = tr('tutorSays', S.cur.variant === 'festung', cost, unit, l ? legalText(l) : d.bestNotation) + why;
  $('#tutor-box').hidden = false;
  render();
  $('#tutor-takeback').focus();
}

// boardMarks returns what lights a point (or field) of the board beside
// the move in hand: the tutor's better play ("better"), or, at a decision
// the review shows, the play made ("played") and the best play ("better").
// Points are the board's; the Festungsspiel's choices are fields.
export function boardMarks() {
  const better = new Set();
  const played = new Set();
  const add = (set, steps) => { for (const x of steps || []) { set.add(x.from); set.add(x.to); } };
  const fieldOf = (notation) => S.game.legal?.find((l) => l.notation === notation)?.field;
  if (tutorSaid) {
    for (const p of tutorSaid.points) better.add(p);
    if (tutorSaid.field != null) better.add(tutorSaid.field);
  } else if (S.viewing) {
    const d = decisionAt(S.viewing.index)?.decision;
    if (d) {
      const race = S.cur.variant !== 'festung';
      if (race) { add(played, d.playedSteps); add(better, d.bestSteps); } else {
        played.add(fieldOf(decisionAt(S.viewing.index).notation));
        better.add(fieldOf(d.bestNotation));
      }
    }
  }
  return (g, key) => {
    if (played.has(key)) g.classList.add('played');
    if (better.has(key)) g.classList.add('better');
  };
}

// hideTutor puts the tutor's word away and the board's lights out.
export function hideTutor() {
  if (!tutorSaid) return;
  tutorSaid = null;
  $('#tutor-box').hidden = true;
}

// tutorTakeBack undoes the judged play (and whatever followed it) step by
// step, as Undo does, to the position before it.
function tutorTakeBack() {
  if (!tutorSaid || S.viewing) return;
  const { before } = tutorSaid;
  hideTutor();
  clearTimeout(S.botTimer);
  if (!walkTo(before)) return;
  S.paused = true;
  S.log = [];
  clearMessage();
  show(call('state', view({ handle: S.cur.handle, since: 0 })));
}

// wireTutor wires the tutor's level in the chooser and its two buttons.
export function wireTutor() {
  $('#tutor').addEventListener('change', () => {
    S.tutorLevel = $('#tutor').value;
    try { localStorage.setItem('brettspiel-tutor', S.tutorLevel); } catch { /* private mode */ }
    if (!tutorLevels.includes(S.tutorLevel) && S.cur) { hideTutor(); render(); }
  });
  $('#tutor-takeback').addEventListener('click', tutorTakeBack);
  $('#tutor-go-on').addEventListener('click', () => {
    hideTutor();
    S.paused = false;
    render();
    scheduleBots();
  });
}
