// The Festungsspiel's plan: joined to each state, which lists only the
// fields holding a marker or squares, and drawn in SVG.

import { S, seatColours, tr } from './state.js';
import { $, el, phone, showError } from './dom.js';
import { call } from './engine.js';
import { seatName } from './flow.js';
import { drawDice } from './race.js';
import { diceOf } from './notation.js';
import { boardMarks } from './tutor.js';

// plan is the Festungsspiel's plan, the same in every state: asked for
// once ("plan") and joined to each state's fields, which list only the
// fields holding a marker or squares.
let plan = null;

export function withPlan(state, handle) {
  if (!Array.isArray(state.fields) || state.layout) return state;
  if (!plan) {
    const p = call('plan', { handle });
    if (p.error) { showError(p.error); return state; }
    plan = { layout: p.layout, fields: p.fields };
  }
  // the state lists the fields with a marker or squares; the others are empty
  const held = new Map(state.fields.map((f) => [f.id, f]));
  state.layout = plan.layout;
  state.fields = plan.fields.map((f) => ({ ...f, marker: false, ...held.get(f.id) }));
  return state;
}

const CX = 400, CY = 280;
const FORTS = { 1: [140, 110], 2: [660, 110], 3: [660, 450], 4: [140, 450] };
const BATTERIES = { 9: [400, 45, 0, 1], 10: [755, 280, -1, 0], 11: [400, 515, 0, -1], 12: [45, 280, 1, 0] };

// planLayout places the fields on the drawing: where the JSON gives a
// layout (a square of layout.width × layout.height units, each field's x and
// y its centre, fields layout.fieldSize across), scaled into the picture's
// height and centred; else by the page's own drawing from each field's kind,
// number, fortress, twin and line. It returns the positions, the size of
// a field in the picture and the box the plan takes.
function planLayout() {
  const lay = S.game.layout;
  if (lay && lay.width > 0 && lay.height > 0 && S.game.fields.every((f) => typeof f.x === 'number' && typeof f.y === 'number')) {
    const scale = 540 / Math.max(lay.width, lay.height);
    const x0 = (800 - lay.width * scale) / 2, y0 = (560 - lay.height * scale) / 2;
    const pos = new Map(S.game.fields.map((f) => [f.id, [x0 + f.x * scale, y0 + f.y * scale]]));
    return { pos, size: (lay.fieldSize || 5) * scale, own: false, box: [x0 - 10, y0 - 10, lay.width * scale + 20, lay.height * scale + 20] };
  }
  const pos = new Map();
  for (const f of S.game.fields) pos.set(f.id, ownPos(f));
  return { pos, size: 28, own: true, box: [0, 0, 800, 560] };
}

function ownPos(f) {
  const along = (k, t) => [FORTS[k][0] + (CX - FORTS[k][0]) * t, FORTS[k][1] + (CY - FORTS[k][1]) * t];
  switch (f.kind) {
    case 'fortress': return f.number === 5 ? [CX, CY] : FORTS[f.number];
    case 'paschField': return along(f.number, 0.8);
    case 'lineField': return along(f.line, 0.26 + 0.13 * Math.floor((f.number - 3) / 4));
    case 'outerWork': {
      const [fx, fy] = FORTS[f.fortress];
      const out = Math.atan2(fy - CY, fx - CX);
      const a = out + ((f.number - 3.5) * 30) * Math.PI / 180;
      const rad = f.twin ? 98 : 62;
      return [fx + rad * Math.cos(a), fy + rad * Math.sin(a)];
    }
    case 'battery': return BATTERIES[f.number].slice(0, 2);
    case 'schanze': {
      const b = 9 + Math.floor((f.number - 1) / 3), i = (f.number - 1) % 3 - 1;
      const [bx, by, dx, dy] = BATTERIES[b];
      // the three Schanzen in a triangle in front of their battery
      return [bx + dx * (i === 0 ? 62 : 34) + dy * i * 52, by + dy * (i === 0 ? 62 : 34) + dx * i * 52];
    }
  }
  return [CX, CY];
}

// textSizes keeps the font size and the width of the plan's names, by kind
// of field, marker and name: measuring a text lays the page out, and the
// plan, drawn anew at every step, has a hundred of them.
const textSizes = new Map();

function textSize(t, key, text) {
  let v = textSizes.get(key);
  if (!v) {
    v = { base: parseFloat(getComputedStyle(t).fontSize) || 16, wide: text.length > 1 ? (t.getComputedTextLength?.() || text.length * 9) : 0 };
    textSizes.set(key, v);
  }
  return v;
}

