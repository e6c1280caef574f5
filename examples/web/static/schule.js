// The Schule (Toccateglio's T-W5): its window, its moves in words, the
// question it asks, and its buttons, each with its rule one tap away.

import { S, tr } from './state.js';
import { $ } from './dom.js';
import { seatName } from './flow.js';
import { renderControls } from './render.js';
import { ruleText } from './side.js';

// schuleWindow is the open window of the Schule, when the players mark
// their own points and one of them is to declare or to answer: step (of
// T-W1), declarer, author (who declared or claimed what is in question;
// -1 while the declaration is due). The state never says what was due.
export function schuleWindow() {
  if (S.cur?.variant !== 'toccateglio' || S.game?.turn !== 'player') return null;
  return S.game.toccateglio?.schule || null;
}

// schuleName writes a move of the Schule in the page's words: "Mark 3",
// "Let it stand", "Mark right!", "School: 2"; anything else as it is.
export function schuleName(n) {
  let m;
  if ((m = /^mark (\d+)$/.exec(n))) return tr('markN', Number(m[1]));
  if ((m = /^schule (\d+)$/.exec(n))) return tr('schoolN', Number(m[1]));
  if (n === 'pass') return tr('letPass');
  if (n === 'right') return tr('markRight');
  return n;
}

export function isSchuleMove(n) { return /^(mark \d+|schule \d+|right)$/.test(n); }

// schuleQuestion is what the window asks the player to move, with the
// rule it is asked by: how many points to mark (T-W5a), or whether to let
// the other's declaration or claim stand (T-W5b, T-W5c).
export function schuleQuestion(w) {
  if (w.author < 0) return { text: tr('pDeclare', tr('schuleFor', w.step, seatName(w.mover), true)), more: tr('pDeclareMore'), rule: 'T-W5a' };
  const what = tr('schuleFor', w.step, seatName(w.mover), false);
  // the declaration or claim in question: the last of the log
  let last = null;
  for (let i = S.log.length - 1; i >= 0 && !last; i--) {
    last = S.log[i].events.map((x) => x.event).find((ev) => ev.kind === 'declare' || ev.kind === 'schule') || null;
  }
  if (last?.kind === 'schule') return { text: tr('pAnswerClaim', seatName(w.author), last.amount), more: tr('pClaimMore'), rule: 'T-W5b' };
  return { text: tr('pAnswerDeclared', seatName(w.author), last ? last.amount : 0, what), more: tr('pAnswerMore'), rule: 'T-W5c' };
}

// schuleControls are the buttons of the Schule's decisions: at a
// declaration the numbers 0…12 in a row, at an answer Let it stand, Mark
// right! and To school for 1…12; each with the rule's ID one tap away.
export function schuleControls(w, dec, had) {
  const q = schuleQuestion(w);
  const row = document.createElement('span');
  row.className = 'schule';
  const button = (l, text, label) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'decision';
    b.dataset.move = l.notation;
    b.textContent = text;
    b.setAttribute('aria-label', label);
    const rule = ruleText(/^mark/.test(l.notation) ? 'T-W5a' : l.notation.startsWith('schule') ? 'T-W5b' : 'T-W5c');
    if (rule) b.title = `${label} — ${rule.id}: ${rule.title}`;
    if (had === l.notation) queueMicrotask(() => b.focus());
    return b;
  };
  const legal = S.game.legal.filter((l) => l.kind === 'decision');
  const marks = legal.filter((l) => /^mark \d+$/.test(l.notation));
  const claims = legal.filter((l) => /^schule \d+$/.test(l.notation));
  // a head and its numbers, kept together on their own line
  const numbers = (head, ls, cut, label, extra) => {
    const g = document.createElement('span');
    g.className = 'numbers';
    const h = document.createElement('span');
    h.className = 'schule-head';
    h.textContent = head;
    if (extra) h.append(' ', extra);
    g.append(h, ...ls.map((l) => { const n = l.notation.slice(cut); return button(l, n, tr(label, Number(n))); }));
    return g;
  };
  for (const l of legal) {
    if (l.notation === 'pass' || l.notation === 'right') row.append(button(l, schuleName(l.notation), schuleName(l.notation)));
  }
  // the rule's ID: a tap shows its text below the buttons
  const chip = document.createElement('button');
  chip.type = 'button';
  chip.className = 'rule-chip';
  chip.dataset.rule = q.rule;
  chip.textContent = q.rule;
  chip.setAttribute('aria-expanded', String(openRule === q.rule));
  chip.title = tr('ruleToggle');
  // the ID stands by the head of the numbers, or last
  if (marks.length) row.append(numbers(tr('markHead'), marks, 5, 'markN', chip));
  else if (claims.length) row.append(numbers(tr('schoolHead'), claims, 7, 'schoolN', chip));
  else row.append(chip);
  // what may be marked at this step: the rules' texts on request
  const ids = schuleRules[w.step] || [];
  if (ids.length) {
    const what = document.createElement('button');
    what.type = 'button';
    what.className = 'quiet schule-what';
    what.textContent = tr('schuleWhat');
    what.setAttribute('aria-expanded', String(openWhat === w.step));
    row.append(what);
  }
  dec.append(row);
  if (ids.length && openWhat === w.step) {
    const box = document.createElement('span');
    box.className = 'ruletext schule-rules';
    const head = document.createElement('span');
    head.textContent = tr('schuleWhatHead');
    box.append(head, ...ids.map((id) => {
      const r = ruleText(id);
      const line = document.createElement('span');
      line.dataset.rule = id;
      line.textContent = r ? `${r.id} — ${r.title}: ${r.text}` : id;
      return line;
    }));
    dec.append(box);
  }
  if (openRule === q.rule) {
    const r = ruleText(q.rule);
    const t = document.createElement('span');
    t.className = 'ruletext';
    t.textContent = r ? `${r.id} — ${r.title}: ${r.text}` : q.rule;
    dec.append(t);
  }
}

// openRule is the rule of the Schule whose text is shown below its buttons.
let openRule = '';

// schuleRules are the rules that score at each step of T-W1 where the
// Schule asks the players to mark (T-W5a): the hits (2), the opponent's
// points for unplayed numbers and an opened quarter (4), the closed
// quarters (5) and the Marsch (6). Asked for ("What counts here?"), their
// texts are shown, all of them whatever happened: never what is due.
const schuleRules = { 2: ['T-M1', 'T-M2', 'T-M3'], 4: ['T-D7', 'T-J2'], 5: ['T-J1', 'T-J3'], 6: ['T-B3'] };

// openWhat is the step whose rules of what may be marked are shown, 0 for
// none.
let openWhat = 0;

// closeWhat puts the rules of what may be marked away (a move played).
export function closeWhat() { openWhat = 0; }

// schuleClick opens or closes, by their buttons, the rules of what may be
// marked and the text of the rule asked by; false for a click on neither.
export function schuleClick(ev) {
  if (ev.target.closest('.schule-what')) {
    const step = schuleWindow()?.step || 0;
    openWhat = openWhat === step ? 0 : step;
    renderControls();
    $('#decisions .schule-what')?.focus();
    return true;
  }
  const chip = ev.target.closest('.rule-chip');
  if (chip) {
    openRule = openRule === chip.dataset.rule ? '' : chip.dataset.rule;
    renderControls();
    $('#decisions .rule-chip')?.focus();
    return true;
  }
  return false;
}
