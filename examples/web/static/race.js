// The race board of Toccateglio and Verkehren, drawn in SVG from the game's
// JSON: lying on a desktop, turned upright on a phone.

import { S, seatColours, tr } from './state.js';
import { $, el, phone } from './dom.js';
import { seatName } from './flow.js';
import { targetsFrom } from './input.js';
import { diceOf } from './notation.js';
import { boardMarks } from './tutor.js';

// raceView reads the board of a race game from its JSON: the version-2
// keys (points, sides, waiting).
export function raceView() {
  return { points: S.game.points, sides: S.game.sides, waiting: S.game.waiting || 'bar' };
}

// The race board is drawn lying, points 13…24 along the top from left to
// right, 12…1 along the bottom, the bar in the middle, the tray of
// borne-off stones on the right; on a phone the same drawing is turned a
// quarter (13…24 down the right, 12…1 down the left) and less deep, so that
// a point is as wide as a finger, the writing turned back upright.
const W = 50, LEFT = 40, BAR = 340, BARW = 48, TRAY = LEFT + 12 * W + BARW + 20;
const LYING = { H: 560, TOP: 20, BOTTOM: 540, DEPTH: 220, STEP: 40, R: 19 };
const UPRIGHT = { H: 440, TOP: 24, BOTTOM: 416, DEPTH: 170, STEP: 33, R: 17 };

function pointX(n) {
  const i = n >= 13 ? n - 13 : 12 - n; // 0…11 from the left
  return LEFT + i * W + (i >= 6 ? BARW : 0);
}

// upright turns a text (or a die) back upright about (x, y) on the turned
// board.
let turned = false;
function upright(e, x, y) {
  if (turned) e.setAttribute('transform', `rotate(-90 ${x} ${y})`);
  return e;
}

export function drawRace() {
  const svg = $('#board');
  svg.replaceChildren();
  const mark = boardMarks();
  turned = phone();
  const G = turned ? UPRIGHT : LYING;
  const { TOP, BOTTOM, DEPTH, H } = G;
  const mid = H / 2;
  let root = svg;
  if (turned) {
    svg.setAttribute('viewBox', `0 0 ${H} 800`);
    root = el('g', { transform: `translate(${H} 0) rotate(90)` }, svg);
  } else {
    svg.setAttribute('viewBox', `0 0 800 ${H}`);
  }
  const r = raceView();
  el('rect', { x: 20, y: TOP, width: LEFT + 12 * W + BARW - 20, height: BOTTOM - TOP, fill: '#e9dcc0', rx: 4 }, root);
  // home quarters
  for (const s of [0, 1]) {
    const pts = r.points.filter((p) => p.home === s).map((p) => p.point);
    if (!pts.length) continue;
    const xs = pts.map(pointX);
    const top = pts[0] >= 13;
    el('rect', { class: `home${s}`, x: Math.min(...xs), y: top ? TOP : BOTTOM - DEPTH - 20, width: Math.max(...xs) - Math.min(...xs) + W, height: DEPTH + 20 }, root);
  }
  const sources = new Set(S.selected === null ? S.next.map((s) => s.from) : []);
  const targets = new Set(S.selected === null ? [] : S.next.filter((s) => s.from === S.selected).map((s) => s.to));
  const shown = afterSteps(r);
  const colour = (s) => tr('colour', s);
  const state = (n) => [sources.has(n) ? tr('canMove') : '', S.selected === n ? tr('picked') : '', targets.has(n) ? tr('target') : ''].filter(Boolean);
  const live = (n) => sources.has(n) || targets.has(n) || S.selected === n;
  for (const p of r.points) {
    const n = p.point, x = pointX(n), top = n >= 13;
    const g = el('g', { class: 'point', 'data-point': n, 'data-key': `p${n}`, 'data-order': n, 'data-live': live(n) ? 1 : 0, role: 'button' }, root);
    if (sources.has(n)) { g.classList.add('source'); g.dataset.targets = targetsFrom(n); }
    if (targets.has(n)) g.classList.add('target');
    if (S.selected === n) g.classList.add('selected');
    mark(g, n);
    if (!live(n)) g.setAttribute('aria-disabled', 'true');
    const base = top ? TOP : BOTTOM, tip = top ? TOP + DEPTH : BOTTOM - DEPTH;
    el('rect', { class: 'hit', x, y: top ? 0 : BOTTOM - DEPTH - 20, width: W, height: DEPTH + 20 + TOP }, g);
    el('polygon', { points: `${x},${base} ${x + W},${base} ${x + W / 2},${tip}`, fill: n % 2 ? '#a0522d' : '#deb887' }, g);
    const ly = top ? TOP / 2 : H - TOP / 2;
    const label = el('text', { class: 'label', x: x + W / 2 - (p.hucke >= 0 ? 7 : 0), y: ly }, root);
    label.textContent = n;
    upright(label, x + W / 2 - (p.hucke >= 0 ? 7 : 0), ly);
    const st = shown.points[n];
    const words = [tr('point', n, p.track ? tr('ownNumbers', p.track[0], p.track[1]) : ''), tr('stones', st.owner >= 0 ? st.count : 0, colour(st.owner))];
    if (p.hucke >= 0) {
      words.push(tr('hucke', colour(p.hucke)));
      // the Hucke: a tag in its owner's colour beside the number
      const hx = x + W / 2 + 12;
      const hk = el('g', { class: 'hucke', 'data-hucke': p.hucke }, root);
      el('circle', { cx: hx, cy: ly, r: 9, fill: seatColours[p.hucke], stroke: '#000', 'stroke-width': .8 }, hk);
      const h = el('text', { x: hx, y: ly, fill: p.hucke ? '#fff' : '#000', 'dominant-baseline': 'central' }, hk);
      h.textContent = 'H';
      upright(h, hx, ly);
    }
    g.setAttribute('aria-label', [...words, ...state(n)].join('; '));
    drawStack(g, x + W / 2, top ? TOP + G.R + 1 : BOTTOM - G.R - 1, top ? 1 : -1, st.owner, st.count, G);
  }
  // the bar: stones waiting to enter
  const bar = el('g', { class: 'bar', 'data-point': 0, 'data-key': 'p0', 'data-order': 0, 'data-live': live(0) ? 1 : 0, role: 'button' }, root);
  if (sources.has(0)) { bar.classList.add('source'); bar.dataset.targets = targetsFrom(0); }
  if (S.selected === 0) bar.classList.add('selected');
  mark(bar, 0);
  if (!live(0)) bar.setAttribute('aria-disabled', 'true');
  el('rect', { x: BAR, y: TOP, width: BARW, height: BOTTOM - TOP }, bar);
  bar.setAttribute('aria-label', [tr('barLabel', r.waiting, shown.waiting[0], shown.waiting[1]), ...state(0)].join('; '));
  for (const s of [0, 1]) {
    if (shown.waiting[s]) drawStack(bar, BAR + BARW / 2, s === 0 ? mid + 50 : mid - 50, s === 0 ? 1 : -1, s, shown.waiting[s], G);
  }
  // the tray: borne-off stones
  const tray = el('g', { class: 'tray', 'data-point': 25, 'data-key': 'p25', 'data-order': 25, 'data-live': live(25) ? 1 : 0, role: 'button' }, root);
  if (targets.has(25)) tray.classList.add('target');
  mark(tray, 25);
  if (!live(25)) tray.setAttribute('aria-disabled', 'true');
  el('rect', { x: TRAY, y: TOP, width: 80, height: BOTTOM - TOP, rx: 4 }, tray);
  tray.setAttribute('aria-label', [tr('trayLabel', shown.off[0], shown.off[1]), ...state(25)].join('; '));
  for (const s of [0, 1]) {
    const n = shown.off[s];
    for (let i = 0; i < n; i++) {
      el('rect', { class: `stone s${s}`, x: TRAY + 10, y: s === 0 ? BOTTOM - 12 - i * 10 : TOP + 4 + i * 10, width: 60, height: 8 }, tray);
    }
    const ty = s === 0 ? mid + 30 : mid - 30;
    const t = el('text', { class: 'count off', x: TRAY + 40, y: ty }, tray);
    t.textContent = n ? tr('nOff', n) : '';
    upright(t, TRAY + 40, ty);
  }
  drawDice(root, diceOf(), 520, mid);
  $('#board-desc').textContent = tr('raceDesc', r.sides.map((s) => tr('sideDesc', seatName(s.seat), s.pips, s.onBoard, s.waiting, s.borneOff)));
}

