// The review's graph of the game, inline SVG: in the race games Player 1's
// equity after each step (the library's "equities", the judge's, the two
// seats' opposites), the zero line and the marked decisions as dots in
// the colour of their mark; in the Festungsspiel each seat's balance (the
// markers won so far), a line in the seat's colour. A point stands for
// the step that led to it (the first for the start): a click shows the
// position where the nearest step was taken, as the move list does.
// review.js builds it and marks the step shown.

import { say, fmt, stepMark } from './reviewlist.js';

const $ = (s) => document.querySelector(s);
const NS = 'http://www.w3.org/2000/svg';

// The drawing's frame in its own units: the SVG scales with its box
// (viewBox), its text of FONT units about 11 px on a phone of 390 px.
const W = 400, H = 170, FONT = 13;
const LEFT = 48, RIGHT = 10, TOP = 10, BOTTOM = 22;

let frame = null; // {n, x(k)} of the graph drawn

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// series returns the lines to draw: per seat drawn, the value at the start
// and after each step.
function series(report) {
  const seats = report.judge === 'exact' ? report.before.map((_, i) => i) : [0];
  return seats.map((seat) => ({ seat, values: [report.before[seat] ?? 0, ...report.steps.map((s) => s.equities?.[seat] ?? 0)] }));
}

// buildGraph draws report's graph into #review-graph.
export function buildGraph(page, report) {
  const box = $('#review-graph');
  const festung = report.judge === 'exact';
  const lines = series(report);
  const n = report.steps.length;
  const all = lines.flatMap((l) => l.values);
  let lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x = (k) => LEFT + (n ? k * (W - LEFT - RIGHT) / n : 0);
  const y = (v) => TOP + (hi - v) * (H - TOP - BOTTOM) / (hi - lo);
  frame = { n, x };
  const digits = festung ? 0 : 2;
  const unit = page.tr('units')[report.unit] || report.unit;
  const label = festung ? say(page, 'graphFestung', fmt(page, lo, digits, true), fmt(page, hi, digits, true))
    : say(page, 'graphRace', page.seatName(0), unit, fmt(page, lo, digits, true), fmt(page, hi, digits, true));
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: festung ? 'festung' : 'race' });
  el('title', {}, svg).textContent = label;
  el('rect', { class: 'frame', x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: H - TOP - BOTTOM }, svg);
  // the zero line and the values at the top and the bottom
  el('line', { class: 'zero', x1: LEFT, x2: W - RIGHT, y1: y(0), y2: y(0) }, svg);
  const tick = (v, ty, base) => {
    const t = el('text', { x: LEFT - 4, y: ty, 'font-size': FONT, 'text-anchor': 'end', 'dominant-baseline': base }, svg);
    t.textContent = fmt(page, v, digits, true);
  };
  tick(hi, TOP, 'hanging');
  tick(lo, H - BOTTOM, 'alphabetic');
  if (y(0) - TOP > FONT * 1.2 && H - BOTTOM - y(0) > FONT * 1.2) tick(0, y(0), 'central');
  const foot = (tx, anchor, s) => {
    const t = el('text', { x: tx, y: H - 4, 'font-size': FONT, 'text-anchor': anchor }, svg);
    t.textContent = s;
  };
  foot(LEFT, 'start', say(page, 'start'));
  foot(W - RIGHT, 'end', say(page, 'step', n));
  // the step shown (moved by markGraph)
  el('line', { class: 'cursor', x1: 0, x2: 0, y1: TOP, y2: H - BOTTOM, visibility: 'hidden' }, svg);
  for (const l of lines) {
    const pts = l.values.map((v, k) => `${x(k).toFixed(2)},${y(v).toFixed(2)}`).join(' ');
    // a dark casing under each line: the first seat's colour is light
    if (festung) el('polyline', { class: 'casing', points: pts }, svg);
    const line = el('polyline', { class: 'eq', points: pts, 'data-seat': l.seat }, svg);
    if (festung) line.style.stroke = page.seatColour(l.seat);
  }
  // the marked decisions, on their mover's line (Player 1's in the race
  // games)
  const valueOf = (seat, k) => (lines.find((l) => l.seat === seat) || lines[0]).values[k];
  report.steps.forEach((s, i) => {
    if (!s.decision?.mark) return;
    const seat = festung ? s.actor : 0;
    const c = el('circle', { class: `dot ${s.decision.mark}`, cx: x(i + 1), cy: y(valueOf(seat, i + 1)), r: 4.5, 'data-index': s.index, 'data-mark': stepMark(s) }, svg);
    el('title', {}, c).textContent = say(page, 'dot', s.index + 1, page.seatName(s.actor), say(page, 'marks')[s.decision.mark]);
  });
  box.replaceChildren(svg);
  // the legend: the seats' colours, or the marks'
  const legend = $('#review-graph-legend');
  const item = (cls, colour, words) => {
    const span = document.createElement('span');
    const sw = document.createElement('span');
    sw.className = `swatch ${cls}`;
    if (colour) sw.style.background = colour;
    span.append(sw, words);
    return span;
  };
  legend.replaceChildren(...(festung ? lines.map((l) => item('', page.seatColour(l.seat), page.seatName(l.seat)))
    : ['doubtful', 'bad', 'veryBad'].map((m) => item(`dot ${m}`, '', say(page, 'marks')[m]))));
}

// stepAt returns the step of the point nearest to a click on the graph:
// the step that led to it (the first step for the start).
export function stepAt(ev) {
  const svg = $('#review-graph svg');
  if (!svg || !frame) return -1;
  const m = svg.getScreenCTM();
  if (!m) return -1;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  if (frame.n === 0) return -1;
  const k = Math.round((p.x - LEFT) / ((W - LEFT - RIGHT) / frame.n));
  return Math.max(0, Math.min(frame.n, k) - 1);
}

// markGraph draws the line of the step shown (its point), or none.
export function markGraph(viewing) {
  const c = $('#review-graph .cursor');
  if (!c || !frame) return;
  if (!viewing) { c.setAttribute('visibility', 'hidden'); return; }
  const at = frame.x(viewing.index + 1);
  c.setAttribute('x1', at);
  c.setAttribute('x2', at);
  c.setAttribute('visibility', 'visible');
}
