// The online game shown: the calls that act on it sent to the server over
// one WebSocket (remote, which the page hands them to), the server's
// deltas played on the page's copy (follow), the connection kept and caught
// up after a drop, the game started and left, and the tab's title.

import { page, $, secretKey, myName, fail, tr } from './online-page.js';
import { renderLinks, openJoin } from './online-friend.js';
import { updateBar } from './online-controls.js';
import { noteAsks } from './online-ask.js';

// the methods whose calls the server takes while a game is online
const acting = new Set(['apply', 'throw', 'undo', 'redo', 'takeback', 'answerTakeback', 'botMove', 'advance', 'throwManual']);
// the methods that leave the online game for local play
const leaving = new Set(['newGame', 'loadRecord', 'loadID']);

// game is the online game shown: {game, secret, seat, ws, rev, handle,
// info (hello's answer), nextId, pending (the calls awaiting their
// answers), retry, shown, state (the state shown), toMove, length,
// canRedo, ending, clockOut (the seat out of time, −1), names, claimed,
// next (the rematch), commitment (the one this page held first: the
// creation's or the join's answer, else the first delta's), proof
// {commitment, seed, salt} (as revealed), redraws, takeback and giveUp
// (the asks, with the game's length when asked), outcome (what the last
// ask came to), invites (the maker's), invite (an invitation not yet
// taken), hint (the names of the game before a rematch, by the seats
// here), named}.
export let game = null;
const baseTitle = document.title;

// over says the game shown is over: its end reached, or ended otherwise
// (by agreement, on time), which its "ending" says.
export function over(o = game) { return !!o && (o.toMove === -2 || !!o.ending); }

// agreed says the game ended by the players' agreement: over, not at its
// rules' end nor on time.
function agreed(o) { return o.toMove !== -2 && !!o.ending && o.clockOut < 0; }

// ---- the seats ----

export function nameOf(p) { return game?.names?.[p] || game?.hint?.[p] || ''; }

function seatLabel(p) { return remote.seatName(p) || tr('seat', p); }

// shown is the state of the page's copy as the page shows it: a redo only
// where the server takes one, for a person alone with bots (the copy
// follows a takeback by undoing, and would offer to redo it); and a game
// the server ended before its rules' end (by agreement, on time) over,
// its ending the server's, though the copy's position goes on.
export function shown(o) {
  const s = page.call('state', page.view({ handle: o.handle, since: 0 }));
  const others = (o.claimed || []).some((c, i) => c && i !== o.seat);
  if (!s.error) s.canRedo = o.canRedo && !others;
  if (!s.error && over(o) && s.state.turn !== 'over') {
    s.ending = agreed(o) ? tr('onAgreedEnd') : o.ending;
    s.state = { ...s.state, turn: 'over', legal: [] };
    s.canUndo = false;
  }
  return s;
}

