// The page: a game chooser, a board drawn in SVG from the game's JSON
// (version 2), input one step at a time through the library's nextSteps,
// bots, undo, records and position IDs. Everything the rules decide is asked
// of the library, compiled to WebAssembly (see the wasm folder); this file
// only draws and forwards clicks and keys. The page's own words, in English
// and German, are in i18n.js.

import { words, chooseLanguage } from './i18n.js';
import { setupReview, renderReview, resetReview, decisionAt } from './review.js';

const $ = (s) => document.querySelector(s);
const SVG = 'http://www.w3.org/2000/svg';
const params = new URLSearchParams(location.search);
// The pause before a bot moves, so that a person sees each move; ?delay=0
// plays at once (the tests use it).
const delay = params.has('delay') ? Number(params.get('delay')) : 400;
// autoThrow: the page throws a person's dice by itself, a throw offering
// no choice in these games (the setting is remembered on this browser;
// ?autothrow=0 or 1 sets it for one visit without keeping it).
let autoThrow = params.has('autothrow') ? params.get('autothrow') !== '0' : storedSetting('brettspiel-autothrow', '1') === '1';

// tutorLevel: after a person's play that loses more than the level
// allows, the tutor says what it cost and offers to take it back (off,
// mild or strict; remembered as the automatic throw is, ?tutor= for one
// visit).
let tutorLevel = params.get('tutor') || storedSetting('brettspiel-tutor', 'off');
// The tutor's levels: the amount a play may lose before it speaks is the
// analysis's (its answer's scale.strict or scale.mild, in the game's
// unit): strict speaks of small slips, mild of clear mistakes only.
const tutorLevels = ['mild', 'strict'];
// tutorSaid is the tutor's last word while it is shown: the game's length
// before the play it judged (to take it back to) and the better play.
let tutorSaid = null;

function storedSetting(key, otherwise) {
  try { return localStorage.getItem(key) ?? otherwise; } catch { return otherwise; }
}

// Figures the page measures (times in ms since the page began to load:
// the WebAssembly running, the first state shown, the first list of legal
// plays shown; each bot's move); the end-to-end tests read them.
const metrics = { wasmReady: 0, firstState: 0, firstLegal: 0, botMoves: [], calls: 0, callMillis: 0 };
globalThis.brettspielMetrics = metrics;

const seatColours = ['#f4ecd8', '#3b2a20', '#c0392b', '#2e6db4', '#3c9a48', '#8e44ad'];

let catalogue = [];     // the games with their presets
let levels = [];        // the bots of the registry, each with the games it is made for
let settings = {};      // the rules a game may be played with beside its preset, by game
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
// viewing is set while the review shows the position before an earlier
// step (index): the game's own length and pause to return to. The page is
// read-only then.
let viewing = null;

// ---- words ----

let lang = chooseLanguage(params);
// langView is true when the session takes "lang" (the sentences of the
// events in the page's language); probed once after the start.
let langView = false;
const tr = (key, ...a) => {
  const v = words[lang][key] ?? words.en[key];
  return typeof v === 'function' ? v(...a) : v;
};

// translatePage writes the page's fixed labels in the chosen language.
function translatePage() {
  document.documentElement.lang = lang;
  $('#lang').value = lang;
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = tr(e.dataset.i18n);
  $('#seed').title = tr('seedTitle');
  $('#undo').title = tr('undoTitle') + tr('keyIs', tr('keys').undo);
  $('#hint').title = tr('hintTitle') + tr('keyIs', tr('keys').hint);
  $('#throw').title = tr('keyIs', tr('keys').throw).trim();
  $('#keys-help').textContent = tr('keysHelp', tr('keys'));
  $('#auto-throw').checked = autoThrow;
  $('#tutor').value = tutorLevels.includes(tutorLevel) ? tutorLevel : 'off';
  $('#takeback').title = tr('takebackTitle');
  $('#bot-move').title = tr('botTitle');
  $('#board').setAttribute('aria-label', tr('board'));
  $('#bar').setAttribute('aria-label', tr('turn'));
  for (const [id, label] of Object.entries(tr('aria'))) document.getElementById(id).setAttribute('aria-label', label);
  $('#load-id-text').placeholder = tr('idPlaceholder');
  $('#record-text').placeholder = tr('recordPlaceholder');
}

// differs reports whether a play in the board's points reads otherwise than
// in the mover's own count; "Bar/1" and "bar/1" read alike.
function differs(board, own) { return board.toLowerCase() !== own.toLowerCase(); }

// view adds the keys every call that answers with a state takes.
function view(args) { return langView ? { ...args, lang } : args; }

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
// While the page plays a game held by a server (remote, set by the online
// layer of the game server in server/), the methods that act go to the server and
// the page shows its own copy of the game, which the server's changes keep.
function call(method, args) {
  if (remote?.acts(method)) return remote.call(method, args);
  return localCall(method, args);
}

function localCall(method, args) {
  const t0 = performance.now();
  const out = JSON.parse(globalThis.brettspiel.call(method, JSON.stringify(args ?? {})));
  metrics.calls++;
  metrics.callMillis += performance.now() - t0;
  return out;
}

// remote is the online layer while the page plays a game of a server: it
// takes the calls that act (see call), and the server moves the bots and
// throws the dice. It also knows the seats there: which are people's and
// which bots' (isBot), their players' names (seatName, seatShort, and
// named for the library's sentences), and what to say while another seat
// is to move (you, prompt). brettspielPage
// is what that layer may use of the page.
let remote = null;
globalThis.brettspielPage = {
  call: localCall, show, showError, showInfo, tr, view, lang: () => lang,
  // online shows a game of a server, played at the seats given (none: a
  // watcher); r takes the calls that act. null returns to local play.
  online(r, res, seats) {
    remote = r;
    if (!r) return;
    viewing = null;
    resetReview();
    humans = new Set(seats);
    log = [];
    paused = false;
    clearMessage();
    show(res);
  },
};

// ---- messages ----

function showError(err) {
  const m = $('#message');
  m.className = 'error';
  m.textContent = err.say || err.text || err.message;
  m.title = err.message; // the text for programmers, on hover
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
  m.removeAttribute('title');
  delete m.dataset.error;
}

function clearMessage() { showInfo(''); }

// ---- the chooser ----

function fillChooser() {
  const v = $('#variant');
  v.replaceChildren(...catalogue.map((g) => new Option(g.title, g.name)));
  v.value = params.get('variant') || 'toccateglio';
  $('#seed').value = params.get('seed') || String(Math.floor(Math.random() * 1e9));
  if (params.get('dice')) $('#dice-mode').value = params.get('dice');
  fillPresets();
  if (params.get('opponent')) $('#opponent').value = params.get('opponent');
  if (params.get('preset')) $('#preset').value = params.get('preset');
  if (params.get('players')) $('#players').value = params.get('players');
  // ?settings=schule=true (several by commas): the settings ticked
  const wanted = (params.get('settings') || '').split(',').filter(Boolean);
  for (const c of $('#settings').querySelectorAll('input')) c.checked = wanted.includes(c.value);
  v.addEventListener('change', fillPresets);
  $('#preset').addEventListener('change', aboutPreset);
}

