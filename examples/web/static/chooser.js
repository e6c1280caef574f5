// The game chooser (the game, its rules and settings, the seats, the
// opponent, the seed, the dice, the tutor) and the new game it starts, the
// rules' dialog, and the page's fixed labels in the language chosen.

import { words } from './i18n.js';
import { resetReview } from './review.js';
import { S, view, params, tutorLevels, tr } from './state.js';
import { $, showError, clearMessage } from './dom.js';
import { call } from './engine.js';
import { show, scheduleBots } from './flow.js';
import { render } from './render.js';
import { hideTutor } from './tutor.js';

let catalogue = [];     // the games with their presets
let levels = [];        // the bots of the registry, each with the games it is made for
let settings = {};      // the rules a game may be played with beside its preset, by game

// translatePage writes the page's fixed labels in the chosen language.
export function translatePage() {
  document.documentElement.lang = S.lang;
  $('#lang').value = S.lang;
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = tr(e.dataset.i18n);
  $('#seed').title = tr('seedTitle');
  $('#undo').title = tr('undoTitle') + tr('keyIs', tr('keys').undo);
  $('#hint').title = tr('hintTitle') + tr('keyIs', tr('keys').hint);
  $('#throw').title = tr('keyIs', tr('keys').throw).trim();
  $('#keys-help').textContent = tr('keysHelp', tr('keys'));
  $('#auto-throw').checked = S.autoThrow;
  $('#tutor').value = tutorLevels.includes(S.tutorLevel) ? S.tutorLevel : 'off';
  $('#takeback').title = tr('takebackTitle');
  $('#bot-move').title = tr('botTitle');
  $('#board').setAttribute('aria-label', tr('board'));
  $('#bar').setAttribute('aria-label', tr('turn'));
  for (const [id, label] of Object.entries(tr('aria'))) document.getElementById(id).setAttribute('aria-label', label);
  $('#load-id-text').placeholder = tr('idPlaceholder');
  $('#record-text').placeholder = tr('recordPlaceholder');
}

export function fillChooser() {
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
export function loadCatalogue() {
  let res = call('games', { lang: S.lang });
  if (res.error) res = call('games');
  ({ games: catalogue, levels } = res);
  settings = res.settings || {};
}

// titleOf names a state's game and preset for the player, in the page's
// language: "Toccateglio (Tokkadille 1853, 16 Steine)".
export function titleOf(res) {
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

export function newGame() {
  const players = Number($('#players').value);
  const chosen = chosenSettings();
  const res = call('newGame', view({
    variant: $('#variant').value, preset: $('#preset').value, players, seed: $('#seed').value.trim() || '0',
    ...(chosen.length ? { settings: chosen } : {}),
  }));
  if (res.error) { showError(res.error); return; }
  if (S.cur) call('close', { handle: S.cur.handle });
  S.viewing = null;
  hideTutor();
  resetReview();
  S.botKind = $('#opponent').value;
  S.diceMode = $('#dice-mode').value;
  S.humans = new Set(S.botKind === 'hot-seat' ? [...Array(players).keys()] : [0]);
  S.log = [];
  S.paused = false;
  S.focusKey = null;
  clearMessage();
  show(res);
  closeDialogs();
}

// closeDialogs closes the chooser and the rules, and the review, which
// belongs to the game that was shown.
export function closeDialogs() {
  for (const d of ['#chooser-dialog', '#rules-dialog', '#review']) if ($(d).open) $(d).close();
  document.body.classList.remove('reviewing', 'peek');
}

// showRules opens the rules of the game being played over the board: the
// game's and its rules' descriptions, in the page's language.
function showRules() {
  const g = variantOf(S.cur?.variant || $('#variant').value);
  if (!g) return;
  const p = g.presets.find((x) => x.name === S.cur?.preset) || g.presets[0];
  $('#rules-title').textContent = titleOf({ variant: g.name, preset: p.name });
  const para = (text) => { const e = document.createElement('p'); e.textContent = text; return e; };
  const paras = [para(`${g.description}.`), para(`${p.title || p.name}: ${p.description}`)];
  // the settings the game is played with (the Schule: rules.schule)
  for (const s of settings[g.name] || []) {
    const [key] = s.name.split('=');
    if (S.cur?.variant === g.name && S.game?.rules?.[key]) paras.push(para(`${s.title}: ${s.description}`));
  }
  $('#rules-text').replaceChildren(...paras, para(tr('source', p.source)));
  $('#rules-dialog').showModal();
}

// wireChooser wires the chooser, the rules' dialog, Play again, the
// automatic throw and the switch of the language.
export function wireChooser() {
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
  $('#auto-throw').addEventListener('change', () => {
    S.autoThrow = $('#auto-throw').checked;
    try { localStorage.setItem('brettspiel-autothrow', S.autoThrow ? '1' : '0'); } catch { /* private mode */ }
    if (S.cur) { scheduleBots(); render(); }
  });
  $('#lang').addEventListener('change', () => {
    S.lang = $('#lang').value;
    try { localStorage.setItem('brettspiel-lang', S.lang); } catch { /* private mode */ }
    translatePage();
    // the descriptions of the games, presets and opponents in the new language
    loadCatalogue();
    fillOpponents();
    const g = variantOf($('#variant').value);
    for (const o of $('#preset').options) o.text = g.presets.find((p) => p.name === o.value)?.title || o.value;
    aboutPreset();
    if (!S.cur) return;
    if (S.langView) {
      // the log again, in the new language
      const res = call('state', view({ handle: S.cur.handle, since: 0 }));
      if (!res.error) { S.log = []; $('#events').replaceChildren(); show(res); return; }
    }
    $('#events').replaceChildren();
    render();
  });
}
