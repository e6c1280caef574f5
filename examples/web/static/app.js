// The page: a game chooser, a board drawn in SVG from the game's JSON
// (version 2), input one step at a time through the library's nextSteps,
// bots, undo, records and position IDs. Everything the rules decide is asked
// of the library, compiled to WebAssembly (see the wasm folder); this file
// only draws and forwards clicks.

const $ = (s) => document.querySelector(s);
const SVG = 'http://www.w3.org/2000/svg';
const params = new URLSearchParams(location.search);
// The pause before a bot moves, so that a person sees each move; ?delay=0
// plays at once (the tests use it).
const delay = params.has('delay') ? Number(params.get('delay')) : 400;

// Figures the page measures (times in ms since the page began to load:
// the WebAssembly running, the first state shown, the first list of legal
// plays shown; each bot's move); the end-to-end tests read them.
const metrics = { wasmReady: 0, firstState: 0, firstLegal: 0, botMoves: [], calls: 0, callMillis: 0 };
globalThis.brettspielMetrics = metrics;

const seatColours = ['#f4ecd8', '#3b2a20', '#c0392b', '#2e6db4', '#3c9a48', '#8e44ad'];

let catalogue = [];     // the games with their presets
let cur = null;         // the API's state of the game (handle, state, length, …)
let game = null;        // the game's own JSON (cur.state)
let log = [];           // the move list, entries with their events
let humans = new Set(); // the seats played on this page by people
let botKind = 'greedy';
let diceMode = 'seeded';
let made = [];          // the steps made so far in this turn
let next = [];          // the steps that may come next
let complete = '';      // the move the steps made determine, if any
let selected = null;    // the point picked as the source of the next step
let paused = false;     // after undo or redo the bots wait for a person
let botTimer = 0;
let confirmMove = '';

// ---- the WebAssembly side ----

async function loadWasm() {
  const go = new Go();
  const res = await WebAssembly.instantiateStreaming(fetch('brettspiel.wasm'), go.importObject);
  go.run(res.instance);
  for (let i = 0; !globalThis.brettspiel?.ready; i++) {
    if (i > 500) throw new Error('the WebAssembly did not start');
    await new Promise((r) => setTimeout(r, 10));
  }
  metrics.wasmReady = performance.now();
}

// call runs a method of the API; the result is an object, {error} on failure.
function call(method, args) {
  const t0 = performance.now();
  const out = JSON.parse(globalThis.brettspiel.call(method, JSON.stringify(args ?? {})));
  metrics.calls++;
  metrics.callMillis += performance.now() - t0;
  return out;
}

// ---- messages ----

function showError(err) {
  const m = $('#message');
  m.className = 'error';
  m.textContent = `${err.message}`;
  m.dataset.error = err.name;
  for (const rule of err.rules || []) {
    const r = document.createElement('span');
    r.className = 'rule';
    r.dataset.rule = rule.id;
    r.textContent = `${rule.id} — ${rule.title}: ${rule.text}`;
    m.append(r);
  }
}

function showInfo(text) {
  const m = $('#message');
  m.className = 'info';
  m.textContent = text;
  delete m.dataset.error;
}

function clearMessage() { showInfo(''); }

// ---- the chooser ----

function fillChooser() {
  const v = $('#variant');
  v.replaceChildren(...catalogue.map((g) => new Option(g.title, g.name)));
  v.value = params.get('variant') || 'toccateglio';
  $('#seed').value = params.get('seed') || String(Math.floor(Math.random() * 1e9));
  if (params.get('opponent')) $('#opponent').value = params.get('opponent');
  if (params.get('dice')) $('#dice-mode').value = params.get('dice');
  fillPresets();
  if (params.get('preset')) $('#preset').value = params.get('preset');
  if (params.get('players')) $('#players').value = params.get('players');
  v.addEventListener('change', fillPresets);
  $('#preset').addEventListener('change', aboutPreset);
}

function variantOf(name) { return catalogue.find((g) => g.name === name); }

function fillPresets() {
  const g = variantOf($('#variant').value);
  $('#preset').replaceChildren(...g.presets.map((p) => new Option(p.name, p.name)));
  const seats = [];
  for (let n = g.minPlayers; n <= g.maxPlayers; n++) seats.push(new Option(String(n), String(n)));
  $('#players').replaceChildren(...seats);
  $('#players').value = String(g.maxPlayers > 2 ? 3 : 2);
  $('#players').disabled = g.minPlayers === g.maxPlayers;
  aboutPreset();
}

