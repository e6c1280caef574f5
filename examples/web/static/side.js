// The side of the page: the scores, the legal moves, and the events of
// each step with their rules' texts.

import { S, metrics, seatColours, tr } from './state.js';
import { $ } from './dom.js';
import { call } from './engine.js';
import { throwSeat, isBot, myTurn } from './flow.js';
import { raceView } from './race.js';
import { differs, boardNotation, legalText } from './notation.js';
import { schuleName, isSchuleMove } from './schule.js';

export function renderScores() {
  const t = $('#scores');
  t.replaceChildren();
  const h = tr('hdr');
  const row = (cells, th) => {
    const line = document.createElement('tr');
    for (const [i, c] of cells.entries()) {
      const td = document.createElement(th ? 'th' : 'td');
      if (i === 0) {
        if (th) td.append(seatHead());
        else nameCell(td, c);
      } else {
        td.textContent = c;
      }
      line.append(td);
    }
    t.append(line);
    return line;
  };
  const turnSeat = S.game.turn === 'player' ? S.game.player : throwSeat();
  // the seat's colour is its disc: the name stays short, on one line
  const who = (p) => S.remote?.seatShort(p) || tr('seatShort', p, isBot(p));
  if (S.cur.variant === 'festung') {
    // the result once a step has been played: before, it would only
    // repeat the stakes every seat has put down
    const begun = S.game.turn === 'over' || S.cur.length > 0;
    row(['', h.balance, h.bought, h.pasches, ...(begun ? [h.ret] : [])], true);
    for (const s of S.game.seats) {
      const line = row([who(s.seat), s.balance, s.bought, s.pasches, ...(begun ? [s.return] : [])]);
      line.dataset.seat = s.seat;
      swatch(line.firstChild, s.seat);
      if (s.seat === turnSeat) line.className = 'turn';
    }
    return;
  }
  const r = raceView();
  const own = S.game[S.cur.variant] || {};
  // the waiting stones by the library's word: off the board (the bar of
  // the drawing), or in the hand
  row(['', h.pips, tr('waitingHead')[r.waiting] || r.waiting, h.board, h.off, S.cur.variant === 'toccateglio' ? h.marks : h.junker, h.score], true);
  for (const s of r.sides) {
    const extra = S.cur.variant === 'toccateglio' ? (own.marks?.[s.seat] ?? '') : (own.junker?.[s.seat] ? tr('yesWord') : '');
    const line = row([who(s.seat), s.pips, s.waiting, s.onBoard, s.borneOff, extra, s.score]);
    line.dataset.seat = s.seat;
    swatch(line.firstChild, s.seat);
    if (s.seat === turnSeat) line.className = 'turn';
  }
}

// nameCell writes a seat's name in the score table: the name on one
// line, what follows it in brackets ("(bot)") free to go to the next, so
// that the table fits a narrow column.
// In a narrow column the word before the seat's number ("Player") is
// said once, in the head.
function nameCell(td, name) {
  const m = /^(.*?)( \(.*\))?$/.exec(name);
  const nm = document.createElement('span');
  nm.className = 'name';
  const num = /^(.*\s)(\d+)$/.exec(m[1]);
  if (num) {
    const word = document.createElement('span');
    word.className = 'seat-word';
    word.textContent = num[1];
    nm.append(word, num[2]);
  } else {
    nm.textContent = m[1];
  }
  td.append(nm);
  if (m[2]) td.append(m[2]);
}

// seatHead is the head of the names' column: empty, but for a narrow
// column, where the names are their numbers.
function seatHead() {
  const sp = document.createElement('span');
  sp.className = 'seat-head';
  sp.textContent = tr('hdr').seat;
  return sp;
}

// swatch puts a disc of the seat's colour before a cell's text.
function swatch(td, seat) {
  const sp = document.createElement('span');
  sp.className = 'swatch';
  sp.style.background = seatColours[seat];
  sp.title = tr('colour', seat);
  sp.setAttribute('aria-hidden', 'true');
  (td.querySelector('.name') || td).prepend(sp);
}

