// The online layer of the page, served by the game server (package site)
// beside the page of examples/web: play with friends at other screens,
// watch a game, join a public one, play a rematch, check the dice. The game
// is the server's; the page keeps a copy of it in its own WebAssembly (made
// with the same rules, every step the server tells played on it), so that
// drawing, the legal steps and the rules stay the page's own. The calls
// that act go to the server over one WebSocket, with the seat's secret,
// which the page keeps in localStorage by game; the server's deltas keep
// the copy, and say the seats' names, the rematch once made and, at the
// end, the dice's seed. After a dropped connection or a restart of the
// server the page reconnects by itself and catches up from the last
// revision it has.
//
// Links, built from the address the page was reached at: #game=ID watches
// (or plays, with a secret kept for the game), #game=ID&invite=TOKEN offers
// the seat of the invitation.
//
// The words are the page's (i18n.js): the layer adds its own, in English
// and German, to the page's tables, so that the page's language and its
// switch serve them too.

import { words } from './i18n.js';

const page = await until(() => globalThis.brettspielPage && document.body.dataset.ready === '1' && globalThis.brettspielPage);
const $ = (s) => document.querySelector(s);
const tr = (key, ...a) => page.tr(key, ...a);

const online = {
  en: {
    onPlayOnline: 'Online:', onFriend: 'Play with a friend…', onLobby: 'Public games',
    onFriendTitle: 'Play with a friend', onYourName: 'Your name', onNameHint: 'shown to everyone at the table',
    onAbout: (game, seats) => `${game}, ${seats} seats. You play the first seat; each other seat gets a link to send.`,
    onAFriend: 'a person, invited by a link', onPublic: 'Also list it among the public games: anyone may take an open seat',
    onInvite: 'Make the links', onCancel: 'Cancel', onPlay: 'To the board',
    onInviteFor: (seat) => `The link for the person who plays ${seat}:`,
    onJoined: (seat, name) => `${seat}: ${name ? `${name} has joined` : 'taken'}.`,
    onWatchLink: 'The link to watch (it acts on nothing):',
    onCopy: 'Copy', onCopied: 'Copied', onPressCopy: 'Selected: copy it now', onShare: 'Share…',
    onShareText: (game) => `A game of ${game} on brettspiel`,
    onLinks: 'Links and name…', onWatchLinkBtn: 'Link to watch…', onLinksTitle: 'This game online',
    onJoinTitle: 'You are invited', onJoin: 'Take the seat', onWatchOnly: 'Only watch',
    onJoinText: (who, game) => `${who} invites you to a game of ${game}.`, onSomeone: 'Someone',
    onJoinSeat: (seat) => ` You play ${seat}.`,
    onInviteTaken: 'This invitation has been used: you are watching the game.',
    onSeatNamed: (name, colour) => `${name} (${colour})`,
    onSeatOpen: (s) => `${s} (invited)`, onMe: (s) => `${s} (you)`,
    onYouAre: (name, colour) => `You are ${name}, playing ${colour}.`,
    onWatching: 'You are watching this game.',
    onWatchingPrompt: 'You are watching: each move shows as it is played.',
    onWaitJoin: (s) => `Waiting for ${s} to join: send the link (Links and name…).`,
    onWaitMove: (s) => `Waiting for ${s} to play.`,
    onOverPlayer: 'The game is over. Rematch plays again, the seats swapped; Check the dice shows that the dice were fixed before the first throw.',
    onOverWatcher: 'The game is over. Check the dice shows that the dice were fixed before the first throw.',
    onRematchReady: 'A rematch is ready, the seats swapped: press Play the rematch.',
    onRematchWatchReady: 'The players play a rematch: press Watch the rematch.',
    onRematch: 'Rematch', onRematchTitle: 'the same people again, the seats swapped',
    onRematchAccept: 'Play the rematch', onRematchWatch: 'Watch the rematch',
    onCheckDice: 'Check the dice', onChecking: 'Checking the dice…',
    onDiceFair: (n) => `The dice were fair: the seed revealed now is the one committed to before the first throw, and all ${n} ${n === 1 ? 'throw is' : 'throws are'} the ones it gives.`,
    onDiceBadCommitment: 'The dice do not check out: the seed and salt revealed are not the ones committed to at the start.',
    onDiceBadThrow: (step, thrown, expected) => `The dice do not check out: step ${step} was the throw ${thrown}, the seed gives ${expected}.`,
    onDiceNotYet: 'The seed of the dice is revealed when the game ends.',
    onProof: 'The proof', onCommitment: 'Commitment (shown from the start)', onSeed: 'Seed', onSalt: 'Salt',
    onProofAbout: 'The commitment is the SHA-256 of "brettspiel dice 1", a line feed, the salt and the seed as 8 bytes, most significant first; every throw after n steps is the one PCG(seed, 2n) gives.',
    onYourTurnTitle: 'Your turn', onReconnecting: 'Reconnecting…', onClosed: 'The game was archived: it is over on the server.',
    onLobbyNone: 'No public game is waiting for a player.',
    onLobbyGame: (game, seat) => `${game}: ${seat} open`,
    onErrors: {
      ErrBadInvite: 'That invitation is not valid any more: its seat has been taken.',
      ErrUnknownGame: 'The server has no game of that link (any more).',
      ErrTooManyGames: 'You have made many games of late: wait a while, or play those.',
      ErrRateLimited: 'Too many calls at once: wait a moment.',
      ErrOffline: 'Not connected: reconnecting…',
      ErrStopping: 'The server restarts: reconnecting…',
      ErrStorage: 'The server could not store that: try again.',
      ErrNotOver: 'The game is not over yet.',
      ErrBadSecret: 'This browser holds no seat of that game: you are watching.',
      ErrTooMany: 'The server has too many connections: try again in a moment.',
    },
  },
  de: {
    onPlayOnline: 'Online:', onFriend: 'Mit einem Freund spielen…', onLobby: 'Offene Spiele',
    onFriendTitle: 'Mit einem Freund spielen', onYourName: 'Dein Name', onNameHint: 'für alle am Tisch sichtbar',
    onAbout: (game, seats) => `${game}, ${seats} Plätze. Du spielst den ersten Platz; für jeden weiteren Platz gibt es einen Link zum Verschicken.`,
    onAFriend: 'ein Mensch, per Link eingeladen', onPublic: 'Auch unter den offenen Spielen zeigen: jeder darf einen freien Platz nehmen',
    onInvite: 'Links erstellen', onCancel: 'Abbrechen', onPlay: 'Zum Brett',
    onInviteFor: (seat) => `Der Link für die Person, die ${seat} spielt:`,
    onJoined: (seat, name) => `${seat}: ${name ? `${name} ist beigetreten` : 'besetzt'}.`,
    onWatchLink: 'Der Link zum Zuschauen (damit kann man nichts ziehen):',
    onCopy: 'Kopieren', onCopied: 'Kopiert', onPressCopy: 'Markiert: jetzt kopieren', onShare: 'Teilen…',
    onShareText: (game) => `Eine Partie ${game} auf brettspiel`,
    onLinks: 'Links und Name…', onWatchLinkBtn: 'Link zum Zuschauen…', onLinksTitle: 'Dieses Spiel online',
    onJoinTitle: 'Du bist eingeladen', onJoin: 'Mitspielen', onWatchOnly: 'Nur zuschauen',
    onJoinText: (who, game) => `${who} lädt dich zu einer Partie ${game} ein.`, onSomeone: 'Jemand',
    onJoinSeat: (seat) => ` Du spielst ${seat}.`,
    onInviteTaken: 'Diese Einladung wurde schon angenommen: du schaust dem Spiel zu.',
    onSeatNamed: (name, colour) => `${name} (${colour})`,
    onSeatOpen: (s) => `${s} (eingeladen)`, onMe: (s) => `${s} (du)`,
    onYouAre: (name, colour) => `Du bist ${name} und spielst ${colour}.`,
    onWatching: 'Du schaust diesem Spiel zu.',
    onWatchingPrompt: 'Du schaust zu: jeder Zug erscheint, sobald er gespielt ist.',
    onWaitJoin: (s) => `Warte, bis ${s} beitritt: den Link schicken (Links und Name…).`,
    onWaitMove: (s) => `Warte auf den Zug von ${s}.`,
    onOverPlayer: 'Das Spiel ist aus. Revanche spielt noch einmal mit getauschten Plätzen; Würfel prüfen zeigt, dass die Würfel vor dem ersten Wurf feststanden.',
    onOverWatcher: 'Das Spiel ist aus. Würfel prüfen zeigt, dass die Würfel vor dem ersten Wurf feststanden.',
    onRematchReady: 'Eine Revanche mit getauschten Plätzen steht bereit: Revanche spielen drücken.',
    onRematchWatchReady: 'Die Spieler spielen eine Revanche: Revanche ansehen drücken.',
    onRematch: 'Revanche', onRematchTitle: 'dieselben Leute noch einmal, die Plätze getauscht',
    onRematchAccept: 'Revanche spielen', onRematchWatch: 'Revanche ansehen',
    onCheckDice: 'Würfel prüfen', onChecking: 'Die Würfel werden geprüft…',
    onDiceFair: (n) => `Die Würfel waren fair: der jetzt aufgedeckte Startwert ist der, auf den sich der Server vor dem ersten Wurf festgelegt hat, und ${n === 1 ? 'der Wurf ist der' : `alle ${n} Würfe sind die`}, die er ergibt.`,
    onDiceBadCommitment: 'Die Würfel stimmen nicht: Startwert und Salz passen nicht zur Festlegung vom Anfang.',
    onDiceBadThrow: (step, thrown, expected) => `Die Würfel stimmen nicht: Schritt ${step} war der Wurf ${thrown}, der Startwert ergibt ${expected}.`,
    onDiceNotYet: 'Der Startwert der Würfel wird aufgedeckt, wenn das Spiel endet.',
    onProof: 'Der Nachweis', onCommitment: 'Festlegung (von Anfang an gezeigt)', onSeed: 'Startwert', onSalt: 'Salz',
    onProofAbout: 'Die Festlegung ist der SHA-256 von „brettspiel dice 1“, einem Zeilenvorschub, dem Salz und dem Startwert als 8 Bytes, das höchstwertige zuerst; jeder Wurf nach n Schritten ist der, den PCG(Startwert, 2n) ergibt.',
    onYourTurnTitle: 'Du bist am Zug', onReconnecting: 'Verbindung wird wiederhergestellt…', onClosed: 'Das Spiel wurde archiviert: auf dem Server ist es beendet.',
    onLobbyNone: 'Kein offenes Spiel wartet auf einen Spieler.',
    onLobbyGame: (game, seat) => `${game}: ${seat} frei`,
    onErrors: {
      ErrBadInvite: 'Diese Einladung gilt nicht mehr: ihr Platz ist schon besetzt.',
      ErrUnknownGame: 'Der Server hat (nicht mehr) das Spiel dieses Links.',
      ErrTooManyGames: 'Du hast zuletzt viele Spiele angelegt: warte eine Weile, oder spiele diese.',
      ErrRateLimited: 'Zu viele Aufrufe auf einmal: einen Moment warten.',
      ErrOffline: 'Keine Verbindung: sie wird wiederhergestellt…',
      ErrStopping: 'Der Server startet neu: die Verbindung wird wiederhergestellt…',
      ErrStorage: 'Der Server konnte das nicht speichern: noch einmal versuchen.',
      ErrNotOver: 'Das Spiel ist noch nicht aus.',
      ErrBadSecret: 'Dieser Browser hat keinen Platz in diesem Spiel: du schaust zu.',
      ErrTooMany: 'Der Server hat zu viele Verbindungen: gleich noch einmal versuchen.',
    },
  },
};
for (const [l, table] of Object.entries(online)) Object.assign(words[l] ??= {}, table);