// loadCatalogue asks for the games and the bots' levels with their texts in
// the page's language (a session without "lang" in games answers in English).
function loadCatalogue() {
  let res = call('games', { lang });
  if (res.error) res = call('games');
  ({ games: catalogue, levels } = res);
  settings = res.settings || {};
}

// titleOf names a state's game and preset for the player, in the page's
// language: "Toccateglio (Tokkadille 1853, 16 Steine)".
function titleOf(res) {
  const g = variantOf(res.variant);
  if (!g) return res.variant;
  const p = g.presets.find((x) => x.name === res.preset);
  return g.title + (res.preset ? ` (${p?.title || res.preset})` : '');
}

function variantOf(name) { return catalogue.find((g) => g.name === name); }

// fillOpponents offers people at every seat, or a bot of the registry made
// for the chosen game, weakest first. The Monte Carlo searcher is left out:
// its rollouts would hold the page up for seconds.
function fillOpponents() {
  const variant = $('#variant').value;
  const was = $('#opponent').value;
  const opts = [new Option(tr('hotSeat'), 'hot-seat')];
  opts[0].dataset.i18n = 'hotSeat';
  for (const l of levels) {
    if (l.name === 'search' || (l.games && !l.games.includes(variant))) continue;
    const key = `${l.name}Bot`;
    const o = new Option(words.en[key] ? tr(key) : l.name, l.name);
    if (words.en[key]) o.dataset.i18n = key;
    o.title = l.description;
    opts.push(o);
  }
  $('#opponent').replaceChildren(...opts);
  $('#opponent').value = opts.some((o) => o.value === was) ? was : 'greedy';
}

function fillPresets() {
  fillOpponents();
  const g = variantOf($('#variant').value);
  $('#preset').replaceChildren(...g.presets.map((p) => new Option(p.title || p.name, p.name)));
  const seats = [];
  for (let n = g.minPlayers; n <= g.maxPlayers; n++) seats.push(new Option(String(n), String(n)));
  $('#players').replaceChildren(...seats);
  $('#players').value = String(g.maxPlayers > 2 ? 3 : 2);
  $('#players').disabled = g.minPlayers === g.maxPlayers;
  fillSettings();
  aboutPreset();
}

// fillSettings offers the settings of the chosen game beside its preset
// (Toccateglio's Schule), each a box to tick with its description in the
// page's language; a ticked box stays ticked while the game stays.
function fillSettings() {
  const box = $('#settings');
  const ticked = new Set([...box.querySelectorAll('input:checked')].map((c) => c.value));
  const list = settings[$('#variant').value] || [];
  box.replaceChildren(...list.map((s) => {
    const label = document.createElement('label');
    label.className = 'check';
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.value = s.name;
    c.checked = ticked.has(s.name);
    const title = document.createElement('b');
    title.textContent = s.title || s.name;
    const about = document.createElement('small');
    about.textContent = s.description || '';
    label.append(c, ' ', title, ' ', about);
    return label;
  }));
  $('#settings-box').hidden = list.length === 0;
}

// chosenSettings are the settings ticked in the chooser.
function chosenSettings() {
  return [...$('#settings').querySelectorAll('input:checked')].map((c) => c.value);
}

function aboutPreset() {
  const g = variantOf($('#variant').value);
  const p = g.presets.find((x) => x.name === $('#preset').value) || g.presets[0];
  $('#preset-about').textContent = `${g.title}: ${g.description}. ${p.title || p.name}: ${p.description} (${p.source})`;
}

function newGame() {
  const players = Number($('#players').value);
  const chosen = chosenSettings();
  const res = call('newGame', view({
    variant: $('#variant').value, preset: $('#preset').value, players, seed: $('#seed').value.trim() || '0',
    ...(chosen.length ? { settings: chosen } : {}),
  }));
  if (res.error) { showError(res.error); return; }
  if (cur) call('close', { handle: cur.handle });
  viewing = null;
  hideTutor();
  resetReview();
  botKind = $('#opponent').value;
  diceMode = $('#dice-mode').value;
  humans = new Set(botKind === 'hot-seat' ? [...Array(players).keys()] : [0]);
  log = [];
  paused = false;
  focusKey = null;
  clearMessage();
  show(res);
  closeDialogs();
}

// closeDialogs closes the chooser and the rules, and the review, which
// belongs to the game that was shown.
function closeDialogs() {
  for (const d of ['#chooser-dialog', '#rules-dialog', '#review']) if ($(d).open) $(d).close();
  document.body.classList.remove('reviewing', 'peek');
}

// showRules opens the rules of the game being played over the board: the
// game's and its rules' descriptions, in the page's language.
function showRules() {
  const g = variantOf(cur?.variant || $('#variant').value);
  if (!g) return;
  const p = g.presets.find((x) => x.name === cur?.preset) || g.presets[0];
  $('#rules-title').textContent = titleOf({ variant: g.name, preset: p.name });
  const para = (text) => { const e = document.createElement('p'); e.textContent = text; return e; };
  const paras = [para(`${g.description}.`), para(`${p.title || p.name}: ${p.description}`)];
  // the settings the game is played with (the Schule: rules.schule)
  for (const s of settings[g.name] || []) {
    const [key] = s.name.split('=');
    if (cur?.variant === g.name && game?.rules?.[key]) paras.push(para(`${s.title}: ${s.description}`));
  }
  $('#rules-text').replaceChildren(...paras, para(tr('source', p.source)));
  $('#rules-dialog').showModal();
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
  if (myTurn()) {
    const n = call('nextSteps', { handle: cur.handle, steps: [] });
    if (!n.error) { next = n.next; complete = n.complete; }
  }
  focusKey = null;
  render();
  if (!metrics.firstState) metrics.firstState = performance.now();
  scheduleBots();
  return true;
}

function since() { return log.length; }

