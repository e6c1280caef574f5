// The page: a game chooser, a board drawn in SVG from the game's JSON
// (version 2), input one step at a time through the library's nextSteps,
// bots, undo, records and position IDs. Everything the rules decide is asked
// of the library, compiled to WebAssembly (see the wasm folder); the page
// only draws and forwards clicks and keys. This module starts it: the
// engine loaded, the catalogue asked for, the controls wired, the first
// game begun; and it holds the page's globals. The other modules, by
// concept: state.js (the state they share), engine.js (the WebAssembly),
// dom.js, chooser.js, flow.js (the game's flow), input.js (clicks, steps,
// keys), render.js, side.js, race.js and plan.js (the boards), notation.js,
// schule.js, tutor.js, tools.js, giveup.js (giving up), the review
// (review.js and the modules it imports); the page's own words, in English
// and German, are in i18n.js.

import { setupReview, resetReview } from './review.js';
import { S, view, params, metrics, seatColours, tr } from './state.js';
import { $, phone, showError, showInfo, clearMessage, narrow } from './dom.js';
import { loadWasm, call, localCall } from './engine.js';
import { translatePage, fillChooser, loadCatalogue, newGame, wireChooser } from './chooser.js';
import { show, seatName, viewStep, leaveView, load } from './flow.js';
import { wireInput } from './input.js';
import { render } from './render.js';
import { stepsText, moveName } from './notation.js';
import { wireTutor } from './tutor.js';
import { wireTools } from './tools.js';

// The globals the page's modules set, and no others: brettspielMetrics, the figures the
// page measures (state.js), which the end-to-end tests read; and
// brettspielPage, what the online layer of the game server (in server/) may
// use of the page. While the page plays a game of a server, S.remote is
// that layer: it takes the calls that act (see call), and the server moves
// the bots and throws the dice. It also knows the seats there: which are
// people's and which bots' (isBot), their players' names (seatName,
// seatShort, and named for the library's sentences), and what to say while
// another seat is to move (you, prompt).
globalThis.brettspielMetrics = metrics;

globalThis.brettspielPage = {
  call: localCall, show, showError, showInfo, tr, view, lang: () => S.lang,
  // online shows a game of a server, played at the seats given (none: a
  // watcher); r takes the calls that act. null returns to local play.
  online(r, res, seats) {
    S.remote = r;
    if (!r) return;
    S.viewing = null;
    resetReview();
    S.humans = new Set(seats);
    S.log = [];
    S.paused = false;
    clearMessage();
    show(res);
  },
};

// wire wires the controls, module by module, in the order the page has
// always wired them.
function wire() {
  wireChooser();
  wireTutor();
  wireInput();
  wireTools();
  // a phone turned, or a window made narrow: the board drawn anew
  narrow.addEventListener('change', () => { if (S.cur) render(); });
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
  S.langView = call('state', { handle: 0, lang: S.lang }).error?.name !== 'ErrBadCall';
  loadCatalogue();
  fillChooser();
  wire();
  setupReview({
    call, tr, seatName, showError, lang: () => S.lang, stepsText, seatColour: (p) => seatColours[p], moveName,
    current: () => ({ cur: S.cur, log: S.log, viewing: S.viewing }),
    jump: viewStep, back: leaveView, render: () => { if (S.cur) render(); },
  });
  if (params.get('id')) {
    // a link to a position: ?id=… (the seats as the chooser says)
    S.botKind = $('#opponent').value;
    S.diceMode = $('#dice-mode').value;
    S.humans = new Set([0]);
    load(call('loadID', view({ id: params.get('id'), seed: $('#seed').value.trim() || '0', since: 0 })));
    if (!S.cur) newGame();
  } else {
    newGame();
  }
  $('#loading').textContent = '';
  document.body.dataset.ready = '1';
}

main();