// the methods whose calls the server takes while a game is online
const acting = new Set(['apply', 'throw', 'undo', 'redo', 'takeback', 'answerTakeback', 'botMove', 'advance', 'throwManual']);
// the methods that leave the online game for local play
const leaving = new Set(['newGame', 'loadRecord', 'loadID']);

// game is the online game shown: {game, secret, seat, ws, rev, handle,
// info (hello's answer), nextId, pending (the calls awaiting their
// answers), retry, shown, toMove, names, claimed, next (the rematch),
// commitment, proof {commitment, seed, salt}, invites (the maker's),
// invite (an invitation not yet taken), hint (the names of the game before
// a rematch, by the seats here), named}.
let game = null;
const baseTitle = document.title;

async function until(f) {
  for (;;) {
    const v = f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function secretKey(id) { return `brettspiel.seat.${id}`; }

function kept(id) {
  try { return JSON.parse(localStorage.getItem(secretKey(id)) || 'null'); } catch { return null; }
}

function keep(id, seat) {
  try { localStorage.setItem(secretKey(id), JSON.stringify(seat)); } catch { /* private mode */ }
}

// the person's name, remembered on this browser; at most 24 characters
const nameKey = 'brettspiel-name';
function clipName(n) { return [...String(n || '').trim()].slice(0, 24).join(''); }
function myName() {
  try { return clipName(localStorage.getItem(nameKey)); } catch { return ''; }
}
function keepName(n) {
  try { localStorage.setItem(nameKey, clipName(n)); } catch { /* private mode */ }
}

// fail shows an error of the server or the session, in the page's words
// where the layer knows the error.
function fail(e) {
  const err = e && e.name ? e : { name: 'ErrOffline', message: String(e) };
  page.showError({ ...err, say: tr('onErrors')?.[err.name] || err.say || err.message });
}

async function api(path, body) {
  let res;
  try {
    res = await fetch(path, body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
  } catch (e) {
    throw { name: 'ErrOffline', message: String(e) };
  }
  let out;
  try { out = await res.json(); } catch { throw { name: 'ErrOffline', message: `${res.status} ${res.statusText}` }; }
  if (out.error) throw out.error;
  return out;
}

// link is the address of a game's link: the page's own, as reached.
function link(id, invite) {
  // the server's -public-url, else the address this page was reached at
  const base = document.querySelector('meta[name="brettspiel-public-url"]')?.content || `${location.origin}${location.pathname}`;
  return `${base}#game=${id}${invite ? `&invite=${invite}` : ''}`;
}

// ---- the catalogue's words ----

let catalogue = null;
function gameTitle(variant, preset) {
  if (!catalogue || catalogue.lang !== page.lang()) {
    let res = page.call('games', { lang: page.lang() });
    if (res.error) res = page.call('games', {});
    catalogue = { lang: page.lang(), games: res.games || [] };
  }
  const g = catalogue.games.find((x) => x.name === variant);
  if (!g) return variant;
  const p = g.presets.find((x) => x.name === preset);
  return preset ? `${g.title} (${p?.title || preset})` : g.title;
}

// ---- the seats ----

function nameOf(p) { return game?.names?.[p] || game?.hint?.[p] || ''; }

function seatLabel(p) { return remote.seatName(p) || tr('seat', p); }

// remote is what the page hands the acting calls to while online, and asks
// about the seats.
const remote = {
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
    return page.call('state', page.view({ handle: game.handle, since: 0 }));
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
      return player ? tr('onOverPlayer') : tr('onOverWatcher');
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

// request sends a call and returns a promise of its result; send sends
// one whose refusal is shown.
function request(method, args) {
  const o = game;
  return new Promise((resolve, reject) => {
    if (!o?.ws || o.ws.readyState !== WebSocket.OPEN) { reject({ name: 'ErrOffline', message: 'not connected' }); return; }
    const id = ++o.nextId;
    o.pending.set(id, { resolve, reject });
    o.ws.send(JSON.stringify({ id, method, args }));
  });
}

function send(method, args) {
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
function joinPath(id) {
  return `/api/join?game=${encodeURIComponent(id)}`;
}

// oneCall makes a call that needs no game (verifyDice) on a connection
// of its own, for a page whose game's connection is closed; game is the
// game it is about, for the proxy.
function oneCall(game, method, args) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsURL(game));
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method, args }));
    ws.onmessage = (e) => {
      const f = JSON.parse(e.data);
      if (f.id !== 1) return;
      ws.close();
      if (f.error) reject(f.error); else resolve(f.result);
    };
    ws.onerror = () => reject({ name: 'ErrOffline', message: 'not connected' });
  });
}

