// The online layer's controls, added to the page: in the chooser "Play
// with a friend…" and the public games (lobby), the dialogs, by the turn's
// words the links, giving up, the dice's commitment and the questions
// between the seats, the rematch and the check of the dice by the page's
// controls; their style, and their words in the page's language.

import { $, keep, myName, fail, api, gameTitle, tr } from './online-page.js';
import { joinPath, start, game, over } from './online-game.js';
import { openFriend, create, openLinks, renderLinks, rename, join, watchOnly } from './online-friend.js';
import { rematch, checkDice } from './online-after.js';
import { renderAsk, updateGiveUp, wireAsks } from './online-ask.js';

// updateBar shows the online controls the game has now: the links, giving
// up, the commitment, an ask, and after the game the rematch (of a game
// played to its end) and the check of the dice.
export function updateBar() {
  const o = game;
  $('#online-bar').hidden = !o;
  $('#online-links-btn').textContent = o && o.seat < 0 ? tr('onWatchLinkBtn') : tr('onLinks');
  const done = over(o);
  const player = !!o && o.seat >= 0 && !!o.secret;
  const r = $('#online-rematch');
  r.hidden = !done || o.toMove !== -2 || (!player && !o.next);
  r.textContent = player ? tr(o?.next ? 'onRematchAccept' : 'onRematch') : tr('onRematchWatch');
  r.title = tr('onRematchTitle');
  $('#online-check-dice').hidden = !done;
  if (!done) $('#online-proof').hidden = true;
  updateCommitment();
  updateGiveUp();
  renderAsk();
}

// updateCommitment shows the commitment this page holds, short, the whole
// value a press away.
function updateCommitment() {
  const c = game?.commitment || '';
  $('#online-dice').hidden = !c;
  const b = $('#online-commitment-btn');
  b.textContent = `${c.slice(0, 8)}…`;
  b.title = tr('onDiceShortTitle');
  b.setAttribute('aria-label', tr('onDiceShortLabel', c.slice(0, 8)));
  $('#online-commitment-full').textContent = c;
  if (!c) showFull(false);
}

function showFull(on) {
  $('#online-commitment-btn').setAttribute('aria-expanded', String(on));
  $('#online-commitment-full').hidden = !on;
}

const style = `
#online { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .4em; align-items: center; border-top: 1px solid #d8cbb0; padding-top: .6em; }
#online-lobby { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .3em; }
#online-lobby:empty { display: none; }
#online-bar { margin: .3em 0 0; display: flex; flex-wrap: wrap; gap: .3em .6em; align-items: center; }
#online-bar[hidden] { display: none; }
#online-bar button { font-size: .9em; }
#online-dice { font-size: .85em; color: #444; }
#online-dice[hidden] { display: none; }
#online-commitment-btn { border: none; background: none; padding: 0 .1em; font: .95em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: #234; text-decoration: underline dotted; }
#online-commitment-full { display: block; font-size: .95em; overflow-wrap: anywhere; word-break: break-all; user-select: all; -webkit-user-select: all; }
#online-commitment-full[hidden] { display: none; }
#online-ask { margin: .3em 0; padding: .35em .6em; background: #eef3fb; border-left: 4px solid #7d9cc4; }
#online-ask[data-ask=question] { background: #dce9f9; border-left-color: #2e6db4; font-weight: 600; }
#online-ask[hidden] { display: none; }
#online-ask .buttons { display: inline-flex; gap: .4em; margin-left: .4em; vertical-align: middle; }
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
  #online-dice > span { display: none; }
  #online-commitment-btn { min-width: 0; }
  #online-ask { margin: .15em 0; padding: .2em .5em; }
  /* the box small, its line the target of a thumb */
  #online-dialog label.check { align-items: center; min-height: 44px; }
  #online-dialog label.check input { min-width: 0; min-height: 0; width: 1.3em; height: 1.3em; flex: none; }
}
`;

// addControls adds the layer's controls: to the chooser, "Play with a
// friend…" and the public games; the dialogs that make a game and take an
// invitation; by the turn's words the links; by the page's controls the
// rematch and the check of the dice, with the proof's box below them.
export function addControls() {
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

  const bar = document.createElement('div');
  bar.id = 'online-bar';
  bar.hidden = true;
  bar.innerHTML = `<button id="online-links-btn" type="button" aria-haspopup="dialog"></button>
<button id="online-give-up" type="button" class="quiet" aria-haspopup="dialog" hidden></button>
<span id="online-dice" hidden><span data-i18n="onDiceLabel"></span>
<button id="online-commitment-btn" type="button" aria-expanded="false" aria-controls="online-commitment-full"></button>
<code id="online-commitment-full" hidden></code></span>`;
  $('#you').after(bar);

  // a question between the seats, or what it came to
  const ask = document.createElement('div');
  ask.id = 'online-ask';
  ask.hidden = true;
  ask.setAttribute('role', 'status');
  ask.innerHTML = `<span id="online-ask-text"></span><span class="buttons">
<button id="online-ask-yes" type="button" class="primary" hidden></button>
<button id="online-ask-no" type="button" hidden></button></span>`;
  bar.after(ask);

  const confirm = document.createElement('dialog');
  confirm.id = 'online-give-up-dialog';
  confirm.setAttribute('aria-labelledby', 'online-give-up-title');
  confirm.setAttribute('aria-describedby', 'online-give-up-text');
  confirm.innerHTML = `<h2 id="online-give-up-title"></h2>
<p id="online-give-up-text"></p>
<p class="buttons"><button id="online-give-up-yes" type="button" class="primary"></button>
<button id="online-give-up-no" type="button" data-i18n="onCancel"></button></p>`;
  document.body.append(confirm);

  const after = document.createElement('span');
  after.innerHTML = `<button id="online-rematch" type="button" class="primary" hidden></button>
<button id="online-check-dice" type="button" hidden data-i18n="onCheckDice"></button>`;
  $('#play-again').after(...after.children);

  const proof = document.createElement('div');
  proof.id = 'online-proof';
  proof.hidden = true;
  proof.setAttribute('role', 'status');
  proof.innerHTML = `<p id="online-verdict"></p>
<p><small id="online-checked-by"></small></p>
<details><summary data-i18n="onProof"></summary><dl>
<dt data-i18n="onCommitment"></dt><dd><code id="online-commitment"></code></dd>
<dt data-i18n="onSeed"></dt><dd><code id="online-seed"></code></dd>
<dt data-i18n="onSalt"></dt><dd><code id="online-salt"></code></dd>
<div id="online-redraws-row" hidden><dt data-i18n="onRedraws"></dt><dd><code id="online-redraws"></code></dd></div></dl>
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
  $('#online-commitment-btn').onclick = () => showFull($('#online-commitment-full').hidden);
  wireAsks();
  // the page's language switch: the words written here, again
  $('#lang').addEventListener('change', relabel);
  relabel();
}

// relabel writes the layer's words in the page's language.
function relabel() {
  for (const e of document.querySelectorAll('#online [data-i18n], #online-dialog [data-i18n], #online-join-dialog [data-i18n], #online-proof [data-i18n], #online-check-dice, #online-bar [data-i18n], #online-give-up-dialog [data-i18n]')) {
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
          start(g.game, j.secret, j.seat, { commitment: j.commitment || '' });
        } catch (e) { fail(e); }
      };
      return b;
    }));
  } catch (e) { fail(e); }
}