function act(method, args) {
  if (viewing) return {};
  hideTutor();
  clearTimeout(botTimer);
  paused = false;
  const res = call(method, view({ handle: cur.handle, since: since(), ...args }));
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

function isBot(seat) { return remote ? remote.isBot(seat) : seat >= 0 && !humans.has(seat); }

// watching is true for an online game followed without a seat: the page
// offers nothing that acts.
function watching() { return !!remote && humans.size === 0; }

function scheduleBots() {
  clearTimeout(botTimer);
  let due = false;
  if (viewing || remote) { document.body.dataset.busy = '0'; return; }
  if (!paused && game.turn === 'player' && isBot(game.player)) due = true;
  if (!paused && game.turn === 'chance' && diceMode === 'seeded' && isBot(throwSeat())) due = true;
  // a person's throw, thrown by the page: at once (after this drawing)
  const own = !due && !paused && autoThrow && game.turn === 'chance' && diceMode === 'seeded';
  document.body.dataset.busy = due || own ? '1' : '0';
  if (due) botTimer = setTimeout(botStep, delay);
  else if (own) botTimer = setTimeout(() => act('throw'), 0);
}

function botStep() {
  if (game.turn === 'chance') { act('throw'); return; }
  botPlay(botKind);
}

// botPlay lets a bot play the player to move and keeps its time.
function botPlay(kind) {
  if (viewing) return;
  clearTimeout(botTimer);
  const who = game.player;
  const t0 = performance.now();
  const res = call('botMove', view({ handle: cur.handle, bot: kind, since: since() }));
  if (res.error) { showError(res.error); document.body.dataset.busy = '0'; return; }
  metrics.botMoves.push({ bot: kind, variant: cur.variant, millis: res.millis ?? 0, wall: performance.now() - t0 });
  paused = false;
  const last = res.log?.length ? res.log[res.log.length - 1] : null;
  const board = last && last.notation === res.move ? boardNotation(last) : res.move;
  if (isSchuleMove(res.move) || last?.events.some((x) => x.event.kind === 'let-pass')) showInfo(tr('playedSchule', seatName(who), botName(kind), schuleName(res.move)));
  else showInfo(tr('played', seatName(who), botName(kind), board, res.move));
  show(res);
}

function seatName(p) { return remote?.seatName(p) || tr('seat', p); }

// botName is a bot's name in the page's words.
function botName(kind) {
  const k = `${kind}Bot`;
  return words.en[k] ? tr(k) : kind;
}

// ---- board points ----

// placeName names a place of the race board: a point by its number, the
// bar (or hand) and off.
function placeName(n) {
  if (n === 0) return tr(game.waiting === 'hand' ? 'hand' : 'bar');
  return n === 25 ? tr('off') : String(n);
}

// playText writes a play in the board's points, as the board is numbered:
// "13/7 8/7*", a star after a step that hits.
function playText(steps) {
  return steps.map((s) => `${placeName(s.from)}/${placeName(s.to)}${s.hit ? '*' : ''}`).join(' ');
}

// boardNotation writes a logged step in the board's points, from its
// events; a throw or a decision keeps its notation.
function boardNotation(e) {
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
  return steps.length && cur.variant !== 'festung' ? playText(steps) : e.notation;
}

// stepsText writes a play given by its steps (brettspiel.Step, with its
// flags) in the board's points.
function stepsText(steps) {
  return playText(steps.map((s) => ({ from: s.from, to: s.to, hit: (s.flags || []).includes('hit') })));
}

// legalText writes a legal move in the board's points, from its steps.
function legalText(l) {
  if (cur.variant === 'festung' || l.kind !== 'play' || !l.steps?.length) return decisionName(l);
  return stepsText(l.steps);
}

function decisionName(l) {
  if (l.kind === 'concede') return tr('concede');
  const n = l.decision || l.notation;
  if (schuleWindow()) return schuleName(n);
  return { pass: tr('pass'), 'go-on': tr('goOn'), afresh: tr('afresh') }[n] || l.fieldName || l.notation;
}

// ---- the Schule (Toccateglio's T-W5) ----

// schuleWindow is the open window of the Schule, when the players mark
// their own points and one of them is to declare or to answer: step (of
// T-W1), declarer, author (who declared or claimed what is in question;
// -1 while the declaration is due). The state never says what was due.
function schuleWindow() {
  if (cur?.variant !== 'toccateglio' || game?.turn !== 'player') return null;
  return game.toccateglio?.schule || null;
}

// schuleName writes a move of the Schule in the page's words: "Mark 3",
// "Let it stand", "Mark right!", "School: 2"; anything else as it is.
function schuleName(n) {
  let m;
  if ((m = /^mark (\d+)$/.exec(n))) return tr('markN', Number(m[1]));
  if ((m = /^schule (\d+)$/.exec(n))) return tr('schoolN', Number(m[1]));
  if (n === 'pass') return tr('letPass');
  if (n === 'right') return tr('markRight');
  return n;
}

// moveName names a move that is no play of stones in the page's words (the
// Schule's, a pass, going on, a concession), any other by its notation.
function moveName(n) {
  if (isSchuleMove(n)) return schuleName(n);
  return { pass: tr('pass'), 'go-on': tr('goOn'), afresh: tr('afresh'), concede: tr('concede').replace('…', '') }[n] || n;
}

function isSchuleMove(n) { return /^(mark \d+|schule \d+|right)$/.test(n); }

// schuleQuestion is what the window asks the player to move, with the
// rule it is asked by: how many points to mark (T-W5a), or whether to let
// the other's declaration or claim stand (T-W5b, T-W5c).
function schuleQuestion(w) {
  if (w.author < 0) return { text: tr('pDeclare', tr('schuleFor', w.step, seatName(w.mover), true)), more: tr('pDeclareMore'), rule: 'T-W5a' };
  const what = tr('schuleFor', w.step, seatName(w.mover), false);
  // the declaration or claim in question: the last of the log
  let last = null;
  for (let i = log.length - 1; i >= 0 && !last; i--) {
    last = log[i].events.map((x) => x.event).find((ev) => ev.kind === 'declare' || ev.kind === 'schule') || null;
  }
  if (last?.kind === 'schule') return { text: tr('pAnswerClaim', seatName(w.author), last.amount), more: tr('pClaimMore'), rule: 'T-W5b' };
  return { text: tr('pAnswerDeclared', seatName(w.author), last ? last.amount : 0, what), more: tr('pAnswerMore'), rule: 'T-W5c' };
}

// schuleControls are the buttons of the Schule's decisions: at a
// declaration the numbers 0…12 in a row, at an answer Let it stand, Mark
// right! and To school for 1…12; each with the rule's ID one tap away.
function schuleControls(w, dec, had) {
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
  const legal = game.legal.filter((l) => l.kind === 'decision');
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

// ---- moving ----

function applyMove(notation) {
  openWhat = 0;
  const judge = game.legal?.some((l) => l.notation === notation && l.kind !== 'concede') ? tutorJudge() : null;
  const before = cur.length;
  const res = act('apply', { notation });
  if (judge && !res.error && cur.length > before) tutorSpeaks(judge, before);
}

// ---- the tutor ----

// tutorJudge tells, before a person's play, whether the tutor is to judge
// it: not when it is off, at the Schule's decisions (its word would tell
// what was due), or when there is no choice; a concession is no play to
// judge. It keeps the legal moves, to
// name and light the better one in the board's points.
function tutorJudge() {
  hideTutor();
  if (!tutorLevels.includes(tutorLevel) || !myTurn() || schuleWindow() || game.legal.length < 2) return null;
  return { legal: game.legal, level: tutorLevel };
}

// tutorSpeaks judges the play just made (step index before) as the review
// does ("analyze": the learned net a ply deep in the race games, the exact
// values of the Festungsspiel's choices). When it lost more than the
// level allows (the answer's scale.strict or scale.mild), it says what it
// cost in the game's unit and why, lights the better play on the board
// and offers to take the play back; the bots wait.
function tutorSpeaks(judge, before) {
  const res = call('analyze', view({ handle: cur.handle, from: before, count: 1 }));
  const d = res.error ? null : res.steps?.[0]?.decision;
  const amount = res.scale?.[judge.level];
  if (!d || d.choices < 2 || typeof amount !== 'number' || !(d.loss > amount)) return;
  const l = judge.legal.find((x) => x.notation === d.bestNotation);
  const points = new Set();
  for (const s of d.bestSteps || l?.steps || []) { points.add(s.from); points.add(s.to); }
  tutorSaid = { before, points, field: l?.field ?? null };
  paused = true;
  scheduleBots(); // the bots, and the page's own throws, wait: none due
  const cost = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(d.loss);
  const unit = tr('units')[{ toccateglio: 'strokes', verkehren: 'points', festung: 'markers' }[cur.variant]] || '';
  // and why: what differs from the better play, in the page's language
  // (the decision's "why", package analysis's Why)
  const why = d.why ? ` ${d.why}` : '';
  $('#tutor-text').textContent = tr('tutorSays', cur.variant === 'festung', cost, unit, l ? legalText(l) : d.bestNotation) + why;
  $('#tutor-box').hidden = false;
  render();
  $('#tutor-takeback').focus();
}

// boardMarks returns what lights a point (or field) of the board beside
// the move in hand: the tutor's better play ("better"), or, at a decision
// the review shows, the play made ("played") and the best play ("better").
// Points are the board's; the Festungsspiel's choices are fields.
function boardMarks() {
  const better = new Set();
  const played = new Set();
  const add = (set, steps) => { for (const x of steps || []) { set.add(x.from); set.add(x.to); } };
  const fieldOf = (notation) => game.legal?.find((l) => l.notation === notation)?.field;
  if (tutorSaid) {
    for (const p of tutorSaid.points) better.add(p);
    if (tutorSaid.field != null) better.add(tutorSaid.field);
  } else if (viewing) {
    const d = decisionAt(viewing.index)?.decision;
    if (d) {
      const race = cur.variant !== 'festung';
      if (race) { add(played, d.playedSteps); add(better, d.bestSteps); } else {
        played.add(fieldOf(decisionAt(viewing.index).notation));
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
function hideTutor() {
  if (!tutorSaid) return;
  tutorSaid = null;
  $('#tutor-box').hidden = true;
}

// tutorTakeBack undoes the judged play (and whatever followed it) step by
// step, as Undo does, to the position before it.
function tutorTakeBack() {
  if (!tutorSaid || viewing) return;
  const { before } = tutorSaid;
  hideTutor();
  clearTimeout(botTimer);
  if (!walkTo(before)) return;
  paused = true;
  log = [];
  clearMessage();
  show(call('state', view({ handle: cur.handle, since: 0 })));
}

function trySteps(steps) {
  if (viewing) return;
  const res = call('nextSteps', { handle: cur.handle, steps });
  selected = null;
  if (res.error) { showError(res.error); render(); return; }
  clearMessage();
  made = steps; next = res.next; complete = res.complete;
  if (complete && next.length === 0) { applyMove(complete); return; }
  focusKey = null;
  render();
}

// viewingText says how to leave an earlier position the review shows, by
// the button in sight: Back to the game beside the review, or on a phone,
// where the position is shown without the review, Back to the review.
function viewingText() {
  return tr(document.body.classList.contains('peek') ? 'pViewingPeek' : 'pViewing');
}

function myTurn() { return !viewing && game.turn === 'player' && humans.has(game.player); }

// notNow says why a click on the board does nothing now.
function notNow() {
  if (viewing) return viewingText();
  if (remote) return remote.prompt(game, false) || tr('notYourTurn');
  return game.turn === 'chance' ? tr('throwFirst') : tr('notYourTurn');
}

function onPoint(n) {
  if (!myTurn()) { showInfo(notNow()); return; }
  if (selected === null) {
    if (next.some((s) => s.from === n)) {
      clearMessage();
      const t = next.find((s) => s.from === n);
      focusKey = `p${t.to}`;
      // a stone with one target goes there at once: a second tap would
      // only confirm what no other choice could change
      if (targetsFrom(n) === 1) { trySteps([...made, { from: n, to: t.to, die: t.die }]); return; }
      selected = n;
      render();
      return;
    }
    showInfo(next.length ? tr('noStoneFrom', placeName(n)) : tr('noStone'));
    return;
  }
  if (n === selected) { selected = null; focusKey = `p${n}`; render(); return; }
  const c = next.filter((s) => s.from === selected && s.to === n);
  trySteps([...made, { from: selected, to: n, die: c.length ? c[0].die : 0 }]);
}

// targetsFrom counts the points a stone on n may go to by the next step.
function targetsFrom(n) {
  return new Set(next.filter((s) => s.from === n).map((s) => s.to)).size;
}

function onField(id) {
  if (!myTurn()) { showInfo(notNow()); return; }
  trySteps([{ from: 0, to: 0, field: id }]);
}

// ---- drawing ----

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// phone is true on a narrow screen: the race board stands upright, the
// plan is cut to its square, the extras are folded away.
const narrow = matchMedia('(max-width: 640px)');
function phone() { return narrow.matches; }

function render() {
  const b = document.body;
  b.dataset.turn = game.turn;
  b.dataset.player = String(game.player);
  b.dataset.length = String(cur.length);
  b.dataset.variant = cur.variant;
  b.dataset.steps = String(made.length);
  b.dataset.viewing = viewing ? String(viewing.index) : '';
  // a state of an open window of the Schule has no ID: it would tell
  // what was due
  $('#position-id').textContent = game.id || '—';
  $('#position-id').title = game.id ? '' : tr('noIDSchule');
  $('#copy-id').disabled = !game.id;
  $('#board').dataset.game = cur.variant;
  const board = $('#board');
  const hadFocus = board.contains(document.activeElement);
  if (cur.variant === 'festung') drawPlan(); else drawRace();
  rove(hadFocus);
  renderStatus();
  renderControls();
  renderScores();
  renderLegal();
  renderEvents();
  renderReview();
  keepFocus();
}

// ---- the keyboard ----

// The board is one stop of the Tab key: the arrow keys move among its
// points (or fields) in their order, Page Down and Page Up jump to the next
// and previous one that may be chosen now, Enter or Space chooses. focusKey
// is the element that holds the board's focus ("p6" point 6, "f12" field
// 12), kept across drawings.
let focusKey = null;

function boardItems() {
  return [...$('#board').querySelectorAll('[data-key]')].sort((a, b) => a.dataset.order - b.dataset.order);
}

function rove(hadFocus) {
  const items = boardItems();
  let k = items.find((e) => e.dataset.key === focusKey);
  if (!k) k = items.find((e) => e.dataset.live === '1') || items[0];
  for (const e of items) e.setAttribute('tabindex', e === k ? '0' : '-1');
  if (k) focusKey = k.dataset.key;
  if (hadFocus && k) k.focus();
}

// keepFocus moves the focus to what is to be done next when the element
// that held it is gone or disabled: the throw button, the board, the first
// decision.
function keepFocus() {
  const a = document.activeElement;
  const lost = !a || a === document.body || !a.isConnected || a.disabled || a.closest('[hidden]') || a.getClientRects().length === 0;
  if (!lost || document.body.dataset.ready !== '1') return;
  const t = nextControl();
  if (t) t.focus();
}

function nextControl() {
  if (game.turn === 'chance') {
    if (diceMode === 'manual') return $('#manual-dice');
    return $('#throw').disabled ? null : $('#throw');
  }
  if (!myTurn()) return null;
  if (!$('#finish').hidden && selected === null && !next.some((s) => s.from >= 0)) return $('#finish');
  if (next.length) return $('#board [tabindex="0"]');
  return $('#decisions button:not(.quiet):not(.rule-chip)') || $('#decisions button');
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
    if (all[j].dataset.key) focusKey = all[j].dataset.key;
  });
}

function renderStatus() {
  let s;
  if (game.turn === 'over') {
    s = endSentence();
  } else if (game.turn === 'chance') {
    const p = throwSeat();
    s = p < 0 ? tr('drawStart') : tr('toThrow', seatName(p));
  } else {
    const d = diceOf();
    const dt = d.length ? diceText(d) : '';
    if (cur.variant === 'festung') s = d.length === 3 ? tr('toDecide', seatName(game.player), d[0], d[1], d[2]) : tr('toDecideRace', seatName(game.player));
    else if (schuleWindow()) s = tr(schuleWindow().author < 0 ? 'toMark' : 'toAnswer', seatName(game.player));
    else if (game.phase === 'decide') s = tr('toDecideRace', seatName(game.player));
    else s = tr('toPlay', seatName(game.player), dt);
  }
  if (game.turn !== 'over' && isBot(game.turn === 'player' ? game.player : throwSeat())) {
    s += paused ? tr('botWaiting') : tr('bot');
  }
  const own = game[cur.variant];
  if (cur.variant === 'toccateglio' && own && game.rules?.partien > 1) s += tr('partie', Math.min(own.partien + 1, game.rules.partien), game.rules.partien);
  $('#status').textContent = s;
  $('#status').dataset.turn = game.turn;
  const mine = [...humans].sort((a, b) => a - b);
  if (remote) $('#you').textContent = remote.you();
  else $('#you').textContent = botKind === 'hot-seat' && mine.length > 1 ? tr('hotSeatAll') : tr('youPlay', mine);
  // the Schule's question, and what may be answered (left out where the
  // window is low)
  const p = promptText();
  if (typeof p === 'string') $('#prompt').textContent = p;
  else {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = p.more;
    $('#prompt').replaceChildren(p.text, more);
  }
  const d = diceOf();
  $('#dice').textContent = d.map((n) => '⚀⚁⚂⚃⚄⚅'[n - 1] || n).join(' ');
  $('#dice').dataset.dice = d.join(',');
  $('#dice').setAttribute('aria-label', tr('diceLabel', d.length ? diceText(d) : ''));
}

// endSentence tells the end: who won and what the game is worth, in the
// library's words where the session gives them ("ending"), else the page's.
function endSentence() {
  if (cur.ending) return remote ? remote.named(cur.ending) : cur.ending;
  const r = game.returns || [];
  const w = typeof game.winner === 'number' ? game.winner : r.indexOf(Math.max(...r));
  if (w < 0 || !r.length || r.every((x) => x === r[0])) return tr('drawn');
  if (cur.variant === 'festung') {
    const rest = r.map((x, i) => i === w ? '' : tr('gain', seatName(i), x)).filter(Boolean).join(', ');
    return tr('winsFest', seatName(w), r[w], rest);
  }
  return tr('wins', seatName(w), r[w]);
}

// promptText says what to do next: a sentence, or at the Schule its
// question (schuleQuestion).
function promptText() {
  if (viewing) return viewingText();
  if (remote) {
    // online: the end, a watcher's, and another seat's turn are the online layer's
    const p = remote.prompt(game, myTurn());
    if (p != null) return p;
  }
  if (game.turn === 'over') return tr('pOver');
  if (game.turn === 'chance') {
    const p = throwSeat();
    if (isBot(p)) return paused ? tr('pBotWaits') : tr('pBotThrows', seatName(p));
    if (diceMode === 'manual') return tr('pEnter');
    if (autoThrow && !paused) return tr('pThrowing');
    return p < 0 ? tr('pThrowDraw') : tr('pThrow');
  }
  if (isBot(game.player)) return paused ? tr('pBotWaits') : tr('pBotPlays', seatName(game.player));
  if (cur.variant === 'festung') {
    const offered = next.map((s) => game.fields.find((f) => f.id === s.field)).filter(Boolean);
    if (!offered.length) return tr('pChoose');
    const n = offered[0].number;
    const names = offered.map((f) => f.name);
    if (offered.every((f) => f.marker)) return tr('pTake', names);
    if (offered.every((f) => !f.marker)) return tr('pPlace', names);
    return tr('pChoose');
  }
  const w = schuleWindow();
  if (w) return schuleQuestion(w);
  const kinds = game.legal.map((l) => l.decision || l.kind);
  if (kinds.includes('go-on')) return tr('pGoOn');
  if (selected !== null) return tr('pTarget', placeName(selected));
  if (next.length) {
    if (complete) return tr('pMore');
    return tr('pPick', next.some((s) => s.from === 0) ? (game.waiting || 'bar') : '');
  }
  if (complete) return tr('pMore');
  if (kinds.includes('pass')) return tr('pPass');
  return '';
}

// diceText writes a throw as the notation does: 6-2, or 5/1-6 with the
// large die first.
function diceText(d) {
  return d.length === 3 ? `${d[0]}/${d[1]}-${d[2]}` : d.join('-');
}

// diceOf returns the numbers of the throw being played.
function diceOf() {
  // the last throw leaves the board with the end
  if (game.turn === 'over') return [];
  if (Array.isArray(game.dice)) return game.dice.filter((n) => n > 0);
  if (game.throw) return [game.throw.large, ...game.throw.small];
  return [];
}

function renderControls() {
  const chance = game.turn === 'chance';
  const manual = diceMode === 'manual';
  // a watcher acts on nothing; an online game over takes no more steps back
  const watcher = watching();
  const done = !!remote && game.turn === 'over';
  $('#throw').hidden = manual || !chance || watcher;
  // After an undo the bots wait; the throw button then throws for a bot too.
  $('#throw').disabled = !chance || (isBot(throwSeat()) && !paused);
  $('#manual').hidden = !manual || watcher;
  $('#enter-dice').disabled = !chance;
  const dec = $('#decisions');
  const had = dec.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  dec.replaceChildren();
  const w = schuleWindow();
  if (myTurn() && w) {
    schuleControls(w, dec, had);
  } else if (myTurn()) {
    // the decisions first, the concession last and quiet
    const ls = [...game.legal].filter((l) => !(l.kind === 'play' || l.kind === 'throw' || (l.kind === 'decision' && l.field)));
    ls.sort((a, b) => (a.kind === 'concede') - (b.kind === 'concede'));
    for (const l of ls) {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = l.kind === 'concede' ? 'quiet' : 'decision';
      btn.dataset.move = l.notation;
      btn.textContent = decisionName(l);
      if (l.kind === 'concede') btn.title = tr('concedeTitle');
      if (l.decision === 'go-on') btn.title = tr('goOnTitle');
      if (l.decision === 'afresh') btn.title = tr('afreshTitle');
      dec.append(btn);
      if (had === l.notation) btn.focus();
    }
  }
  // an earlier position shown by the review is read-only
  $('#controls').hidden = !!viewing;
  $('#history-controls').hidden = !!viewing || watcher || done;
  $('#confirm').hidden = !confirmMove;
  $('#finish').hidden = !complete || next.length === 0;
  $('#clear-steps').hidden = made.length === 0;
  // online, the layer offers the rematch instead
  $('#play-again').hidden = game.turn !== 'over' || !!viewing || !!remote;
  $('#hint').hidden = game.turn === 'over' || watcher;
  $('#undo').hidden = watcher || done;
  $('#review-again').hidden = !(viewing && phone() && document.body.classList.contains('peek'));
  $('#undo').disabled = !cur.canUndo;
  $('#redo').disabled = !cur.canRedo;
  $('#takeback').disabled = !cur.canUndo;
  // no hint at the Schule's decisions, and no bot's move for a person
  // there: either would tell what was due
  const secret = !!w && humans.has(game.player);
  // online, a hint or the bot's move is for the person's own turn
  const other = !!remote && !myTurn();
  $('#hint').disabled = game.turn !== 'player' || secret || other;
  $('#hint').title = (secret ? tr('noHintSchule') : tr('hintTitle')) + tr('keyIs', tr('keys').hint);
  $('#bot-move').disabled = game.turn !== 'player' || secret || other;
  $('#save-record').disabled = !cur.hasRecord || !!viewing;
}

function renderScores() {
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
  const turnSeat = game.turn === 'player' ? game.player : throwSeat();
  // the seat's colour is its disc: the name stays short, on one line
  const who = (p) => remote?.seatShort(p) || tr('seatShort', p, isBot(p));
  if (cur.variant === 'festung') {
    // the result once a step has been played: before, it would only
    // repeat the stakes every seat has put down
    const begun = game.turn === 'over' || cur.length > 0;
    row(['', h.balance, h.bought, h.pasches, ...(begun ? [h.ret] : [])], true);
    for (const s of game.seats) {
      const line = row([who(s.seat), s.balance, s.bought, s.pasches, ...(begun ? [s.return] : [])]);
      line.dataset.seat = s.seat;
      swatch(line.firstChild, s.seat);
      if (s.seat === turnSeat) line.className = 'turn';
    }
    return;
  }
  const r = raceView();
  const own = game[cur.variant] || {};
  // the waiting stones by the library's word: off the board (the bar of
  // the drawing), or in the hand
  row(['', h.pips, tr('waitingHead')[r.waiting] || r.waiting, h.board, h.off, cur.variant === 'toccateglio' ? h.marks : h.junker, h.score], true);
  for (const s of r.sides) {
    const extra = cur.variant === 'toccateglio' ? (own.marks?.[s.seat] ?? '') : (own.junker?.[s.seat] ? tr('yesWord') : '');
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
function renderLegal() {
  const ol = $('#legal');
  ol.replaceChildren();
  // online, only the seat to move sees its moves: they act
  if (game.turn !== 'player' || viewing || (remote && !myTurn())) return;
  const max = 60;
  game.legal.slice(0, max).forEach((l, i) => {
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
  if (game.legal.length > max) {
    const li = document.createElement('li');
    li.textContent = tr('andMore', game.legal.length - max);
    ol.append(li);
  }
  if (!metrics.firstLegal) metrics.firstLegal = performance.now();
}

// ruleText returns the text of a rule by its ID, asked for once ("rule"):
// the log's events name their rules by ID only.
const rules = new Map();
function ruleText(id) {
  if (!id) return null;
  const k = `${lang}:${id}`;
  if (!rules.has(k)) {
    const r = call('rule', langView ? { id, lang } : { id });
    rules.set(k, r.error ? null : r);
  }
  return rules.get(k);
}

// renderEvents lists the steps with their events in words. An event with a
// rule shows the rule's text on a tap, a click or Enter (touch has no
// hover); the list is one Tab stop, the arrow keys move among those events.
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
      span.textContent = remote ? remote.named(ev.text) : ev.text;
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
    li.setAttribute('aria-label', `${e.index + 1}. ${board}: ${e.events.map((x) => (remote ? remote.named(x.text) : x.text)).join(' ')}`);
    ol.append(li);
  }
  const evs = ol.querySelectorAll('.ev[data-rule]');
  if (evs.length && !ol.querySelector('.ev[tabindex="0"]')) evs[evs.length - 1].tabIndex = 0;
  if (log.length !== keep) ol.scrollTop = ol.scrollHeight;
}

// toggleRule shows or hides the text of an event's rule below it.
function toggleRule(span) {
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

// ---- the race board ----

// raceView reads the board of a race game from its JSON: the version-2
// keys (points, sides, waiting).
function raceView() {
  return { points: game.points, sides: game.sides, waiting: game.waiting || 'bar' };
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

function drawRace() {
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
  const sources = new Set(selected === null ? next.map((s) => s.from) : []);
  const targets = new Set(selected === null ? [] : next.filter((s) => s.from === selected).map((s) => s.to));
  const shown = afterSteps(r);
  const colour = (s) => tr('colour', s);
  const state = (n) => [sources.has(n) ? tr('canMove') : '', selected === n ? tr('picked') : '', targets.has(n) ? tr('target') : ''].filter(Boolean);
  const live = (n) => sources.has(n) || targets.has(n) || selected === n;
  for (const p of r.points) {
    const n = p.point, x = pointX(n), top = n >= 13;
    const g = el('g', { class: 'point', 'data-point': n, 'data-key': `p${n}`, 'data-order': n, 'data-live': live(n) ? 1 : 0, role: 'button' }, root);
    if (sources.has(n)) { g.classList.add('source'); g.dataset.targets = targetsFrom(n); }
    if (targets.has(n)) g.classList.add('target');
    if (selected === n) g.classList.add('selected');
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
  if (selected === 0) bar.classList.add('selected');
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

function drawDice(svg, dice, x, y, vertical) {
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

// ---- the fortress plan ----

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
  const lay = game.layout;
  if (lay && lay.width > 0 && lay.height > 0 && game.fields.every((f) => typeof f.x === 'number' && typeof f.y === 'number')) {
    const scale = 540 / Math.max(lay.width, lay.height);
    const x0 = (800 - lay.width * scale) / 2, y0 = (560 - lay.height * scale) / 2;
    const pos = new Map(game.fields.map((f) => [f.id, [x0 + f.x * scale, y0 + f.y * scale]]));
    return { pos, size: (lay.fieldSize || 5) * scale, own: false, box: [x0 - 10, y0 - 10, lay.width * scale + 20, lay.height * scale + 20] };
  }
  const pos = new Map();
  for (const f of game.fields) pos.set(f.id, ownPos(f));
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
function drawPlan() {
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
  const fort = (n) => pos.get(game.fields.find((f) => f.kind === 'fortress' && f.number === n).id);
  for (const k of [1, 2, 3, 4]) {
    const [x1, y1] = fort(k), [x2, y2] = fort(5);
    el('line', { class: 'wall', x1, y1, x2, y2 }, svg);
  }
  const offered = new Set(game.turn === 'player' ? next.map((s) => s.field) : []);
  // the screen's pixels per unit of the picture, to make a field on offer
  // at least 44 pixels across
  const rect = svg.getBoundingClientRect();
  const perUnit = own ? (rect.width || 800) / 800 : Math.min((rect.width || box[2]) / box[2], (rect.height || box[3]) / box[3]);
  const grow = Math.max(1, 24 / perUnit / (0.5 * size));
  const fields = [...game.fields].sort((a, b) => offered.has(a.id) - offered.has(b.id));
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

// ---- wiring ----

function onBoard(target) {
  const p = target.closest('[data-point]');
  if (p) { focusKey = p.dataset.key; onPoint(Number(p.dataset.point)); return; }
  const f = target.closest('[data-field]');
  if (f) { focusKey = f.dataset.key; onField(Number(f.dataset.id)); }
}

function wire() {
  $('#new-game').addEventListener('click', newGame);
  $('#open-chooser').addEventListener('click', () => $('#chooser-dialog').showModal());
  $('#chooser-close').addEventListener('click', () => $('#chooser-dialog').close());
  $('#open-rules').addEventListener('click', showRules);
  $('#rules-close').addEventListener('click', () => $('#rules-dialog').close());
  // the same game again, with a new seed
  $('#play-again').addEventListener('click', () => {
    $('#seed').value = String(Math.floor(Math.random() * 1e9));
    newGame();
  });
  $('#tutor').addEventListener('change', () => {
    tutorLevel = $('#tutor').value;
    try { localStorage.setItem('brettspiel-tutor', tutorLevel); } catch { /* private mode */ }
    if (!tutorLevels.includes(tutorLevel) && cur) { hideTutor(); render(); }
  });
  $('#tutor-takeback').addEventListener('click', tutorTakeBack);
  $('#tutor-go-on').addEventListener('click', () => {
    hideTutor();
    paused = false;
    render();
    scheduleBots();
  });
  $('#auto-throw').addEventListener('change', () => {
    autoThrow = $('#auto-throw').checked;
    try { localStorage.setItem('brettspiel-autothrow', autoThrow ? '1' : '0'); } catch { /* private mode */ }
    if (cur) { scheduleBots(); render(); }
  });
  document.addEventListener('keydown', onKey);
  $('#lang').addEventListener('change', () => {
    lang = $('#lang').value;
    try { localStorage.setItem('brettspiel-lang', lang); } catch { /* private mode */ }
    translatePage();
    // the descriptions of the games, presets and opponents in the new language
    loadCatalogue();
    fillOpponents();
    const g = variantOf($('#variant').value);
    for (const o of $('#preset').options) o.text = g.presets.find((p) => p.name === o.value)?.title || o.value;
    aboutPreset();
    if (!cur) return;
    if (langView) {
      // the log again, in the new language
      const res = call('state', view({ handle: cur.handle, since: 0 }));
      if (!res.error) { log = []; $('#events').replaceChildren(); show(res); return; }
    }
    $('#events').replaceChildren();
    render();
  });
  $('#board').addEventListener('click', (ev) => onBoard(ev.target));
  keys($('#board'), boardItems, (e) => onBoard(e), (e) => e.dataset.live === '1');
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
  const enterDice = () => {
    const dice = $('#manual-dice').value.split(/[^0-9]+/).filter(Boolean).map(Number);
    if (act('throwManual', { dice }).error === undefined) $('#manual-dice').value = '';
  };
  $('#enter-dice').addEventListener('click', enterDice);
  $('#manual-dice').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') enterDice(); });
  $('#decisions').addEventListener('click', (ev) => {
    if (ev.target.closest('.schule-what')) {
      const step = schuleWindow()?.step || 0;
      openWhat = openWhat === step ? 0 : step;
      renderControls();
      $('#decisions .schule-what')?.focus();
      return;
    }
    const chip = ev.target.closest('.rule-chip');
    if (chip) {
      openRule = openRule === chip.dataset.rule ? '' : chip.dataset.rule;
      renderControls();
      $('#decisions .rule-chip')?.focus();
      return;
    }
    const b = ev.target.closest('[data-move]');
    if (!b) return;
    const l = game.legal.find((x) => x.notation === b.dataset.move);
    if (l && l.kind === 'concede') { confirmMove = l.notation; renderControls(); $('#confirm-no').focus(); return; }
    applyMove(b.dataset.move);
  });
  $('#confirm-yes').addEventListener('click', () => { const m = confirmMove; confirmMove = ''; applyMove(m); });
  $('#confirm-no').addEventListener('click', () => { confirmMove = ''; renderControls(); keepFocus(); });
  $('#finish').addEventListener('click', () => applyMove(complete));
  $('#clear-steps').addEventListener('click', () => { show(call('state', view({ handle: cur.handle, since: since() }))); });
  $('#legal').addEventListener('click', (ev) => {
    const b = ev.target.closest('[data-move]');
    if (b) applyMove(b.dataset.move);
  });
  keys($('#legal'), () => [...$('#legal').querySelectorAll('button')], (b) => b.click());
  $('#events').addEventListener('click', (ev) => {
    const s = ev.target.closest('.ev[data-rule]');
    if (s) toggleRule(s);
  });
  keys($('#events'), () => [...$('#events').querySelectorAll('.ev[data-rule]')], toggleRule);
  const back = (method) => {
    if (viewing) return;
    hideTutor();
    clearTimeout(botTimer);
    const res = call(method, view({ handle: cur.handle, since: since() }));
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
    if (!res.hints.length) { showInfo(tr('noHint')); return; }
    $('#hints').replaceChildren(...res.hints.map((h) => {
      const li = document.createElement('li');
      // in the board's points, as the legal moves are written
      const l = game.legal.find((x) => x.notation === h.notation);
      li.textContent = `${l ? legalText(l) : h.notation} — ${hintText(h)}`;
      return li;
    }));
  });
  $('#bot-move').addEventListener('click', () => botPlay(botKind === 'hot-seat' ? 'greedy' : botKind));
  $('#copy-id').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(game.id); showInfo(tr('copied')); } catch {
      const r = document.createRange();
      r.selectNodeContents($('#position-id'));
      getSelection().removeAllRanges();
      getSelection().addRange(r);
      showInfo(tr('selectToCopy'));
    }
  });
  $('#load-id').addEventListener('click', () => load(call('loadID', view({ id: $('#load-id-text').value, seed: $('#seed').value.trim() || '0', since: 0 })), 'id'));
  $('#save-record').addEventListener('click', () => {
    const res = call('saveRecord', { handle: cur.handle });
    if (res.error) { showError(res.error); return; }
    $('#record-text').value = res.text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([res.text], { type: 'text/plain' }));
    a.download = `brettspiel-${cur.variant}.txt`;
    a.click();
    URL.revokeObjectURL(a.href);
    showInfo(tr('saved'));
  });
  $('#record-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (f) $('#record-text').value = await f.text();
  });
  $('#load-record').addEventListener('click', () => load(call('loadRecord', view({ text: $('#record-text').value, seed: $('#seed').value.trim() || '0', since: 0 })), 'record'));
  // a phone turned, or a window made narrow: the board drawn anew
  narrow.addEventListener('change', () => { if (cur) render(); });
}

// ---- an earlier position, for the review ----

// viewStep shows the position before step index, read-only: the game is
// walked back by undo (or forward by redo), which keeps every later step
// to return to with leaveView.
function viewStep(index) {
  if (!viewing) {
    hideTutor();
    clearTimeout(botTimer);
    viewing = { length: cur.length, paused, index };
  }
  viewing.index = index;
  // on a phone the review covers the board: it steps aside for the position
  if (phone()) document.body.classList.add('peek');
  const walked = walkTo(index);
  log = [];
  if (walked) clearMessage();
  show(call('state', view({ handle: cur.handle, since: 0 })));
}

// leaveView returns to the game as it was before the review showed an
// earlier position.
function leaveView() {
  if (!viewing) return;
  const { length, paused: was } = viewing;
  const walked = walkTo(length);
  viewing = null;
  document.body.classList.remove('peek');
  paused = was;
  log = [];
  if (walked) clearMessage();
  show(call('state', view({ handle: cur.handle, since: 0 })));
}

// walkTo undoes or redoes single steps until the game has n steps; each
// answer without the log and the legal moves.
function walkTo(n) {
  let len = cur.length;
  while (len !== n) {
    const res = call(len > n ? 'undo' : 'redo', { handle: cur.handle, log: false, legal: false });
    if (res.error) { showError(res.error); return false; }
    len = res.length;
  }
  return true;
}

// load shows a game loaded from a record or an ID; the seats keep their
// people and bots, and the bots wait until a person moves.
function load(res, what) {
  if (res.error) { showError(what ? loadError(res.error, what) : res.error); return; }
  if (cur) call('close', { handle: cur.handle });
  viewing = null;
  hideTutor();
  resetReview();
  closeDialogs();
  log = [];
  paused = true;
  if (botKind === 'hot-seat' || humans.size >= res.players) humans = new Set([...Array(res.players).keys()]);
  showInfo(tr('loaded', titleOf(res), res.length));
  show(res);
}

// hintText says what a hinted move scores at once, when it scores, and its
// expected value in the page's words, with the game's unit and the
// language's decimal sign. The session's reason is English: its parts
// ("+2 marks (T-J1)") are read from it (bot.Hint writes them so); a play
// that scores nothing says only what it is expected to bring, as the
// terminal does.
function hintText(h) {
  const parts = [];
  for (const m of (h.reason || '').split(';')[0].matchAll(/([+-]\d+) (marks|hits|markers paid|markers taken|markers placed)(?: \(([^)]+)\))?/g)) {
    const units = tr(Math.abs(Number(m[1])) === 1 ? 'scoreUnit' : 'scoreUnits'); // one hit, two hits
    parts.push(`${m[1].replace('-', '−')} ${units[m[2]] || m[2]}${m[3] ? ` (${m[3]})` : ''}`);
  }
  const value = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(h.value);
  const unit = tr('units')[{ toccateglio: 'strokes', verkehren: 'points', festung: 'markers' }[cur.variant]] || '';
  return tr('hintLine', parts.join(', '), value, unit);
}

// loadError says what is wrong with a position ID or a record that does
// not load, in the page's words: the library's refusal of its notation
// ("That is not a move.") is about moves.
function loadError(err, what) {
  if (err.name !== 'ErrBadNotation') return err;
  const m = err.message || '';
  let say;
  if (what === 'id') {
    say = /want game:version:payload/.test(m) ? tr('badIDForm') : tr('badID');
  } else {
    const line = /line (\d+): (.*?)"?: /.exec(m);
    if (!line) say = tr('badRecord');
    else if (/header line/.test(m)) say = tr('badRecordHeader', line[1], line[2]);
    else say = tr('badRecordLine', line[1], line[2]);
  }
  return { ...err, say };
}

// onKey plays by the keys anywhere on the page: throw, undo and hint by
// their letters (tr('keys')), Enter the next thing to do when the focus
// is on nothing that takes Enter itself. Fields, lists and dialogs keep
// their keys.
function onKey(ev) {
  if (!cur || ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat) return;
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

async function main() {
  translatePage();
  if (phone()) $('#more-box').open = false;
  try {
    await loadWasm();
  } catch (e) {
    $('#loading').textContent = `The WebAssembly did not load: ${e}`;
    return;
  }
  // Does the session take "lang"? An unknown key is refused as a bad call
  // before the handle is looked up.
  langView = call('state', { handle: 0, lang }).error?.name !== 'ErrBadCall';
  loadCatalogue();
  fillChooser();
  wire();
  setupReview({
    call, tr, seatName, showError, lang: () => lang, stepsText, seatColour: (p) => seatColours[p], moveName,
    current: () => ({ cur, log, viewing }),
    jump: viewStep, back: leaveView, render: () => { if (cur) render(); },
  });
  if (params.get('id')) {
    // a link to a position: ?id=… (the seats as the chooser says)
    botKind = $('#opponent').value;
    diceMode = $('#dice-mode').value;
    humans = new Set([0]);
    load(call('loadID', view({ id: params.get('id'), seed: $('#seed').value.trim() || '0', since: 0 })));
    if (!cur) newGame();
  } else {
    newGame();
  }
  $('#loading').textContent = '';
  document.body.dataset.ready = '1';
}

main();