// leave ends the online game: the page plays locally again, or, when
// another online game follows (next), goes on showing this one's copy
// until the next is shown; the copy's handle is returned.
function leave(next) {
  if (!game) return 0;
  const o = game;
  game = null;
  for (const p of o.pending.values()) p.reject({ name: 'ErrOffline', message: 'left the game' });
  o.pending.clear();
  if (o.ws) o.ws.close();
  if (!next) page.online(null);
  history.replaceState(null, '', location.pathname + location.search);
  for (const d of ['#online-dialog', '#online-join-dialog']) if ($(d).open) $(d).close();
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
  o.rev = d.rev;
  o.toMove = d.toMove;
  // a delta says every seat's name: none when it has no "names"
  const names = d.names || [];
  if (JSON.stringify(names) !== JSON.stringify(o.names)) {
    o.names = names;
    // the log's sentences again, with the names
    if (o.shown) $('#events').replaceChildren();
  }
  if (d.claimed) o.claimed = d.claimed;
  if (d.next) o.next = d.next;
  if (d.commitment) o.commitment = d.commitment;
  if (d.seed != null && d.salt) o.proof = { commitment: d.commitment || o.commitment, seed: d.seed, salt: d.salt };
  const state = page.call('state', page.view({ handle: o.handle, since: 0 }));
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
function start(id, secret, seat, more) {
  const old = leave(true);
  game = { game: id, secret, seat, ws: null, rev: 0, handle: 0, nextId: 0, pending: new Map(), retry: 0, shown: false,
    toMove: -1, names: null, claimed: null, next: '', proof: null, invites: [], old, ...more };
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${id}${game.invite ? `&invite=${game.invite}` : ''}`);
  connect();
  updateBar();
}

// ---- the tab's title ----

// updateTitle puts "Your turn" before the title of a tab in the background
// while it is the person's turn.
function updateTitle() {
  const mine = game && game.seat >= 0 && game.toMove === game.seat;
  document.title = mine && document.hidden ? `${tr('onYourTurnTitle')} — ${baseTitle}` : baseTitle;
}
document.addEventListener('visibilitychange', updateTitle);

// ---- making a game, and its links ----

// openFriend opens the dialog that makes a game with friends: the
// person's name, and for each other seat a person invited (the default)
// or a bot the person chooses.
function openFriend() {
  const players = Number($('#players').value);
  setMode('make');
  $('#online-name').value = myName();
  $('#online-about').textContent = tr('onAbout', `${$('#variant').selectedOptions[0]?.text || ''} (${$('#preset').selectedOptions[0]?.text || ''})`, players);
  const bots = [...$('#opponent').options].filter((o) => o.value !== 'hot-seat');
  $('#online-seats').replaceChildren(...[...Array(players).keys()].slice(1).map((i) => {
    const label = document.createElement('label');
    const span = document.createElement('span');
    span.textContent = `${tr('seat', i)}:`;
    const sel = document.createElement('select');
    sel.dataset.seat = String(i);
    sel.append(new Option(tr('onAFriend'), 'person'), ...bots.map((o) => new Option(o.text, o.value)));
    label.append(span, ' ', sel);
    return label;
  }));
  $('#online-public-check').checked = false;
  $('#online-links').hidden = true;
  if ($('#chooser-dialog').open) $('#chooser-dialog').close();
  $('#online-dialog').showModal();
  $('#online-name').focus();
}

async function create() {
  const players = Number($('#players').value);
  const seats = [...Array(players).keys()].map((i) => (i === 0 ? 'person' : $(`#online-seats select[data-seat="${i}"]`)?.value || 'person'));
  const name = clipName($('#online-name').value);
  keepName(name);
  $('#online-make').disabled = true;
  try {
    const c = await api('/api/games', {
      variant: $('#variant').value, preset: $('#preset').value, players, seats,
      public: $('#online-public-check').checked, lang: page.lang(), ...(name ? { name } : {}),
    });
    keep(c.game, { secret: c.secret, seat: c.seat, invites: c.invites });
    start(c.game, c.secret, c.seat, { invites: c.invites, names: seats.map((_, i) => (i === c.seat ? name : '')) });
    setMode('links');
    renderLinks();
    if (!$('#online-dialog').open) $('#online-dialog').showModal();
    $('#online-links .copy')?.focus();
  } catch (e) {
    $('#online-dialog').close();
    fail(e);
  } finally {
    $('#online-make').disabled = false;
  }
}

// openLinks opens the dialog with the game's links, and the person's name
// to change.
function openLinks() {
  if (!game) return;
  setMode(game.seat >= 0 ? 'links' : 'watch');
  $('#online-name').value = nameOf(game.seat) || myName();
  renderLinks();
  $('#online-dialog').showModal();
}

// setMode sets what the dialog shows: make (the name, the seats, the
// links once made), links (the name, the links), watch (the watchers' link).
function setMode(mode) {
  $('#online-dialog').dataset.mode = mode;
  $('#online-title').textContent = tr(mode === 'make' ? 'onFriendTitle' : 'onLinksTitle');
  $('#online-about').hidden = mode !== 'make';
}

// renderLinks writes the links of the game shown: an invitation per seat
// still open (the maker's page has them), and the watchers' link. Each is
// shown whole, selectable, with Copy and, where the system has a share
// sheet, Share.
function renderLinks() {
  const box = $('#online-links');
  const o = game;
  if (!o) { box.hidden = true; return; }
  const title = gameTitle(o.info?.variant || $('#variant').value, o.info?.preset ?? $('#preset').value);
  // each row: a seat taken (its words), or a label and a link
  const spec = (o.invites || []).map((i) => (o.claimed?.[i.seat]
    ? { taken: tr('onJoined', tr('seat', i.seat), nameOf(i.seat)) }
    : { label: tr('onInviteFor', tr('seat', i.seat)), url: link(o.game, i.token), invite: true }));
  spec.push({ label: tr('onWatchLink'), url: link(o.game), invite: false });
  // drawn again only when it changed: a change of the game while the
  // dialog is open leaves the buttons and the selection as they are
  const key = JSON.stringify([spec, title, !!navigator.share]);
  box.hidden = false;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...spec.map((r) => {
    if (!r.taken) return linkRow(r.label, r.url, title, r.invite);
    const p = document.createElement('p');
    p.className = 'link-label';
    p.textContent = r.taken;
    return p;
  }));
}

