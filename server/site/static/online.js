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
// The layer's modules: online-page.js (what they share: the page, awaited
// until it is ready, and what this browser keeps), online-words.js (the
// words), online-game.js (the game shown and its connection),
// online-friend.js (a game made with friends, its links, an invitation
// taken), online-ask.js (the questions between the seats: a takeback, a
// give-up that needs consent; giving up), online-after.js (the rematch,
// the check of the dice), online-dice.js (that check, in this browser) and
// online-controls.js (the controls added to the page, the public games).
// This module starts it: the words added to the page's tables, the controls
// added, the game of a link shown; and it sets the layer's one global,
// brettspielOnline.

import { words } from './i18n.js';
import { kept } from './online-page.js';
import { onlineWords } from './online-words.js';
import { leave, start, game, over, request, oneCall } from './online-game.js';
import { addControls } from './online-controls.js';
import { checkHere, canCheckHere } from './online-dice.js';

// The words are the page's (i18n.js): the layer adds its own, in English
// and German, to the page's tables, so that the page's language and its
// switch serve them too.
for (const [l, table] of Object.entries(onlineWords)) Object.assign(words[l] ??= {}, table);

async function fromLink() {
  const h = new URLSearchParams(location.hash.slice(1));
  const id = h.get('game');
  if (!id) return;
  const invite = h.get('invite');
  const seat = kept(id);
  if (seat?.secret) {
    start(id, seat.secret, seat.seat, { invites: seat.invites || [], commitment: seat.commitment || '' });
    return;
  }
  // an invitation: watch the game while its seat is offered
  start(id, '', -1, invite ? { invite } : {});
}

addControls();
// what the tests (and a curious reader) may ask of the online game
globalThis.brettspielOnline = {
  start, leave, request, oneCall, checkHere, canCheckHere,
  state: () => game && {
    game: game.game, seat: game.seat, rev: game.rev, toMove: game.toMove, over: over(game), handle: game.handle,
    connected: game.ws?.readyState === WebSocket.OPEN, names: game.names || [], seats: game.info?.seats || [],
    next: game.next, proof: !!game.proof, commitment: game.commitment, length: game.length, ending: game.ending,
    redraws: game.redraws, takeback: game.takeback, giveUp: game.giveUp,
  },
};
fromLink();