// renderLegal lists the legal moves in the board's points, each a button
// (one Tab stop: the arrow keys move in the list), the mover's own
// notation beside where it differs.
export function renderLegal() {
  const ol = $('#legal');
  ol.replaceChildren();
  // online, only the seat to move sees its moves: they act
  if (S.game.turn !== 'player' || S.viewing || (S.remote && !myTurn())) return;
  const max = 60;
  S.game.legal.slice(0, max).forEach((l, i) => {
    const li = document.createElement('li');
    li.dataset.move = l.notation;
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = l.notation;
    b.tabIndex = i === 0 ? 0 : -1;
    const text = legalText(l);
    b.textContent = text;
    li.append(b);
    if (differs(text, l.notation) && l.kind === 'play') {
      const own = document.createElement('span');
      own.className = 'own';
      own.textContent = ` (${tr('ownCount')} ${l.notation})`;
      li.append(own);
    }
    ol.append(li);
  });
  if (S.game.legal.length > max) {
    const li = document.createElement('li');
    li.textContent = tr('andMore', S.game.legal.length - max);
    ol.append(li);
  }
  if (!metrics.firstLegal) metrics.firstLegal = performance.now();
}

// ruleText returns the text of a rule by its ID, asked for once ("rule"):
// the log's events name their rules by ID only.
const rules = new Map();
export function ruleText(id) {
  if (!id) return null;
  const k = `${S.lang}:${id}`;
  if (!rules.has(k)) {
    const r = call('rule', S.langView ? { id, lang: S.lang } : { id });
    rules.set(k, r.error ? null : r);
  }
  return rules.get(k);
}

// renderEvents lists the steps with their events in words. An event with a
// rule shows the rule's text on a tap, a click or Enter (touch has no
// hover); the list is one Tab stop, the arrow keys move among those events.
export function renderEvents() {
  const ol = $('#events');
  const keep = ol.querySelectorAll('li').length;
  // Only the entries that changed are drawn again: long games have
  // hundreds of them.
  const items = [...ol.children];
  let same = 0;
  while (same < Math.min(items.length, S.log.length) && items[same].dataset.key === key(S.log[same])) same++;
  for (const li of items.slice(same)) li.remove();
  for (const e of S.log.slice(same)) {
    const li = document.createElement('li');
    li.dataset.key = key(e);
    li.dataset.index = e.index;
    const head = document.createElement('b');
    const board = isDraw(e) ? tr('drawHead', e.notation) : isSchuleMove(e.notation) || (e.notation === 'pass' && e.events.some((x) => x.event.kind === 'let-pass')) ? schuleName(e.notation) : boardNotation(e);
    head.textContent = board;
    li.append(head);
    if (!isDraw(e) && differs(board, e.notation) && board === boardNotation(e)) {
      const own = document.createElement('span');
      own.className = 'own';
      own.textContent = ` (${tr('ownCount')} ${e.notation})`;
      head.append(own);
    }
    for (const ev of e.events) {
      const span = document.createElement('span');
      span.className = 'ev';
      span.textContent = S.remote ? S.remote.named(ev.text) : ev.text;
      const rule = ev.rule || ruleText(ev.event.rule);
      if (rule) {
        span.title = `${rule.id} — ${rule.title}: ${rule.text}`;
        span.dataset.rule = rule.id;
        span.setAttribute('role', 'button');
        span.setAttribute('aria-expanded', 'false');
        span.tabIndex = -1;
      }
      li.append(span);
    }
    li.setAttribute('aria-label', `${e.index + 1}. ${board}: ${e.events.map((x) => (S.remote ? S.remote.named(x.text) : x.text)).join(' ')}`);
    ol.append(li);
  }
  const evs = ol.querySelectorAll('.ev[data-rule]');
  if (evs.length && !ol.querySelector('.ev[tabindex="0"]')) evs[evs.length - 1].tabIndex = 0;
  if (S.log.length !== keep) ol.scrollTop = ol.scrollHeight;
}

// toggleRule shows or hides the text of an event's rule below it.
export function toggleRule(span) {
  const open = span.getAttribute('aria-expanded') === 'true';
  span.setAttribute('aria-expanded', String(!open));
  const nextEl = span.nextElementSibling;
  if (open) { if (nextEl?.classList.contains('ruletext')) nextEl.remove(); return; }
  const r = document.createElement('span');
  r.className = 'ruletext';
  r.textContent = span.title;
  span.after(r);
}

function key(e) { return `${e.index}:${e.notation}`; }

// isDraw reports whether a logged step is a throw of the draw for the
// start (the rules T-S3 and V-S1 of the race games).
function isDraw(e) {
  return e.actor < 0 && e.events.some(({ event: ev }) => ev.kind === 'throw' && (ev.rule === 'T-S3' || ev.rule === 'V-S1'));
}