function linkRow(label, url, title, invite) {
  const row = document.createElement('div');
  row.className = 'link-row';
  const p = document.createElement('p');
  p.className = 'link-label';
  p.textContent = label;
  const code = document.createElement('code');
  code.className = invite ? 'link invite' : 'link watch';
  code.textContent = url;
  code.tabIndex = 0;
  code.addEventListener('click', () => selectText(code));
  code.addEventListener('focus', () => selectText(code));
  const buttons = document.createElement('div');
  buttons.className = 'link-buttons';
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = tr('onCopy');
  copy.addEventListener('click', () => copyText(url, code, copy));
  buttons.append(copy);
  if (navigator.share) {
    const share = document.createElement('button');
    share.type = 'button';
    share.className = 'share';
    share.textContent = tr('onShare');
    share.addEventListener('click', () => navigator.share({ title: document.title, text: tr('onShareText', title), url }).catch(() => {}));
    buttons.append(share);
  }
  row.append(p, code, buttons);
  return row;
}

function selectText(el) {
  const r = document.createRange();
  r.selectNodeContents(el);
  getSelection().removeAllRanges();
  getSelection().addRange(r);
}

// copyText copies a link by the clipboard's API, or, where there is none
// (a page not served over HTTPS) or it does not answer within a second (a
// permission never granted), by selecting it and the old command; the
// button says which.
async function copyText(text, el, button) {
  let said = tr('onCopied');
  let ok = false;
  try {
    ok = await Promise.race([navigator.clipboard.writeText(text).then(() => true),
      new Promise((resolve) => { setTimeout(() => resolve(false), 1000); })]);
  } catch { /* no clipboard, or refused */ }
  if (!ok) {
    selectText(el);
    try { ok = document.execCommand('copy'); } catch { /* none */ }
    if (!ok) said = tr('onPressCopy');
  }
  button.textContent = ok ? `${said} ✓` : said;
  button.dataset.copied = ok ? 'copied' : 'selected';
  setTimeout(() => { button.textContent = tr('onCopy'); }, 2000);
}

