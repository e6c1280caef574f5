// A game made with friends: the dialog that makes it (the person's name,
// each other seat a person invited or a bot), its links to send, each with
// Copy and Share, the name changed; and an invitation taken, or declined
// to watch only.

import { page, $, keep, clipName, myName, keepName, fail, api, link, gameTitle, tr } from './online-page.js';
import { nameOf, send, joinPath, start, game } from './online-game.js';

// ---- making a game, and its links ----

// openFriend opens the dialog that makes a game with friends: the
// person's name, and for each other seat a person invited (the default)
// or a bot the person chooses.
export function openFriend() {
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

export async function create() {
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
    // the commitment to the dice, held from the answer that made the game
    keep(c.game, { secret: c.secret, seat: c.seat, invites: c.invites, commitment: c.commitment || '' });
    start(c.game, c.secret, c.seat, { invites: c.invites, names: seats.map((_, i) => (i === c.seat ? name : '')), commitment: c.commitment || '' });
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
export function openLinks() {
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
export function renderLinks() {
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
export function rename() {
  const name = clipName($('#online-name').value);
  keepName(name);
  if (game && game.seat >= 0 && name && name !== game.names?.[game.seat]) send('name', { seat: game.seat, name });
}

// ---- an invitation taken ----

// openJoin offers the seat of an invitation: the page watches the game
// meanwhile, so that it can say who invites and to what.
export function openJoin() {
  const o = game;
  const who = (o.names || []).find((n, i) => n && o.claimed?.[i]) || tr('onSomeone');
  const open = (o.info.seats || []).map((k, i) => i).filter((i) => o.info.seats[i] === 'person' && o.claimed?.[i] === false);
  $('#online-join-text').textContent = tr('onJoinText', who, gameTitle(o.info.variant, o.info.preset)) + (open.length === 1 ? tr('onJoinSeat', tr('seat', open[0])) : '');
  $('#online-join-name').value = myName();
  $('#online-join-dialog').showModal();
  $('#online-join-name').focus();
}

export async function join() {
  const o = game;
  const name = clipName($('#online-join-name').value);
  keepName(name);
  $('#online-join-dialog').close();
  try {
    const j = await api(joinPath(o.game), { game: o.game, invite: o.invite, ...(name ? { name } : {}) });
    keep(o.game, j);
    start(o.game, j.secret, j.seat, { commitment: j.commitment || '' });
  } catch (e) {
    watchOnly();
    if (e.name === 'ErrBadInvite') page.showInfo(tr('onInviteTaken')); else fail(e);
  }
}

export function watchOnly() {
  if ($('#online-join-dialog').open) $('#online-join-dialog').close();
  if (!game) return;
  game.invite = '';
  history.replaceState(null, '', `${location.pathname}${location.search}#game=${game.game}`);
}