// drawPlan draws the fortress plan: the fields by kind, the markers, each
// seat's fortress and Pasch squares inside its field, the fields on offer
// ringed and drawn large enough for a finger (on top of their neighbours).
// On a phone the picture is cut to the plan's square.
export function drawPlan() {
  const svg = $('#board');
  svg.replaceChildren();
  const mark = boardMarks();
  const { pos, size, own, box } = planLayout();
  const small = phone();
  // the picture cut to the plan's square, as large as the room allows (the
  // dice are shown beside, with the controls)
  svg.setAttribute('viewBox', own ? '0 0 800 560' : box.join(' '));
  el('rect', { x: box[0], y: box[1], width: box[2], height: box[3], fill: '#d9c9a3' }, svg);
  // walls from each fortress to the centre
  const fort = (n) => pos.get(S.game.fields.find((f) => f.kind === 'fortress' && f.number === n).id);
  for (const k of [1, 2, 3, 4]) {
    const [x1, y1] = fort(k), [x2, y2] = fort(5);
    el('line', { class: 'wall', x1, y1, x2, y2 }, svg);
  }
  const offered = new Set(S.game.turn === 'player' ? S.next.map((s) => s.field) : []);
  // the screen's pixels per unit of the picture, to make a field on offer
  // at least 44 pixels across
  const rect = svg.getBoundingClientRect();
  const perUnit = own ? (rect.width || 800) / 800 : Math.min((rect.width || box[2]) / box[2], (rect.height || box[3]) / box[3]);
  const grow = Math.max(1, 24 / perUnit / (0.5 * size));
  const fields = [...S.game.fields].sort((a, b) => offered.has(a.id) - offered.has(b.id));
  let held = 0;
  for (const f of fields) {
    const [x, y] = pos.get(f.id);
    const on = offered.has(f.id);
    if (f.marker) held++;
    const g = el('g', { class: `field ${f.kind}`, 'data-field': f.name, 'data-id': f.id, 'data-marker': f.marker ? 1 : 0, 'data-key': `f${f.id}`, 'data-order': f.id, 'data-live': on ? 1 : 0, role: 'button' }, svg);
    if (on) g.classList.add('target'); else g.setAttribute('aria-disabled', 'true');
    mark(g, f.id);
    let half = own ? (f.kind === 'fortress' ? 26 : f.kind === 'battery' ? 17 : 14)
      : (f.kind === 'fortress' ? 0.62 : 0.5) * size;
    if (on && grow > 1) {
      el('circle', { class: 'halo', cx: x, cy: y, r: half * grow }, g);
      half *= Math.min(grow, 1.6);
    }
    if (f.kind === 'battery' || f.kind === 'fortress') {
      el('rect', { class: 'body', x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: 3 }, g);
    } else {
      el('circle', { class: 'body', cx: x, cy: y, r: half }, g);
    }
    // the marker: a dark disc over most of the field, its name written
    // on it in white, so that the markers are counted at a glance
    if (f.marker) {
      g.classList.add('held');
      el('circle', { class: 'marker', cx: x, cy: y, r: half * 0.82 }, g);
    }
    const sq = f.squares || [];
    // the field's name as the list and the events write it ("W2.III",
    // "S.IX", "L12"): the group small above, the number below
    const [group, number] = f.name.includes('.') ? f.name.split('.') : ['', f.name];
    // a field under 26 pixels across (a phone's, a landscape's) is too
    // small for two lines: the group is written on the fields on offer
    // alone, and the prompt names them whole
    const twoLines = group && (on || half * perUnit >= 13);
    const ty = sq.length ? y - half * 0.3 : twoLines ? y + half * 0.36 : y;
    const t = el('text', { x, y: ty }, g);
    t.textContent = number;
    // a name wider than most of the field is set smaller, but not below
    // 11 pixels on the screen; what is still too wide is narrowed to the room
    const room = 1.5 * half;
    const { base, wide } = textSize(t, `${f.kind}:${f.marker ? 1 : 0}:${number}`, number);
    let fs = base;
    if (wide > room) {
      fs = Math.min(base, Math.max(base * room / wide, 11 / perUnit));
      t.style.fontSize = `${fs}px`;
      if (wide * fs / base > room) {
        t.setAttribute('textLength', String(room));
        t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
      }
    }
    if (twoLines) {
      const gt = el('text', { class: 'group', x, y: y - half * 0.5 }, g);
      gt.textContent = group;
      gt.style.fontSize = `${Math.max(fs * 0.7, 11 / perUnit)}px`;
    }
    // the seats' squares in a row inside the field, below its name
    const side = Math.min(12, (2 * half * 0.9) / Math.max(1, sq.length));
    sq.forEach((p, i) => {
      const sx = x - (sq.length * side) / 2 + i * side, sy = y + half * 0.2;
      const sg = el('g', { class: 'square', 'data-seat': p }, svg);
      el('rect', { class: 'halo', x: sx, y: sy, width: side, height: side }, sg);
      el('rect', { class: 'sq', x: sx, y: sy, width: side, height: side, fill: seatColours[p] }, sg);
    });
    const kind = tr('kinds')[f.kind] || f.kind;
    const words = [tr('field', f.name, kind, f.marker, sq.map((p) => seatName(p)).join(', '))];
    if (on) words.push(tr('offered'));
    g.setAttribute('aria-label', words.join('; '));
  }
  if (own && !small) drawDice(svg, diceOf(), 250, 40);
  $('#board-desc').textContent = tr('festDesc', held);
}