// rename gives the person's seat the name typed, and keeps it.
function rename() {
  const name = clipName($('#online-name').value);
  keepName(name);
  if (game && game.seat >= 0 && name && name !== game.names?.[game.seat]) send('name', { seat: game.seat, name });
}

// ---- an invitation taken ----

// openJoin offers the seat of an invitation: the page watches the game
// meanwhile, so that it can say who invites and to what.
function openJoin() {
  const o = game;
  const who = (o.names || []).find((n, i) => n && o.claimed?.[i]) || tr('onSomeone');
  const open = (o.info.seats || []).map((k, i) => i).filter((i) => o.info.seats[i] === 'person' && o.claimed?.[i] === false);
  $('#online-join-text').textContent = tr('onJoinText', who, gameTitle(o.info.variant, o.info.preset)) + (open.length === 1 ? tr('onJoinSeat', tr('seat', open[0])) : '');
  $('#online-join-name').value = myName();
  $('#online-join-dialog').showModal();
  $('#online-join-name').focus();
}

async function join() {
  const o = game;
  const name = clipName($('#online-join-name').value);
  keepName(name);
  $('#online-join-dialog').close();
  try {
    const j = await api(joinPath(o.game), { game: o.game, invite: o.invite, ...(name ? { name } : {}) });
    keep(o.game, j);
    start(o.game, j.secret, j.seat);
  } catch (e) {
    watchOnly();
    if (e.name === 'ErrBadInvite') page.showInfo(tr('onInviteTaken')); else fail(e);
  }
}

