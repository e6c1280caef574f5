// Input: clicks and taps on the board, a stone dragged, the steps of a turn
// one at a time, the keyboard (the board one Tab stop, the arrow keys
// within it; the keys that throw, undo and hint), the controls of a turn.

import { S, view, tr } from './state.js';
import { $, showInfo, clearMessage } from './dom.js';
import { call } from './engine.js';
import { show, since, act, applyMove, trySteps, myTurn } from './flow.js';
import { render, notNow } from './render.js';
import { toggleRule } from './side.js';
import { placeName } from './notation.js';
import { schuleClick } from './schule.js';
import { askGiveUp, wireGiveUp } from './giveup.js';

function onPoint(n) {
  if (!myTurn()) { showInfo(notNow()); return; }
  if (S.selected === null) {
    if (S.next.some((s) => s.from === n)) {
      clearMessage();
      const t = S.next.find((s) => s.from === n);
      S.focusKey = `p${t.to}`;
      // a stone with one target goes there at once: a second tap would
      // only confirm what no other choice could change
      if (targetsFrom(n) === 1) { trySteps([...S.made, { from: n, to: t.to, die: t.die }]); return; }
      S.selected = n;
      render();
      return;
    }
    showInfo(S.next.length ? tr('noStoneFrom', placeName(n)) : tr('noStone'));
    return;
  }
  if (n === S.selected) { S.selected = null; S.focusKey = `p${n}`; render(); return; }
  const c = S.next.filter((s) => s.from === S.selected && s.to === n);
  trySteps([...S.made, { from: S.selected, to: n, die: c.length ? c[0].die : 0 }]);
}

// targetsFrom counts the points a stone on n may go to by the next step.
export function targetsFrom(n) {
  return new Set(S.next.filter((s) => s.from === n).map((s) => s.to)).size;
}

function onField(id) {
  if (!myTurn()) { showInfo(notNow()); return; }
  trySteps([{ from: 0, to: 0, field: id }]);
}

// ---- the keyboard ----

// The board is one stop of the Tab key: the arrow keys move among its
// points (or fields) in their order, Page Down and Page Up jump to the next
// and previous one that may be chosen now, Enter or Space chooses.
// S.focusKey is the element that holds the board's focus ("p6" point 6,
// "f12" field 12), kept across drawings.

function boardItems() {
  return [...$('#board').querySelectorAll('[data-key]')].sort((a, b) => a.dataset.order - b.dataset.order);
}

export function rove(hadFocus) {
  const items = boardItems();
  let k = items.find((e) => e.dataset.key === S.focusKey);
  if (!k) k = items.find((e) => e.dataset.live === '1') || items[0];
  for (const e of items) e.setAttribute('tabindex', e === k ? '0' : '-1');
  if (k) S.focusKey = k.dataset.key;
  if (hadFocus && k) k.focus();
}

// keepFocus moves the focus to what is to be done next when the element
// that held it is gone or disabled: the throw button, the board, the first
// decision.
export function keepFocus() {
  const a = document.activeElement;
  const lost = !a || a === document.body || !a.isConnected || a.disabled || a.closest('[hidden]') || a.getClientRects().length === 0;
  if (!lost || document.body.dataset.ready !== '1') return;
  const t = nextControl();
  if (t) t.focus();
}

function nextControl() {
  if (S.game.turn === 'chance') {
    if (S.diceMode === 'manual') return $('#manual-dice');
    return $('#throw').disabled ? null : $('#throw');
  }
  if (!myTurn()) return null;
  if (!$('#finish').hidden && S.selected === null && !S.next.some((s) => s.from >= 0)) return $('#finish');
  if (S.next.length) return $('#board [tabindex="0"]');
  return $('#decisions button:not(.quiet):not(.rule-chip)') || $('#decisions button:not(#give-up)');
}