// remote is what the page hands the acting calls to while online, and asks
// about the seats.
export const remote = {
  acts(method) {
    if (leaving.has(method)) { leave(); return false; }
    return acting.has(method);
  },
  call(method, args) {
    const { handle, ...rest } = args || {};
    if (game.seat < 0) {
      // a watcher acts on nothing
    } else if (method === 'botMove') {
      // "Bot plays" for a person online: the page's own bot chooses, the
      // server gets the move (it lets no client name a bot for a seat)
      let h = page.call('hint', { handle: game.handle, bot: rest.bot, count: 1 });
      if (h.error) h = page.call('hint', { handle: game.handle, count: 1 });
      if (h.error || !h.hints.length) fail(h.error || { name: 'ErrNoHint', message: 'no move' });
      else send('apply', { notation: h.hints[0].notation, log: false });
    } else {
      send(method, rest);
    }
    // the page shows its copy as it is; the server's deltas follow
    return shown(game);
  },
  // a seat is a bot's only when the server says so: every other is a person's
  isBot(p) {
    const k = game?.info?.seats?.[p];
    return p >= 0 && k !== undefined && k !== 'person';
  },
  seatName(p) {
    const n = nameOf(p);
    return n ? tr('onSeatNamed', n, tr('colour', p)) : '';
  },
  seatShort(p) {
    let s;
    if (remote.isBot(p)) s = tr('seatShort', p, true);
    else if (game?.claimed?.[p] === false) s = tr('onSeatOpen', nameOf(p) || tr('player', p));
    else s = nameOf(p) || tr('player', p);
    return p === game?.seat ? tr('onMe', s) : s;
  },
  // named puts the players' names into a sentence of the library's, which
  // names the seats "Player 1", "Spieler 2", …
  named(text) {
    const n = game?.info?.players || 0;
    const by = new Map();
    for (let p = 0; p < n; p++) if (nameOf(p)) by.set(tr('player', p), nameOf(p));
    if (!by.size || !text) return text;
    const re = new RegExp(`(${[...by.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?!\\d)`, 'g');
    return text.replace(re, (m) => by.get(m));
  },
  you() {
    if (!game || game.seat < 0) return tr('onWatching');
    const n = nameOf(game.seat);
    return n ? tr('onYouAre', n, tr('colour', game.seat)) : tr('youPlay', [game.seat]);
  },
  // prompt says what happens while the person is not to move; null when
  // he is (the page's own words then)
  prompt(state, mine) {
    const o = game;
    if (!o) return null;
    const player = o.seat >= 0;
    if (state.turn === 'over') {
      if (o.next) return player ? tr('onRematchReady') : tr('onRematchWatchReady');
      // a rematch follows a game played to its end only
      return player && o.toMove === -2 ? tr('onOverPlayer') : tr('onOverWatcher');
    }
    if (!player) return tr('onWatchingPrompt');
    if (mine) return null;
    const p = state.turn === 'player' ? state.player : o.toMove;
    if (p < 0) return tr('pThrowing');
    if (remote.isBot(p)) return tr('pBotPlays', seatLabel(p));
    if (o.claimed?.[p] === false) return tr('onWaitJoin', seatLabel(p));
    return tr('onWaitMove', seatLabel(p));
  },
};

// ---- the connection ----

// callTimeout is how long a call waits for its answer: longer than the
// server takes for any (its budget, the storing, the changes sent first),
// so that a call unanswered then went into a connection that is dead.
const callTimeout = 30000;

// request sends a call and returns a promise of its result. It fails, and
// never waits for ever: on the server's refusal, when the connection is
// not open or closes before the answer (the game left, the connection
// dropped), and after callTimeout, when the connection is closed to be
// made again. send sends a call whose refusal is shown.
export function request(method, args) {
  const o = game;
  return new Promise((resolve, reject) => {
    if (!o?.ws || o.ws.readyState !== WebSocket.OPEN) { reject({ name: 'ErrOffline', message: 'not connected' }); return; }
    const id = ++o.nextId;
    const ws = o.ws;
    const timer = setTimeout(() => {
      if (!o.pending.delete(id)) return;
      reject({ name: 'ErrOffline', message: `no answer to ${method} within ${callTimeout / 1000} s` });
      if (o.ws === ws) ws.close(); // reconnects
    }, callTimeout);
    const done = (f) => (v) => { clearTimeout(timer); f(v); };
    o.pending.set(id, { resolve: done(resolve), reject: done(reject) });
    try {
      ws.send(JSON.stringify({ id, method, args }));
    } catch (e) {
      o.pending.delete(id);
      done(reject)({ name: 'ErrOffline', message: String(e) });
    }
  });
}

export function send(method, args) {
  request(method, args).catch(fail);
}