function watchOnly() {
  if ($('#online-join-dialog').open) $('#online-join-dialog').close();
  if (!game) return;
  game.invite = '';
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${game.game}`);
}

// ---- after the game: the rematch and the dice ----

// rematch asks for the rematch (the first to ask makes it, the others get
// their seats in it), or, for a watcher, follows it.
async function rematch() {
  const o = game;
  if (!o) return;
  if (o.seat < 0 || !o.secret) {
    if (o.next) start(o.next, '', -1);
    return;
  }
  $('#online-rematch').disabled = true;
  try {
    const c = await api('/api/rematch', { game: o.game, secret: o.secret });
    keep(c.game, { secret: c.secret, seat: c.seat });
    // every seat moved one on: the names of the seats before, turned
    const n = o.info.players;
    const hint = [...Array(n).keys()].map((j) => (remote.isBot((j + n - 1) % n) ? '' : o.names?.[(j + n - 1) % n] || ''));
    start(c.game, c.secret, c.seat, { hint });
  } catch (e) {
    fail(e);
  } finally {
    $('#online-rematch').disabled = false;
  }
}

// checkDice fetches the game's record and has the server check it
// against the commitment shown from the start and the seed revealed at
// the end (the session's verifyDice), and says the verdict.
async function checkDice() {
  const o = game;
  if (!o) return;
  const box = $('#online-proof');
  const verdict = $('#online-verdict');
  box.hidden = false;
  if (!o.proof) { verdict.textContent = tr('onDiceNotYet'); return; }
  verdict.textContent = tr('onChecking');
  verdict.className = '';
  $('#online-commitment').textContent = o.proof.commitment;
  $('#online-seed').textContent = String(o.proof.seed);
  $('#online-salt').textContent = o.proof.salt;
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(o.game)}/record`);
    const text = await res.text();
    if (!res.ok) {
      let err = { name: 'ErrOffline', message: res.statusText };
      try { err = JSON.parse(text).error || err; } catch { /* not JSON */ }
      throw err;
    }
    const args = { text, commitment: o.proof.commitment, seed: o.proof.seed, salt: o.proof.salt };
    const c = o.ws?.readyState === WebSocket.OPEN && game === o ? await request('verifyDice', args) : await oneCall(o.game, 'verifyDice', args);
    if (c.ok) verdict.textContent = tr('onDiceFair', c.throws);
    else if (c.bad) verdict.textContent = tr('onDiceBadThrow', c.bad.index + 1, c.bad.thrown, c.bad.expected);
    else verdict.textContent = tr('onDiceBadCommitment');
    verdict.className = c.ok ? 'fair' : 'unfair';
    verdict.dataset.ok = String(!!c.ok);
  } catch (e) {
    verdict.textContent = tr('onErrors')?.[e.name] || e.say || e.message || String(e);
    verdict.className = 'unfair';
  }
}

// ---- the controls ----