// keys wires a list of items for the arrow keys: one Tab stop, the arrows
// move within, Enter or Space chooses (choose(item)).
function keys(container, items, choose, jump) {
  container.addEventListener('keydown', (ev) => {
    const all = items();
    const i = all.indexOf(ev.target.closest('[tabindex]'));
    if (i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    let j = -1;
    switch (ev.key) {
      case 'ArrowRight': case 'ArrowDown': j = Math.min(i + 1, all.length - 1); break;
      case 'ArrowLeft': case 'ArrowUp': j = Math.max(i - 1, 0); break;
      case 'Home': j = 0; break;
      case 'End': j = all.length - 1; break;
      case 'PageDown': case 'PageUp': {
        if (!jump) return;
        const d = ev.key === 'PageDown' ? 1 : -1;
        for (let n = 1; n <= all.length; n++) {
          const c = (i + d * n + all.length) % all.length;
          if (jump(all[c])) { j = c; break; }
        }
        if (j < 0) return;
        break;
      }
      case 'Enter': case ' ':
        ev.preventDefault();
        choose(all[i]);
        return;
      default: return;
    }
    ev.preventDefault();
    all[i].setAttribute('tabindex', '-1');
    all[j].setAttribute('tabindex', '0');
    all[j].focus();
    if (all[j].dataset.key) S.focusKey = all[j].dataset.key;
  });
}

function onBoard(target) {
  const p = target.closest('[data-point]');
  if (p) { S.focusKey = p.dataset.key; onPoint(Number(p.dataset.point)); return; }
  const f = target.closest('[data-field]');
  if (f) { S.focusKey = f.dataset.key; onField(Number(f.dataset.id)); }
}

// onKey plays by the keys anywhere on the page: throw, undo and hint by
// their letters (tr('keys')), Enter the next thing to do when the focus
// is on nothing that takes Enter itself. Fields, lists and dialogs keep
// their keys.
function onKey(ev) {
  if (!S.cur || ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat) return;
  // Escape closes the review as it closes the chooser and the rules (the
  // review is no modal dialog: the board stays in use beside it)
  if (ev.key === 'Escape' && $('#review').open && !document.querySelector('dialog[open]:modal')) {
    ev.preventDefault();
    $('#review-close').click();
    return;
  }
  const a = document.activeElement;
  if (a && (a.closest('input, textarea, select, dialog[open]') || document.querySelector('dialog[open]:modal'))) return;
  const k = tr('keys');
  const press = (sel) => { const b = $(sel); if (b && !b.disabled && !b.closest('[hidden]')) { ev.preventDefault(); b.click(); return true; } return false; };
  const key = ev.key.toLowerCase();
  if (key === k.throw) { press('#throw'); return; }
  if (key === k.undo) { press('#undo'); return; }
  if (key === k.hint) { press('#hint'); return; }
  if (ev.key !== 'Enter') return;
  if (a && a !== document.body && a.matches('button, [role=button], [tabindex], a, summary')) return;
  const t = nextControl();
  if (t && t.tagName === 'BUTTON' && !t.closest('.schule')) { ev.preventDefault(); t.click(); } else if (t) { ev.preventDefault(); t.focus(); }
}

// wireInput wires the board, the keys and the controls of the turn.
export function wireInput() {
  document.addEventListener('keydown', onKey);
  $('#board').addEventListener('click', (ev) => onBoard(ev.target));
  keys($('#board'), boardItems, (e) => onBoard(e), (e) => e.dataset.live === '1');
  // Dragging a stone: pressed on a stone that may move, let go over its
  // target. A press and a release on the same point are a click instead.
  let dragFrom = null;
  $('#board').addEventListener('pointerdown', (ev) => {
    const p = ev.target.closest('[data-point]');
    dragFrom = p && S.selected === null && S.next.some((s) => s.from === Number(p.dataset.point)) ? Number(p.dataset.point) : null;
  });
  $('#board').addEventListener('pointerup', (ev) => {
    const from = dragFrom;
    dragFrom = null;
    const p = document.elementFromPoint(ev.clientX, ev.clientY)?.closest('[data-point]');
    if (from === null || !p || Number(p.dataset.point) === from) return;
    S.selected = from;
    onPoint(Number(p.dataset.point));
  });
  $('#throw').addEventListener('click', () => act('throw'));
  const enterDice = () => {
    const dice = $('#manual-dice').value.split(/[^0-9]+/).filter(Boolean).map(Number);
    if (act('throwManual', { dice }).error === undefined) $('#manual-dice').value = '';
  };
  $('#enter-dice').addEventListener('click', enterDice);
  $('#manual-dice').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') enterDice(); });
  $('#decisions').addEventListener('click', (ev) => {
    if (schuleClick(ev)) return;
    if (ev.target.closest('#give-up')) { askGiveUp(); return; }
    const b = ev.target.closest('[data-move]');
    if (b) applyMove(b.dataset.move);
  });
  wireGiveUp();
  $('#finish').addEventListener('click', () => applyMove(S.complete));
  $('#clear-steps').addEventListener('click', () => { show(call('state', view({ handle: S.cur.handle, since: since() }))); });
  $('#legal').addEventListener('click', (ev) => {
    const b = ev.target.closest('[data-move]');
    // the concession asks first, as Give up… does
    if (b && S.game.legal.some((l) => l.notation === b.dataset.move && l.kind === 'concede')) askGiveUp();
    else if (b) applyMove(b.dataset.move);
  });
  keys($('#legal'), () => [...$('#legal').querySelectorAll('button')], (b) => b.click());
  $('#events').addEventListener('click', (ev) => {
    const s = ev.target.closest('.ev[data-rule]');
    if (s) toggleRule(s);
  });
  keys($('#events'), () => [...$('#events').querySelectorAll('.ev[data-rule]')], toggleRule);
}
