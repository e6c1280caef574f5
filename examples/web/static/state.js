// The page's state, shared by its modules: the settings read from the
// address and this browser, the figures the page measures, and S: the
// game shown, the steps of the turn in hand, the seats' people, the bots'
// pause, the position the review shows, the language; tr writes the page's
// words (i18n.js) in it, view adds it to a call that answers with a state.

import { words, chooseLanguage } from './i18n.js';

export const params = new URLSearchParams(location.search);

// The pause before a bot moves, so that a person sees each move; ?delay=0
// plays at once (the tests use it).
export const delay = params.has('delay') ? Number(params.get('delay')) : 400;

// The tutor's levels: the amount a play may lose before it speaks is the
// analysis's (its answer's scale.strict or scale.mild, in the game's
// unit): strict speaks of small slips, mild of clear mistakes only.
export const tutorLevels = ['mild', 'strict'];

function storedSetting(key, otherwise) {
  try { return localStorage.getItem(key) ?? otherwise; } catch { return otherwise; }
}

// Figures the page measures (times in ms since the page began to load:
// the WebAssembly running, the first state shown, the first list of legal
// plays shown; each bot's move); the end-to-end tests read them.
export const metrics = { wasmReady: 0, firstState: 0, firstLegal: 0, botMoves: [], calls: 0, callMillis: 0 };

export const seatColours = ['#f4ecd8', '#3b2a20', '#c0392b', '#2e6db4', '#3c9a48', '#8e44ad'];

// S holds what the modules share and change.
export const S = {
  // autoThrow: the page throws a person's dice by itself, a throw offering
  // no choice in these games (the setting is remembered on this browser;
  // ?autothrow=0 or 1 sets it for one visit without keeping it).
  autoThrow: params.has('autothrow') ? params.get('autothrow') !== '0' : storedSetting('brettspiel-autothrow', '1') === '1',
  // tutorLevel: after a person's play that loses more than the level
  // allows, the tutor says what it cost and offers to take it back (off,
  // mild or strict; remembered as the automatic throw is, ?tutor= for one
  // visit).
  tutorLevel: params.get('tutor') || storedSetting('brettspiel-tutor', 'off'),
  cur: null,         // the API's state of the game (handle, state, length, …)
  game: null,        // the game's own JSON (cur.state)
  log: [],           // the move list, entries with their events
  humans: new Set(), // the seats played on this page by people
  botKind: 'greedy',
  diceMode: 'seeded',
  made: [],          // the steps made so far in this turn
  next: [],          // the steps that may come next
  complete: '',      // the move the steps made determine, if any
  selected: null,    // the point picked as the source of the next step
  paused: false,     // after undo or redo the bots wait for a person
  botTimer: 0,
  askingGiveUp: false, // the page asks whether to give up (giveup.js)
  // viewing is set while the review shows the position before an earlier
  // step (index): the game's own length and pause to return to. The page is
  // read-only then.
  viewing: null,
  // focusKey is the element that holds the board's focus ("p6" point 6,
  // "f12" field 12), kept across drawings (input.js).
  focusKey: null,
  // remote is the online layer while the page plays a game of a server
  // (engine.js's call, app.js's brettspielPage).
  remote: null,
  lang: chooseLanguage(params),
  // langView is true when the session takes "lang" (the sentences of the
  // events in the page's language); probed once after the start.
  langView: false,
};

export const tr = (key, ...a) => {
  const v = words[S.lang][key] ?? words.en[key];
  return typeof v === 'function' ? v(...a) : v;
};

// view adds the keys every call that answers with a state takes.
export function view(args) { return S.langView ? { ...args, lang: S.lang } : args; }