// updateBar shows the online controls the game has now: the links, and
// after the game the rematch and the check of the dice.
function updateBar() {
  const o = game;
  $('#online-bar').hidden = !o;
  $('#online-links-btn').textContent = o && o.seat < 0 ? tr('onWatchLinkBtn') : tr('onLinks');
  const over = !!o && o.toMove === -2;
  const player = !!o && o.seat >= 0 && !!o.secret;
  const r = $('#online-rematch');
  r.hidden = !over || (!player && !o.next);
  r.textContent = player ? tr(o?.next ? 'onRematchAccept' : 'onRematch') : tr('onRematchWatch');
  r.title = tr('onRematchTitle');
  $('#online-check-dice').hidden = !over;
  if (!over) $('#online-proof').hidden = true;
}

const style = `
#online { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .4em; align-items: center; border-top: 1px solid #d8cbb0; padding-top: .6em; }
#online-lobby { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .3em; }
#online-lobby:empty { display: none; }
#online-bar { margin: .3em 0 0; }
#online-bar button { font-size: .9em; }
#online-dialog, #online-join-dialog { width: min(34em, 94vw); }
#online-dialog label, #online-join-dialog label { display: block; margin: .5em 0; }
#online-dialog label > span:first-child, #online-join-dialog label > span:first-child { display: block; font-weight: 600; }
#online-dialog input[type=text], #online-join-dialog input[type=text] { width: 100%; max-width: 20em; }
#online-dialog label.check { display: flex; gap: .4em; align-items: baseline; }
#online-dialog label.check > span:first-child { display: inline; font-weight: normal; }
#online-dialog small { display: block; color: #555; margin-top: .3em; }
#online-dialog[data-mode=links] #online-setup, #online-dialog[data-mode=watch] #online-setup { display: none; }
#online-dialog[data-mode=make] #online-done-row { display: none; }
#online-dialog[data-mode=watch] #online-name-box { display: none; }
#online-links .link-row { margin: .8em 0; }
#online-links .link-label { margin: .2em 0; }
#online-links .link { display: block; padding: .35em .5em; background: #fff; border: 1px solid #d8cbb0; border-radius: 4px;
  font: .9em/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; word-break: break-all;
  white-space: normal; user-select: all; -webkit-user-select: all; cursor: text; }
#online-links .link-buttons { display: flex; gap: .4em; margin-top: .3em; }
#online-proof { margin: .4em 0; padding: .4em .6em; background: #f3f7ee; border-left: 4px solid #2d6a2d; }
#online-proof .unfair { color: var(--bad, #b3261e); font-weight: 600; }
#online-proof code { overflow-wrap: anywhere; word-break: break-all; font-size: .85em; }
#online-proof dl { margin: .3em 0; }
#online-proof dd { margin: 0 0 .3em 1em; }
@media (max-width: 640px) {
  #online-bar { margin: .1em 0 .2em; }
  #online-bar button { padding: .1em .6em; font-size: .85em; }
  /* the box small, its line the target of a thumb */
  #online-dialog label.check { align-items: center; min-height: 44px; }
  #online-dialog label.check input { min-width: 0; min-height: 0; width: 1.3em; height: 1.3em; flex: none; }
}
`;