function aboutPreset() {
  const g = variantOf($('#variant').value);
  const p = g.presets.find((x) => x.name === $('#preset').value) || g.presets[0];
  $('#preset-about').textContent = `${g.title}: ${g.description}. ${p.name}: ${p.description} (${p.source})`;
}

function newGame() {
  const players = Number($('#players').value);
  const res = call('newGame', {
    variant: $('#variant').value, preset: $('#preset').value, players, seed: $('#seed').value.trim() || '0',
  });
  if (res.error) { showError(res.error); return; }
  if (cur) call('close', { handle: cur.handle });
  botKind = $('#opponent').value;
  diceMode = $('#dice-mode').value;
  humans = new Set(botKind === 'hot-seat' ? [...Array(players).keys()] : [0]);
  log = [];
  paused = false;
  clearMessage();
  show(res);
}

// ---- state ----

// plan is the Festungsspiel's plan, the same in every state: asked for
// once ("plan") and joined to each state's fields, which list only the
// fields holding a marker or squares.
let plan = null;

function withPlan(state, handle) {
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

// show takes a state from the session, draws it and lets the bots move.
function show(res) {
  if (res.error) { showError(res.error); if (cur) render(); return false; }
  cur = res;
  game = withPlan(res.state, res.handle);
  log = log.slice(0, res.since).concat(res.log);
  made = []; next = []; complete = ''; selected = null; confirmMove = '';
  $('#hints').replaceChildren();
  if (game.turn === 'player' && humans.has(game.player)) {
    const n = call('nextSteps', { handle: cur.handle, steps: [] });
    if (!n.error) { next = n.next; complete = n.complete; }
  }
  render();
  if (!metrics.firstState) metrics.firstState = performance.now();
  scheduleBots();
  return true;
}

function since() { return log.length; }

function act(method, args) {
  clearTimeout(botTimer);
  paused = false;
  const res = call(method, { handle: cur.handle, since: since(), ...args });
  if (res.error) { showError(res.error); return res; }
  clearMessage();
  show(res);
  return res;
}

// throwSeat is who throws at a chance node (−1 during the draw for the start).
function throwSeat() {
  for (const k of ['seat', 'thrower']) if (typeof game[k] === 'number') return game[k];
  return -1;
}

function isBot(seat) { return seat >= 0 && !humans.has(seat); }

function scheduleBots() {
  clearTimeout(botTimer);
  let due = false;
  if (!paused && game.turn === 'player' && isBot(game.player)) due = true;
  if (!paused && game.turn === 'chance' && diceMode === 'seeded' && isBot(throwSeat())) due = true;
  document.body.dataset.busy = due ? '1' : '0';
  if (due) botTimer = setTimeout(botStep, delay);
}

function botStep() {
  if (game.turn === 'chance') { act('throw'); return; }
  botPlay(botKind);
}

// botPlay lets a bot play the player to move and keeps its time.
function botPlay(kind) {
  clearTimeout(botTimer);
  const who = game.player;
  const t0 = performance.now();
  const res = call('botMove', { handle: cur.handle, bot: kind, since: since() });
  if (res.error) { showError(res.error); document.body.dataset.busy = '0'; return; }
  metrics.botMoves.push({ bot: kind, variant: cur.variant, millis: res.millis ?? 0, wall: performance.now() - t0 });
  paused = false;
  showInfo(`${seatName(who)} (${kind}) played ${res.move}`);
  show(res);
}

function seatName(p) { return `Player ${p + 1}`; }

// ---- moving ----

function applyMove(notation) {
  act('apply', { notation });
}

function trySteps(steps) {
  const res = call('nextSteps', { handle: cur.handle, steps });
  selected = null;
  if (res.error) { showError(res.error); render(); return; }
  clearMessage();
  made = steps; next = res.next; complete = res.complete;
  if (complete && next.length === 0) { applyMove(complete); return; }
  render();
}

function myTurn() { return game.turn === 'player' && humans.has(game.player); }

function onPoint(n) {
  if (!myTurn()) { showInfo(game.turn === 'chance' ? 'Throw the dice first.' : 'It is not your turn.'); return; }
  if (selected === null) {
    if (next.some((s) => s.from === n)) { selected = n; clearMessage(); render(); return; }
    showInfo(next.length ? `No stone can move from ${placeName(n)} now; the highlighted ones can.` : 'No stone can move now.');
    return;
  }
  if (n === selected) { selected = null; render(); return; }
  const c = next.filter((s) => s.from === selected && s.to === n);
  trySteps([...made, { from: selected, to: n, die: c.length ? c[0].die : 0 }]);
}

function onField(id) {
  if (!myTurn()) { showInfo(game.turn === 'chance' ? 'Throw the dice first.' : 'It is not your turn.'); return; }
  trySteps([{ from: 0, to: 0, field: id }]);
}

function placeName(n) { return n === 0 ? (game.waiting || 'bar') : n === 25 ? 'off' : String(n); }

// ---- drawing ----

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function render() {
  const b = document.body;
  b.dataset.turn = game.turn;
  b.dataset.player = String(game.player);
  b.dataset.length = String(cur.length);
  b.dataset.variant = cur.variant;
  b.dataset.steps = String(made.length);
  $('#position-id').textContent = game.id;
  $('#board').dataset.game = cur.variant;
  if (cur.variant === 'festung') drawPlan(); else drawRace();
  renderStatus();
  renderControls();
  renderScores();
  renderLegal();
  renderEvents();
}

function renderStatus() {
  let s;
  if (game.turn === 'over') {
    s = typeof game.winner === 'number' ? `Game over — ${seatName(game.winner)} wins` : 'Game over';
    s += ` (returns ${game.returns.join(' : ')})`;
  } else if (game.turn === 'chance') {
    const p = throwSeat();
    s = p < 0 ? 'Draw for the start: throw the dice' : `${seatName(p)} to throw`;
  } else {
    const d = diceOf();
    s = `${seatName(game.player)} to ${game.phase === 'decide' || cur.variant === 'festung' ? 'decide' : 'play'}${d.length ? ' ' + diceText(d) : ''}`;
  }
  if (game.turn !== 'over' && isBot(game.turn === 'player' ? game.player : throwSeat())) {
    s += paused ? ' (bot, waiting: press Throw or Bot plays)' : ' (bot)';
  }
  const own = game[cur.variant];
  if (cur.variant === 'toccateglio' && own && game.rules?.partien > 1) s += ` — Partie ${Math.min(own.partien + 1, game.rules.partien)} of ${game.rules.partien}`;
  $('#status').textContent = s;
  $('#status').dataset.turn = game.turn;
  const d = diceOf();
  $('#dice').textContent = d.map((n) => '⚀⚁⚂⚃⚄⚅'[n - 1] || n).join(' ');
  $('#dice').dataset.dice = d.join(',');
}

// diceText writes a throw as the notation does: 6-2, or 5/1-6 with the
// large die first.
function diceText(d) {
  return d.length === 3 ? `${d[0]}/${d[1]}-${d[2]}` : d.join('-');
}

// diceOf returns the numbers of the throw being played.
function diceOf() {
  if (Array.isArray(game.dice)) return game.dice.filter((n) => n > 0);
  if (game.throw) return [game.throw.large, ...game.throw.small];
  return [];
}

function renderControls() {
  const chance = game.turn === 'chance';
  const manual = diceMode === 'manual';
  $('#throw').hidden = manual;
  // After an undo the bots wait; the throw button then throws for a bot too.
  $('#throw').disabled = !chance || (isBot(throwSeat()) && !paused);
  $('#manual').hidden = !manual;
  $('#enter-dice').disabled = !chance;
  const dec = $('#decisions');
  dec.replaceChildren();
  if (myTurn()) {
    for (const l of game.legal) {
      if (l.kind === 'play' || l.kind === 'throw' || (l.kind === 'decision' && l.field)) continue;
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'decision';
      btn.dataset.move = l.notation;
      btn.textContent = { pass: 'Pass', concede: 'Concede…', 'go-on': 'Go on', afresh: 'Start afresh' }[l.notation] || l.notation;
      if (l.kind === 'concede') btn.title = 'give the game up';
      if (l.decision === 'go-on') btn.title = 'go on playing this Partie';
      if (l.decision === 'afresh') btn.title = 'start the next Partie afresh';
      dec.append(btn);
    }
  }
  $('#confirm').hidden = !confirmMove;
  $('#finish').hidden = !complete || next.length === 0;
  $('#clear-steps').hidden = made.length === 0;
  $('#undo').disabled = !cur.canUndo;
  $('#redo').disabled = !cur.canRedo;
  $('#takeback').disabled = !cur.canUndo;
  $('#hint').disabled = game.turn !== 'player';
  $('#bot-move').disabled = game.turn !== 'player';
  $('#save-record').disabled = !cur.hasRecord;
}

function renderScores() {
  const t = $('#scores');
  t.replaceChildren();
  const row = (cells, th) => {
    const tr = document.createElement('tr');
    for (const c of cells) {
      const td = document.createElement(th ? 'th' : 'td');
      td.textContent = c;
      tr.append(td);
    }
    t.append(tr);
    return tr;
  };
  const turnSeat = game.turn === 'player' ? game.player : throwSeat();
  if (cur.variant === 'festung') {
    row(['', 'balance', 'bought', 'Pasches', 'return'], true);
    for (const s of game.seats) {
      const tr = row([seatName(s.seat) + (humans.has(s.seat) ? '' : ' (bot)'), s.balance, s.bought, s.pasches, s.return]);
      tr.dataset.seat = s.seat;
      swatch(tr.firstChild, s.seat);
      if (s.seat === turnSeat) tr.className = 'turn';
    }
    return;
  }
  const r = raceView();
  const own = game[cur.variant] || {};
  row(['', 'pips', r.waiting, 'board', 'off', cur.variant === 'toccateglio' ? 'marks' : 'Junker', 'score'], true);
  for (const s of r.sides) {
    const extra = cur.variant === 'toccateglio' ? (own.marks?.[s.seat] ?? '') : (own.junker?.[s.seat] ? 'yes' : '');
    const tr = row([seatName(s.seat) + (humans.has(s.seat) ? '' : ' (bot)'), s.pips, s.waiting, s.onBoard, s.borneOff, extra, s.score]);
    tr.dataset.seat = s.seat;
    swatch(tr.firstChild, s.seat);
    if (s.seat === turnSeat) tr.className = 'turn';
  }
}

// swatch puts a disc of the seat's colour before a cell's text.
function swatch(td, seat) {
  const sp = document.createElement('span');
  sp.className = 'swatch';
  sp.style.background = seatColours[seat];
  td.prepend(sp);
}

function renderLegal() {
  const ol = $('#legal');
  ol.replaceChildren();
  if (game.turn !== 'player') return;
  const max = 60;
  for (const l of game.legal.slice(0, max)) {
    const li = document.createElement('li');
    li.textContent = l.notation;
    li.dataset.move = l.notation;
    li.title = l.steps ? l.steps.map(stepText).join(', ') : l.kind;
    ol.append(li);
  }
  if (game.legal.length > max) {
    const li = document.createElement('li');
    li.textContent = `… and ${game.legal.length - max} more`;
    ol.append(li);
  }
  if (!metrics.firstLegal) metrics.firstLegal = performance.now();
}

function stepText(s) {
  if (s.field) return `field ${s.field}`;
  return `${placeName(s.from)}→${placeName(s.to)} (${s.die})`;
}

// ruleText returns the text of a rule by its ID, asked for once ("rule"):
// the log's events name their rules by ID only.
const rules = new Map();
function ruleText(id) {
  if (!id) return null;
  if (!rules.has(id)) {
    const r = call('rule', { id });
    rules.set(id, r.error ? null : r);
  }
  return rules.get(id);
}

function renderEvents() {
  const ol = $('#events');
  const keep = ol.querySelectorAll('li').length;
  // Only the entries that changed are drawn again: long games have
  // hundreds of them.
  const items = [...ol.children];
  let same = 0;
  while (same < Math.min(items.length, log.length) && items[same].dataset.key === key(log[same])) same++;
  for (const li of items.slice(same)) li.remove();
  for (const e of log.slice(same)) {
    const li = document.createElement('li');
    li.dataset.key = key(e);
    li.dataset.index = e.index;
    const head = document.createElement('b');
    head.textContent = e.notation;
    li.append(head);
    for (const ev of e.events) {
      const span = document.createElement('span');
      span.className = 'ev';
      span.textContent = ev.text;
      const rule = ruleText(ev.event.rule);
      if (rule) {
        span.title = `${rule.id} — ${rule.title}: ${rule.text}`;
        span.dataset.rule = rule.id;
      }
      li.append(span);
    }
    ol.append(li);
  }
  if (log.length !== keep) ol.scrollTop = ol.scrollHeight;
}

function key(e) { return `${e.index}:${e.notation}`; }

// ---- the race board ----

// raceView reads the board of a race game from its JSON: the version-2
// keys (points, sides, waiting).
function raceView() {
  return { points: game.points, sides: game.sides, waiting: game.waiting || 'bar' };
}

// geometry of the race board: points 13…24 along the top from left to
// right, 12…1 along the bottom, the bar in the middle, the tray of borne-off
// stones on the right.
const W = 50, LEFT = 40, BAR = 340, BARW = 40, TOP = 20, BOTTOM = 540, DEPTH = 220, TRAY = 700;

function pointX(n) {
  const i = n >= 13 ? n - 13 : 12 - n; // 0…11 from the left
  return LEFT + i * W + (i >= 6 ? BARW : 0);
}

function drawRace() {
  const svg = $('#board');
  svg.replaceChildren();
  const r = raceView();
  el('rect', { x: 20, y: TOP, width: 660, height: BOTTOM - TOP, fill: '#e9dcc0', rx: 4 }, svg);
  // home quarters
  for (const s of [0, 1]) {
    const pts = r.points.filter((p) => p.home === s).map((p) => p.point);
    if (!pts.length) continue;
    const xs = pts.map(pointX);
    const top = pts[0] >= 13;
    el('rect', { class: `home${s}`, x: Math.min(...xs), y: top ? TOP : BOTTOM - DEPTH - 20, width: Math.max(...xs) - Math.min(...xs) + W, height: DEPTH + 20 }, svg);
  }
  const sources = new Set(selected === null ? next.map((s) => s.from) : []);
  const targets = new Set(selected === null ? [] : next.filter((s) => s.from === selected).map((s) => s.to));
  const shown = afterSteps(r);
  for (const p of r.points) {
    const n = p.point, x = pointX(n), top = n >= 13;
    const g = el('g', { class: 'point', 'data-point': n }, svg);
    if (sources.has(n)) g.classList.add('source');
    if (targets.has(n)) g.classList.add('target');
    if (selected === n) g.classList.add('selected');
    const base = top ? TOP : BOTTOM, tip = top ? TOP + DEPTH : BOTTOM - DEPTH;
    el('rect', { class: 'hit', x, y: top ? TOP : BOTTOM - DEPTH - 20, width: W, height: DEPTH + 20 }, g);
    el('polygon', { points: `${x},${base} ${x + W},${base} ${x + W / 2},${tip}`, fill: n % 2 ? '#a0522d' : '#deb887' }, g);
    const label = el('text', { class: 'label', x: x + W / 2, y: top ? 13 : 553 }, svg);
    label.textContent = n;
    const title = el('title', {}, g);
    title.textContent = `point ${n} (Player 1's ${p.track[0]}, Player 2's ${p.track[1]})` + (p.hucke >= 0 ? ` — ${seatName(p.hucke)}'s Hucke` : '');
    if (p.hucke >= 0) {
      // the Hucke: a tag in its owner's colour beside the number
      const hk = el('g', { class: 'hucke', 'data-hucke': p.hucke }, svg);
      el('circle', { cx: x + W / 2 + 17, cy: top ? 12 : 552, r: 7, fill: seatColours[p.hucke], stroke: '#000', 'stroke-width': .6 }, hk);
      const h = el('text', { x: x + W / 2 + 17, y: top ? 12 : 552, fill: p.hucke ? '#fff' : '#000', 'dominant-baseline': 'central' }, hk);
      h.textContent = 'H';
    }
    const st = shown.points[n];
    drawStack(g, x + W / 2, top ? TOP + 20 : BOTTOM - 20, top ? 1 : -1, st.owner, st.count);
  }
  // the bar: stones waiting to enter
  const bar = el('g', { class: 'bar', 'data-point': 0 }, svg);
  if (sources.has(0)) bar.classList.add('source');
  if (selected === 0) bar.classList.add('selected');
  el('rect', { x: BAR, y: TOP, width: BARW, height: BOTTOM - TOP }, bar);
  el('title', {}, bar).textContent = r.waiting;
  for (const s of [0, 1]) {
    if (shown.waiting[s]) drawStack(bar, BAR + BARW / 2, s === 0 ? 330 : 230, s === 0 ? 1 : -1, s, shown.waiting[s]);
  }
  // the tray: borne-off stones
  const tray = el('g', { class: 'tray', 'data-point': 25 }, svg);
  if (targets.has(25)) tray.classList.add('target');
  el('rect', { x: TRAY, y: TOP, width: 80, height: BOTTOM - TOP, rx: 4 }, tray);
  el('title', {}, tray).textContent = 'borne off';
  for (const s of [0, 1]) {
    const n = shown.off[s];
    for (let i = 0; i < n; i++) {
      el('rect', { class: `stone s${s}`, x: TRAY + 10, y: s === 0 ? BOTTOM - 12 - i * 10 : TOP + 4 + i * 10, width: 60, height: 8 }, tray);
    }
    const t = el('text', { class: `count s${s === 0 ? 1 : 0}`, x: TRAY + 40, y: s === 0 ? BOTTOM - 180 : TOP + 180 }, tray);
    t.textContent = n ? `${n} off` : '';
  }
  drawDice(svg, diceOf(), 520, 280);
}

// afterSteps returns the stones as they stand after the steps made so far
// in this turn, which the library has not played yet.
function afterSteps(r) {
  const points = {};
  for (const p of r.points) points[p.point] = { owner: p.owner, count: p.count };
  const waiting = r.sides.map((s) => s.waiting), off = r.sides.map((s) => s.borneOff);
  const me = game.player;
  for (const s of made) {
    if (s.from === 0) waiting[me]--;
    else if (--points[s.from].count === 0) points[s.from].owner = -1;
    if (s.to === 25) { off[me]++; continue; }
    const q = points[s.to];
    if (q.owner >= 0 && q.owner !== me) { waiting[q.owner] += q.count; q.count = 0; }
    q.owner = me; q.count++;
  }
  return { points, waiting, off };
}

function drawStack(parent, cx, y0, dir, owner, count) {
  if (count <= 0 || owner < 0) return;
  const shown = Math.min(count, 5);
  for (let i = 0; i < shown; i++) {
    el('circle', { class: `stone s${owner}`, cx, cy: y0 + dir * i * 40, r: 19 }, parent);
  }
  if (count > 5) {
    const t = el('text', { class: `count s${owner}`, x: cx, y: y0 + dir * 4 * 40 }, parent);
    t.textContent = count;
  }
}

function drawDice(svg, dice, x, y, vertical) {
  const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
  dice.forEach((d, i) => {
    const g = el('g', { class: 'dice', 'data-die': d }, svg);
    const size = i === 0 && dice.length === 3 ? 40 : 32;
    const dx = vertical ? x : x + i * 46, dy = vertical ? y + i * 46 : y;
    el('rect', { class: 'die', x: dx - size / 2, y: dy - size / 2, width: size, height: size, rx: 5 }, g);
    for (const [px, py] of pips[d] || []) el('circle', { class: 'pip', cx: dx + px * size / 4, cy: dy + py * size / 4, r: size / 12 }, g);
  });
}

// ---- the fortress plan ----

const CX = 400, CY = 280;
const FORTS = { 1: [140, 110], 2: [660, 110], 3: [660, 450], 4: [140, 450] };
const BATTERIES = { 9: [400, 45, 0, 1], 10: [755, 280, -1, 0], 11: [400, 515, 0, -1], 12: [45, 280, 1, 0] };
const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

// planLayout places the fields on the drawing: where the JSON gives a
// layout (a square of layout.width × layout.height units, each field's x and
// y its centre, fields layout.fieldSize across), scaled into the picture's
// height and centred; else by the page's own drawing from each field's kind,
// number, fortress, twin and line. It returns the positions and the size of
// a field in the picture.
function planLayout() {
  const lay = game.layout;
  if (lay && lay.width > 0 && lay.height > 0 && game.fields.every((f) => typeof f.x === 'number' && typeof f.y === 'number')) {
    const scale = 540 / Math.max(lay.width, lay.height);
    const x0 = (800 - lay.width * scale) / 2, y0 = (560 - lay.height * scale) / 2;
    const pos = new Map(game.fields.map((f) => [f.id, [x0 + f.x * scale, y0 + f.y * scale]]));
    return { pos, size: (lay.fieldSize || 5) * scale, own: false };
  }
  const pos = new Map();
  for (const f of game.fields) pos.set(f.id, ownPos(f));
  return { pos, size: 28, own: true };
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

// drawPlan draws the fortress plan: the fields by kind, the markers, each
// seat's fortress and Pasch squares, the fields on offer ringed.
function drawPlan() {
  const svg = $('#board');
  svg.replaceChildren();
  el('rect', { x: 0, y: 0, width: 800, height: 560, fill: '#d9c9a3' }, svg);
  const { pos, size, own } = planLayout();
  // walls from each fortress to the centre
  const fort = (n) => pos.get(game.fields.find((f) => f.kind === 'fortress' && f.number === n).id);
  for (const k of [1, 2, 3, 4]) {
    const [x1, y1] = fort(k), [x2, y2] = fort(5);
    el('line', { class: 'wall', x1, y1, x2, y2 }, svg);
  }
  const offered = new Set(game.turn === 'player' ? next.map((s) => s.field) : []);
  for (const f of game.fields) {
    const [x, y] = pos.get(f.id);
    const g = el('g', { class: `field ${f.kind}`, 'data-field': f.name, 'data-id': f.id, 'data-marker': f.marker ? 1 : 0 }, svg);
    if (offered.has(f.id)) g.classList.add('target');
    const half = own ? (f.kind === 'fortress' ? 26 : f.kind === 'battery' ? 17 : 14)
      : (f.kind === 'fortress' ? 0.62 : 0.5) * size;
    if (f.kind === 'battery' || f.kind === 'fortress') {
      el('rect', { class: 'body', x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: 3 }, g);
    } else {
      el('circle', { class: 'body', cx: x, cy: y, r: half }, g);
    }
    if (f.marker) el('circle', { class: 'marker', cx: x, cy: y - half * 0.25, r: half * 0.4 }, g);
    const t = el('text', { x, y: f.marker ? y + half * 0.55 : y }, g);
    t.textContent = fieldLabel(f);
    el('title', {}, g).textContent = `${f.name} — ${f.kind}${f.marker ? ', a marker' : ', empty'}`;
    (f.squares || []).forEach((p, i) => {
      const sq = el('g', { class: 'square', 'data-seat': p }, svg);
      el('rect', { x: x - half + i * 15, y: y - half - 15, width: 14, height: 14, fill: seatColours[p] }, sq);
      const tx = el('text', { x: x - half + i * 15 + 7, y: y - half - 8, fill: p === 0 ? '#000' : '#fff' }, sq);
      tx.textContent = p + 1;
    });
  }
  if (own) drawDice(svg, diceOf(), 250, 40);
  else drawDice(svg, diceOf(), 60, 40, true);
}

function fieldLabel(f) {
  switch (f.kind) {
    case 'outerWork': return ROMAN[f.number] + (f.twin ? '′' : '');
    case 'lineField': return String(f.number);
    case 'schanze': return ROMAN[f.number];
    case 'battery': return String(f.number);
    case 'fortress': return `F${f.number}`;
    case 'paschField': return `P${f.number}`;
  }
  return f.name;
}

// ---- wiring ----

function wire() {
  $('#new-game').addEventListener('click', newGame);
  $('#board').addEventListener('click', (ev) => {
    const p = ev.target.closest('[data-point]');
    if (p) { onPoint(Number(p.dataset.point)); return; }
    const f = ev.target.closest('[data-field]');
    if (f) onField(Number(f.dataset.id));
  });
  // Dragging a stone: pressed on a stone that may move, let go over its
  // target. A press and a release on the same point are a click instead.
  let dragFrom = null;
  $('#board').addEventListener('pointerdown', (ev) => {
    const p = ev.target.closest('[data-point]');
    dragFrom = p && selected === null && next.some((s) => s.from === Number(p.dataset.point)) ? Number(p.dataset.point) : null;
  });
  $('#board').addEventListener('pointerup', (ev) => {
    const from = dragFrom;
    dragFrom = null;
    const p = document.elementFromPoint(ev.clientX, ev.clientY)?.closest('[data-point]');
    if (from === null || !p || Number(p.dataset.point) === from) return;
    selected = from;
    onPoint(Number(p.dataset.point));
  });
  $('#throw').addEventListener('click', () => act('throw'));
  $('#enter-dice').addEventListener('click', () => {
    const dice = $('#manual-dice').value.split(/[^0-9]+/).filter(Boolean).map(Number);
    if (act('throwManual', { dice }).error === undefined) $('#manual-dice').value = '';
  });
  $('#decisions').addEventListener('click', (ev) => {
    const b = ev.target.closest('[data-move]');
    if (!b) return;
    const l = game.legal.find((x) => x.notation === b.dataset.move);
    if (l && l.kind === 'concede') { confirmMove = l.notation; renderControls(); return; }
    applyMove(b.dataset.move);
  });
  $('#confirm-yes').addEventListener('click', () => { const m = confirmMove; confirmMove = ''; applyMove(m); });
  $('#confirm-no').addEventListener('click', () => { confirmMove = ''; renderControls(); });
  $('#finish').addEventListener('click', () => applyMove(complete));
  $('#clear-steps').addEventListener('click', () => { show(call('state', { handle: cur.handle, since: since() })); });
  $('#legal').addEventListener('click', (ev) => {
    const li = ev.target.closest('[data-move]');
    if (li) applyMove(li.dataset.move);
  });
  const back = (method) => {
    clearTimeout(botTimer);
    const res = call(method, { handle: cur.handle, since: since() });
    if (res.error) { showError(res.error); return; }
    paused = true; // the bots wait until a person moves again
    clearMessage();
    show(res);
  };
  $('#undo').addEventListener('click', () => back('undo'));
  $('#redo').addEventListener('click', () => back('redo'));
  $('#takeback').addEventListener('click', () => back('takeback'));
  $('#hint').addEventListener('click', () => {
    const res = call('hint', { handle: cur.handle });
    if (res.error) { showError(res.error); return; }
    $('#hints').replaceChildren(...res.hints.map((h) => {
      const li = document.createElement('li');
      li.textContent = `${h.notation} — ${h.reason}`;
      return li;
    }));
  });
  $('#bot-move').addEventListener('click', () => botPlay(botKind === 'hot-seat' ? 'greedy' : botKind));
  $('#copy-id').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(game.id); showInfo('Position ID copied.'); } catch {
      const r = document.createRange();
      r.selectNodeContents($('#position-id'));
      getSelection().removeAllRanges();
      getSelection().addRange(r);
      showInfo('Position ID selected: copy it with Ctrl+C.');
    }
  });
  $('#load-id').addEventListener('click', () => load(call('loadID', { id: $('#load-id-text').value, seed: $('#seed').value.trim() || '0' })));
  $('#save-record').addEventListener('click', () => {
    const res = call('saveRecord', { handle: cur.handle });
    if (res.error) { showError(res.error); return; }
    $('#record-text').value = res.text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([res.text], { type: 'text/plain' }));
    a.download = `brettspiel-${cur.variant}.txt`;
    a.click();
    URL.revokeObjectURL(a.href);
    showInfo('Record saved.');
  });
  $('#record-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (f) $('#record-text').value = await f.text();
  });
  $('#load-record').addEventListener('click', () => load(call('loadRecord', { text: $('#record-text').value, seed: $('#seed').value.trim() || '0' })));
}

// load shows a game loaded from a record or an ID; the seats keep their
// people and bots, and the bots wait until a person moves.
function load(res) {
  if (res.error) { showError(res.error); return; }
  if (cur) call('close', { handle: cur.handle });
  log = [];
  paused = true;
  if (botKind === 'hot-seat' || humans.size >= res.players) humans = new Set([...Array(res.players).keys()]);
  showInfo(`Loaded ${res.variant}${res.preset ? ' (' + res.preset + ')' : ''} after ${res.length} steps.`);
  show(res);
}

async function main() {
  try {
    await loadWasm();
  } catch (e) {
    $('#loading').textContent = `The WebAssembly did not load: ${e}`;
    return;
  }
  catalogue = call('games').games;
  fillChooser();
  wire();
  if (params.get('id')) {
    // a link to a position: ?id=… (the seats as the chooser says)
    botKind = $('#opponent').value;
    diceMode = $('#dice-mode').value;
    humans = new Set([0]);
    load(call('loadID', { id: params.get('id'), seed: $('#seed').value.trim() || '0' }));
    if (!cur) newGame();
  } else {
    newGame();
  }
  $('#loading').textContent = '';
  document.body.dataset.ready = '1';
}

main();