// wsURL is the address of the WebSocket of a game. It names the game,
// which the server reads from the hello only, so that a proxy in front of
// several processes can send all of a game's connections to one of them.
function wsURL(id) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?game=${encodeURIComponent(id)}`;
}

// joinPath is the API's join for a game, named in the query too (which
// the server ignores) for the same proxy: the process that lets a person
// join holds the game from then on.
export function joinPath(id) {
  return `/api/join?game=${encodeURIComponent(id)}`;
}

// oneCall makes a call that needs no game (verifyDice) on a connection
// of its own, for a page whose game's connection is closed; game is the
// game it is about, for the proxy. Like request it fails rather than
// wait for ever: on a refusal (its own id's, or one the server could not
// tie to a call: the connection has no other), when the connection fails
// or closes before the answer, and after callTimeout.
export function oneCall(game, method, args) {
  return new Promise((resolve, reject) => {
    let ws;
    let timer = 0;
    const end = (f, v) => {
      if (!ws) return;
      const w = ws;
      ws = null;
      clearTimeout(timer);
      w.onopen = w.onmessage = w.onerror = w.onclose = null;
      if (w.readyState <= WebSocket.OPEN) w.close();
      f(v);
    };
    try {
      ws = new WebSocket(wsURL(game));
    } catch (e) {
      reject({ name: 'ErrOffline', message: String(e) });
      return;
    }
    timer = setTimeout(() => end(reject, { name: 'ErrOffline', message: `no answer to ${method} within ${callTimeout / 1000} s` }), callTimeout);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method, args }));
    ws.onmessage = (e) => {
      let f;
      try { f = JSON.parse(e.data); } catch { end(reject, { name: 'ErrBadFrame', message: 'an answer that is not JSON' }); return; }
      if (f.id === 1 || (f.id === null && f.error)) {
        if (f.error) end(reject, f.error); else end(resolve, f.result);
      }
    };
    ws.onerror = () => end(reject, { name: 'ErrOffline', message: 'not connected' });
    ws.onclose = () => end(reject, { name: 'ErrOffline', message: 'the connection closed before the answer' });
  });
}

// leave ends the online game: the page plays locally again, or, when
// another online game follows (next), goes on showing this one's copy
// until the next is shown; the copy's handle is returned.
export function leave(next) {
  if (!game) return 0;
  const o = game;
  game = null;
  for (const p of o.pending.values()) p.reject({ name: 'ErrOffline', message: 'left the game' });
  o.pending.clear();
  if (o.ws) o.ws.close();
  if (!next) page.online(null);
  history.replaceState(null, '', location.pathname + location.search);
  for (const d of ['#online-dialog', '#online-join-dialog', '#online-give-up-dialog']) if ($(d).open) $(d).close();
  $('#online-proof').hidden = true;
  updateBar();
  updateTitle();
  return o.handle;
}

// connect opens the game's WebSocket and says hello; on a drop it tries
// again, waiting longer each time (at most 5 s).
function connect() {
  const o = game;
  if (!o) return;
  const ws = new WebSocket(wsURL(o.game));
  o.ws = ws;
  ws.onopen = () => {
    o.retry = 0;
    const args = { game: o.game, rev: o.rev };
    if (o.secret) args.secret = o.secret;
    ws.send(JSON.stringify({ id: 0, method: 'hello', args }));
  };
  ws.onmessage = (e) => receive(o, JSON.parse(e.data));
  ws.onclose = () => {
    for (const p of o.pending.values()) p.reject({ name: 'ErrOffline', message: 'the connection closed' });
    o.pending.clear();
    if (game !== o || o.closed) return;
    page.showInfo(tr('onReconnecting'));
    setTimeout(connect, Math.min(5000, 200 * 2 ** o.retry++));
  };
}

function receive(o, f) {
  if (game !== o) return;
  if (f.closed) {
    o.closed = true;
    page.showInfo(tr('onClosed'));
    updateBar();
    return;
  }
  // a reply is {id, result} or {id, error}, as the engine's
  if (f.id === 0 && (f.result || f.error)) {
    if (f.error) {
      fail(f.error);
      if (f.error.name === 'ErrBadSecret') forget(o);
      return;
    }
    o.info = f.result;
    o.seat = f.result.seat;
    return;
  }
  if (f.id !== undefined) {
    const p = o.pending.get(f.id);
    o.pending.delete(f.id);
    if (p) { if (f.error) p.reject(f.error); else p.resolve(f.result); } else if (f.error) fail(f.error);
    return;
  }
  if (f.delta) {
    // the deltas follow the hello's answer, which names the game
    if (o.info) follow(o, f.delta); else fail({ name: 'ErrBadFrame', message: 'a delta before the hello' });
  }
}

function forget(o) {
  try { localStorage.removeItem(secretKey(o.game)); } catch { /* private mode */ }
  o.secret = '';
  o.ws.close();
}

// follow plays a delta on the page's copy: back to its "from", then its
// steps; and keeps what it says of the seats, the rematch and the dice.
function follow(o, d) {
  if (d.rev <= o.rev && o.handle) return;
  if (!o.handle) {
    const res = page.call('newGame', { variant: o.info.variant, preset: o.info.preset, players: o.info.players });
    if (res.error) { fail(res.error); return; }
    o.handle = res.handle;
  }
  let len = page.call('state', { handle: o.handle, log: false, legal: false }).length;
  while (len > d.from) {
    const r = page.call('undo', { handle: o.handle, log: false, legal: false });
    if (r.error) break;
    len = r.length;
  }
  for (const s of d.log || []) {
    const r = page.call('apply', { handle: o.handle, notation: s.notation, log: false, legal: false });
    if (r.error) { fail(r.error); return; }
  }
  noteAsks(o, d); // before the length is the delta's
  o.rev = d.rev;
  o.toMove = d.toMove;
  o.length = d.length;
  o.canRedo = !!d.canRedo;
  o.ending = d.ending || '';
  o.clockOut = d.clock ? d.clock.out : -1;
  o.redraws = d.redraws || [];
  // a delta says every seat's name: none when it has no "names"
  const names = d.names || [];
  if (JSON.stringify(names) !== JSON.stringify(o.names)) {
    o.names = names;
    // the log's sentences again, with the names
    if (o.shown) $('#events').replaceChildren();
  }
  if (d.claimed) o.claimed = d.claimed;
  if (d.next) o.next = d.next;
  if (d.commitment && !o.commitment) o.commitment = d.commitment;
  if (d.seed != null && d.salt) o.proof = { commitment: d.commitment || o.commitment, seed: d.seed, salt: d.salt };
  const state = shown(o);
  o.state = state;
  if (!o.shown) {
    o.shown = true;
    page.online(remote, state, o.seat >= 0 ? [o.seat] : []);
    // the copy of the game shown before, if any, is done with
    if (o.old) page.call('close', { handle: o.old });
    o.old = 0;
  } else {
    page.show(state);
  }
  updateBar();
  updateTitle();
  if ($('#online-dialog').open) renderLinks();
  // a seat without a name (a rematch's) takes the one this browser keeps
  const name = myName();
  if (o.seat >= 0 && !o.named && name && !o.names?.[o.seat]) {
    o.named = true;
    send('name', { seat: o.seat, name });
  }
  if (o.invite && !o.asked) {
    o.asked = true;
    openJoin();
  }
}

// start shows the game of id, at the seat of secret ("" to watch). more
// may give the invitations made (the maker's), an invitation to offer, or
// the names the seats had in the game a rematch follows.
export function start(id, secret, seat, more) {
  const old = leave(true);
  game = { game: id, secret, seat, ws: null, rev: 0, handle: 0, nextId: 0, pending: new Map(), retry: 0, shown: false,
    state: null, toMove: -1, length: 0, canRedo: false, ending: '', clockOut: -1, names: null, claimed: null, next: '', commitment: '',
    proof: null, redraws: [], takeback: null, giveUp: null, outcome: null, invites: [], old, ...more };
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${id}${game.invite ? `&invite=${game.invite}` : ''}`);
  connect();
  updateBar();
}

// ---- the tab's title ----

// updateTitle puts "Your turn" before the title of a tab in the background
// while it is the person's turn.
function updateTitle() {
  const mine = game && game.seat >= 0 && game.toMove === game.seat && !over(game);
  document.title = mine && document.hidden ? `${tr('onYourTurnTitle')} — ${baseTitle}` : baseTitle;
}
document.addEventListener('visibilitychange', updateTitle);