// addControls adds the layer's controls: to the chooser, "Play with a
// friend…" and the public games; the dialogs that make a game and take an
// invitation; by the turn's words the links; by the page's controls the
// rematch and the check of the dice, with the proof's box below them.
function addControls() {
  const css = document.createElement('style');
  css.textContent = style;
  document.head.append(css);
  const box = document.createElement('div');
  box.id = 'online';
  box.innerHTML = `<span data-i18n="onPlayOnline"></span>
<button id="online-friend" type="button" class="primary" data-i18n="onFriend"></button>
<button id="online-lobby-btn" type="button" data-i18n="onLobby"></button>
<span id="online-lobby"></span>`;
  const buttons = $('#chooser .buttons');
  if (buttons) buttons.before(box); else ($('#chooser') || document.body).append(box);

  const dialog = document.createElement('dialog');
  dialog.id = 'online-dialog';
  dialog.setAttribute('aria-labelledby', 'online-title');
  dialog.innerHTML = `<h2 id="online-title"></h2>
<p id="online-about"></p>
<label id="online-name-box"><span data-i18n="onYourName"></span>
  <input id="online-name" type="text" maxlength="24" autocomplete="nickname" aria-describedby="online-name-hint">
  <small id="online-name-hint" data-i18n="onNameHint"></small></label>
<div id="online-setup">
  <div id="online-seats"></div>
  <label class="check"><input id="online-public-check" type="checkbox"> <span data-i18n="onPublic"></span></label>
  <p class="buttons"><button id="online-make" type="button" class="primary" data-i18n="onInvite"></button>
  <button id="online-cancel" type="button" data-i18n="onCancel"></button></p>
</div>
<div id="online-links" hidden></div>
<p id="online-done-row" class="buttons"><button id="online-done" type="button" class="primary" data-i18n="onPlay"></button></p>`;
  document.body.append(dialog);

  const joinDialog = document.createElement('dialog');
  joinDialog.id = 'online-join-dialog';
  joinDialog.setAttribute('aria-labelledby', 'online-join-title');
  joinDialog.innerHTML = `<h2 id="online-join-title" data-i18n="onJoinTitle"></h2>
<p id="online-join-text"></p>
<label><span data-i18n="onYourName"></span> <input id="online-join-name" type="text" maxlength="24" autocomplete="nickname"></label>
<p class="buttons"><button id="online-join" type="button" class="primary" data-i18n="onJoin"></button>
<button id="online-watch-only" type="button" data-i18n="onWatchOnly"></button></p>`;
  document.body.append(joinDialog);

  const bar = document.createElement('p');
  bar.id = 'online-bar';
  bar.hidden = true;
  bar.innerHTML = '<button id="online-links-btn" type="button" aria-haspopup="dialog"></button>';
  $('#you').after(bar);

  const after = document.createElement('span');
  after.innerHTML = `<button id="online-rematch" type="button" class="primary" hidden></button>
<button id="online-check-dice" type="button" hidden data-i18n="onCheckDice"></button>`;
  $('#play-again').after(...after.children);

  const proof = document.createElement('div');
  proof.id = 'online-proof';
  proof.hidden = true;
  proof.setAttribute('role', 'status');
  proof.innerHTML = `<p id="online-verdict"></p>
<details><summary data-i18n="onProof"></summary><dl>
<dt data-i18n="onCommitment"></dt><dd><code id="online-commitment"></code></dd>
<dt data-i18n="onSeed"></dt><dd><code id="online-seed"></code></dd>
<dt data-i18n="onSalt"></dt><dd><code id="online-salt"></code></dd></dl>
<p><small data-i18n="onProofAbout"></small></p></details>`;
  $('#message').after(proof);

  $('#online-friend').onclick = openFriend;
  $('#online-lobby-btn').onclick = lobby;
  $('#online-make').onclick = create;
  $('#online-cancel').onclick = () => $('#online-dialog').close();
  $('#online-done').onclick = () => { rename(); $('#online-dialog').close(); };
  $('#online-name').addEventListener('change', () => { if ($('#online-dialog').dataset.mode !== 'make') rename(); });
  $('#online-name').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    ev.preventDefault();
    if ($('#online-dialog').dataset.mode === 'make') create(); else $('#online-done').click();
  });
  $('#online-links-btn').onclick = openLinks;
  $('#online-join').onclick = join;
  $('#online-watch-only').onclick = watchOnly;
  $('#online-join-name').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); join(); } });
  joinDialog.addEventListener('cancel', () => watchOnly());
  $('#online-rematch').onclick = rematch;
  $('#online-check-dice').onclick = checkDice;
  // the page's language switch: the words written here, again
  $('#lang').addEventListener('change', relabel);
  relabel();
}

// relabel writes the layer's words in the page's language.
function relabel() {
  for (const e of document.querySelectorAll('#online [data-i18n], #online-dialog [data-i18n], #online-join-dialog [data-i18n], #online-proof [data-i18n], #online-check-dice')) {
    e.textContent = tr(e.dataset.i18n);
  }
  $('#online-title').textContent = tr($('#online-dialog').dataset.mode === 'make' ? 'onFriendTitle' : 'onLinksTitle');
  updateBar();
  if ($('#online-dialog').open) renderLinks();
}

async function lobby() {
  const list = $('#online-lobby');
  try {
    const { games } = await api('/api/lobby');
    if (!games?.length) {
      const p = document.createElement('span');
      p.textContent = tr('onLobbyNone');
      list.replaceChildren(p);
      return;
    }
    list.replaceChildren(...games.map((g) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = tr('onLobbyGame', gameTitle(g.variant, g.preset), tr('seat', g.open[0]));
      b.onclick = async () => {
        try {
          const name = myName();
          const j = await api(joinPath(g.game), { game: g.game, seat: g.open[0], ...(name ? { name } : {}) });
          keep(g.game, j);
          if ($('#chooser-dialog').open) $('#chooser-dialog').close();
          start(g.game, j.secret, j.seat);
        } catch (e) { fail(e); }
      };
      return b;
    }));
  } catch (e) { fail(e); }
}

async function fromLink() {
  const h = new URLSearchParams(location.hash.slice(1));
  const id = h.get('game');
  if (!id) return;
  const invite = h.get('invite');
  const seat = kept(id);
  if (seat?.secret) {
    start(id, seat.secret, seat.seat, { invites: seat.invites || [] });
    return;
  }
  // an invitation: watch the game while its seat is offered
  start(id, '', -1, invite ? { invite } : {});
}

addControls();
// what the tests (and a curious reader) may ask of the online game
globalThis.brettspielOnline = {
  start, leave,
  state: () => game && {
    game: game.game, seat: game.seat, rev: game.rev, toMove: game.toMove, over: game.toMove === -2, handle: game.handle,
    connected: game.ws?.readyState === WebSocket.OPEN, names: game.names || [], seats: game.info?.seats || [],
    next: game.next, proof: !!game.proof,
  },
};
fromLink();
