// The online layer of the page, served by examples/server beside the page
// of examples/web: play with a friend at another screen, watch a game,
// join a public one. The game is the server's; the page keeps a copy of it
// in its own WebAssembly (made with the same rules, every step the server
// tells played on it), so that drawing, the legal steps and the rules stay
// the page's own. The calls that act go to the server over one WebSocket,
// with the seat's secret, which the page keeps in localStorage by game;
// the server's deltas keep the copy. After a dropped connection or a
// restart of the server the page reconnects by itself and catches up from
// the last revision it has.
//
// Links: #game=ID watches (or plays, with a secret kept for the game),
// #game=ID&invite=TOKEN claims the seat of the invitation.

const page = await until(() => globalThis.brettspielPage && document.body.dataset.ready === '1' && globalThis.brettspielPage);
const $ = (s) => document.querySelector(s);

// the methods whose calls the server takes while a game is online
const acting = new Set(['apply', 'throw', 'undo', 'redo', 'takeback', 'answerTakeback', 'botMove', 'advance', 'throwManual']);
// the methods that leave the online game for local play
const leaving = new Set(['newGame', 'loadRecord', 'loadID']);

let online = null; // {game, secret, seat, ws, rev, handle, info, nextId, retry}

async function until(f) {
  for (;;) {
    const v = f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function secretKey(game) { return `brettspiel.seat.${game}`; }

function kept(game) {
  try { return JSON.parse(localStorage.getItem(secretKey(game)) || 'null'); } catch { return null; }
}

async function api(path, body) {
  const res = await fetch(path, body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
  const out = await res.json();
  if (out.error) throw out.error;
  return out;
}

// remote is what app.js's call hands the acting calls to.
const remote = {
  acts(method) {
    if (leaving.has(method)) { leave(); return false; }
    return acting.has(method);
  },
  call(method, args) {
    const { handle, ...rest } = args || {};
    if (method === 'botMove') {
      // "Bot plays" for a person online: the page's own bot chooses, the
      // server gets the move (it lets no client name a bot for a seat)
      let h = page.call('hint', { handle: online.handle, bot: rest.bot, count: 1 });
      if (h.error) h = page.call('hint', { handle: online.handle, count: 1 });
      if (h.error || !h.hints.length) { page.showError(h.error || { name: 'ErrNoHint', message: 'no move' }); } else send('apply', { notation: h.hints[0].notation, log: false });
    } else {
      send(method, rest);
    }
    // the page shows its copy as it is; the server's deltas follow
    return page.call('state', page.view({ handle: online.handle, since: 0 }));
  },
};

function send(method, args) {
  if (!online?.ws || online.ws.readyState !== WebSocket.OPEN) {
    page.showError({ name: 'ErrOffline', message: 'not connected', say: 'Reconnecting…' });
    return;
  }
  online.ws.send(JSON.stringify({ id: ++online.nextId, method, args }));
}

function leave() {
  if (!online) return;
  const ws = online.ws;
  online = null;
  if (ws) ws.close();
  page.online(null);
  history.replaceState(null, '', location.pathname + location.search);
  $('#online-links').hidden = true;
}

// connect opens the game's WebSocket and says hello; on a drop it tries
// again, waiting longer each time (at most 5 s).
function connect() {
  const o = online;
  if (!o) return;
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  o.ws = ws;
  ws.onopen = () => {
    o.retry = 0;
    const args = { game: o.game, rev: o.rev };
    if (o.secret) args.secret = o.secret;
    ws.send(JSON.stringify({ id: 0, method: 'hello', args }));
  };
  ws.onmessage = (e) => receive(o, JSON.parse(e.data));
  ws.onclose = () => {
    if (online !== o) return;
    page.showInfo(page.tr('reconnecting') || 'Reconnecting…');
    setTimeout(connect, Math.min(5000, 200 * 2 ** o.retry++));
  };
}

function receive(o, f) {
  if (online !== o) return;
  if (f.closed) { page.showError(f.closed); return; }
  // a reply is {id, result} or {id, error}, as the engine's
  if (f.id === 0 && (f.result || f.error)) {
    if (f.error) { page.showError(f.error); if (f.error.name === 'ErrBadSecret') forget(o); return; }
    o.info = f.result;
    o.seat = f.result.seat;
    return;
  }
  if (f.error) { page.showError(f.error); return; }
  if (f.delta) {
    // the deltas follow the hello's answer, which names the game
    if (o.info) follow(o, f.delta); else page.showError({ name: 'ErrBadFrame', message: 'a delta before the hello' });
  }
}

function forget(o) {
  localStorage.removeItem(secretKey(o.game));
  o.secret = '';
  o.ws.close();
}

// follow plays a delta on the page's copy: back to its "from", then its steps.
function follow(o, d) {
  if (d.rev <= o.rev && o.handle) return;
  if (!o.handle) {
    const res = page.call('newGame', { variant: o.info.variant, preset: o.info.preset, players: o.info.players });
    if (res.error) { page.showError(res.error); return; }
    o.handle = res.handle;
  }
  let len = page.call('state', { handle: o.handle, log: false, legal: false }).length;
  while (len > d.from) {
    const r = page.call('undo', { handle: o.handle, log: false, legal: false });
    if (r.error) break;
    len = r.length;
  }
  for (const s of d.log) {
    const r = page.call('apply', { handle: o.handle, notation: s.notation, log: false, legal: false });
    if (r.error) { page.showError(r.error); return; }
  }
  o.rev = d.rev;
  o.toMove = d.toMove;
  const state = page.call('state', page.view({ handle: o.handle, since: 0 }));
  if (!o.shown) {
    o.shown = true;
    page.online(remote, state, o.seat >= 0 ? [o.seat] : []);
  } else {
    page.show(state);
  }
}

function start(game, secret, seat) {
  leave();
  online = { game, secret, seat, ws: null, rev: 0, handle: 0, nextId: 0, retry: 0, shown: false };
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${game}`);
  connect();
}

function showLinks(game, invites) {
  const box = $('#online-links');
  box.replaceChildren();
  const line = (label, url) => {
    const p = document.createElement('p');
    const a = document.createElement('a');
    a.href = url;
    a.textContent = url;
    a.className = 'invite';
    p.append(label + ' ', a);
    box.append(p);
  };
  for (const i of invites) line(`Invite seat ${i.seat + 1}:`, `${location.origin}/#game=${game}&invite=${i.token}`);
  line('Watchers:', `${location.origin}/#game=${game}`);
  box.hidden = false;
}

async function create(isPublic) {
  const players = Number($('#players').value);
  const opponent = $('#opponent').value;
  const seats = [...Array(players).keys()].map((i) => (i === 0 || opponent === 'hot-seat' ? 'person' : opponent));
  try {
    const c = await api('/api/games', { variant: $('#variant').value, preset: $('#preset').value, players, seats, public: isPublic });
    localStorage.setItem(secretKey(c.game), JSON.stringify({ secret: c.secret, seat: c.seat }));
    start(c.game, c.secret, c.seat);
    showLinks(c.game, c.invites);
  } catch (e) { page.showError(e); }
}

async function lobby() {
  const list = $('#online-lobby');
  try {
    const { games } = await api('/api/lobby');
    list.replaceChildren(...(games || []).map((g) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `${g.variant} ${g.preset} (seat ${g.open[0] + 1} open)`;
      b.onclick = async () => {
        try {
          const j = await api('/api/join', { game: g.game, seat: g.open[0] });
          localStorage.setItem(secretKey(g.game), JSON.stringify(j));
          start(g.game, j.secret, j.seat);
        } catch (e) { page.showError(e); }
      };
      return b;
    }));
  } catch (e) { page.showError(e); }
}

// the chooser's online part: a game with a friend (the chooser's
// opponent at the other seats: hot seat invites people, a bot plays), a
// public one, the lobby
function addControls() {
  const box = document.createElement('div');
  box.id = 'online';
  box.innerHTML = `<button id="online-friend" type="button">Play with a friend</button>
<button id="online-public" type="button">Open a public game</button>
<button id="online-lobby-btn" type="button">Public games</button>
<span id="online-lobby"></span><div id="online-links" hidden></div>`;
  ($('#chooser') || document.body).append(box);
  $('#online-friend').onclick = () => create(false);
  $('#online-public').onclick = () => create(true);
  $('#online-lobby-btn').onclick = lobby;
}

async function fromLink() {
  const h = new URLSearchParams(location.hash.slice(1));
  const game = h.get('game');
  if (!game) return;
  const invite = h.get('invite');
  let seat = kept(game);
  if (invite && !seat) {
    try {
      seat = await api('/api/join', { game, invite });
      localStorage.setItem(secretKey(game), JSON.stringify(seat));
    } catch (e) { page.showError(e); }
  }
  start(game, seat?.secret || '', seat ? seat.seat : -1);
}

addControls();
// what the tests (and a curious reader) may ask of the online game
globalThis.brettspielOnline = {
  start, leave,
  state: () => online && { game: online.game, seat: online.seat, rev: online.rev, toMove: online.toMove, over: online.toMove === -2, handle: online.handle, connected: online.ws?.readyState === WebSocket.OPEN },
};
fromLink();