// afterSteps returns the stones as they stand after the steps made so far
// in this turn, which the library has not played yet.
function afterSteps(r) {
  const points = {};
  for (const p of r.points) points[p.point] = { owner: p.owner, count: p.count };
  const waiting = r.sides.map((s) => s.waiting), off = r.sides.map((s) => s.borneOff);
  const me = S.game.player;
  for (const s of S.made) {
    if (s.from === 0) waiting[me]--;
    else if (--points[s.from].count === 0) points[s.from].owner = -1;
    if (s.to === 25) { off[me]++; continue; }
    const q = points[s.to];
    if (q.owner >= 0 && q.owner !== me) { waiting[q.owner] += q.count; q.count = 0; }
    q.owner = me; q.count++;
  }
  return { points, waiting, off };
}

function drawStack(parent, cx, y0, dir, owner, count, G) {
  if (count <= 0 || owner < 0) return;
  const shown = Math.min(count, 5);
  for (let i = 0; i < shown; i++) {
    el('circle', { class: `stone s${owner}`, cx, cy: y0 + dir * i * G.STEP, r: G.R }, parent);
  }
  if (count > 5) {
    const y = y0 + dir * 4 * G.STEP;
    const t = el('text', { class: `count s${owner}`, x: cx, y }, parent);
    t.textContent = count;
    upright(t, cx, y);
  }
}

export function drawDice(svg, dice, x, y, vertical) {
  const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
  dice.forEach((d, i) => {
    const g = el('g', { class: 'dice', 'data-die': d, 'aria-hidden': 'true' }, svg);
    const size = i === 0 && dice.length === 3 ? 40 : 32;
    const dx = vertical ? x : x + i * 46, dy = vertical ? y + i * 46 : y;
    el('rect', { class: 'die', x: dx - size / 2, y: dy - size / 2, width: size, height: size, rx: 5 }, g);
    for (const [px, py] of pips[d] || []) el('circle', { class: 'pip', cx: dx + px * size / 4, cy: dy + py * size / 4, r: size / 12 }, g);
    upright(g, dx, dy);
  });
}
