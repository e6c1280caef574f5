// The review's move list, as gnubg's analysis lists a game: every step
// numbered, each throw with its thrower and its luck where the library
// marks it, each decision with the seat, the play made, its mark and its
// cost; each decision a button that shows the position where it was
// taken. The marks are the library's (a step's "mark", set on the game's
// "scale"): the page never grades a step itself. Also the Festungsspiel's
// luck in markers, said per seat. review.js builds and renders them.

const $ = (s) => document.querySelector(s);

// words are the move list's, the graph's and the luck's sentences, in the
// page's two languages.
const words = {
  en: {
    listTitle: 'Move list',
    onlyMarked: 'Only marked steps',
    listAria: 'Every step of the game',
    marks: { doubtful: '?! doubtful', bad: '? bad', veryBad: '?? very bad' },
    luck: { lucky: 'lucky', veryLucky: 'very lucky', unlucky: 'unlucky', veryUnlucky: 'very unlucky' },
    draw: (n) => `draw for the start: ${n}`,
    throw: (n, who) => `${who} throws ${n}`,
    noChoice: 'no choice',
    solved: 'race solved: exact',
    cost: (x) => `cost ${x}`,
    better: (p) => `better: ${p}`,
    scale: (u, d, b, vb, l, vl) => `A decision is marked ?! doubtful when it loses more than ${d} ${u}, ? bad over ${b}, ?? very bad over ${vb}; a throw lucky or unlucky from ${l} either way, very so from ${vl}.`,
    festungSay: (who, luck, throws, n, more) => `${who}'s luck, ${luck} markers: ${throws === 1 ? 'his throw' : `his ${throws} throws`} brought ${n} ${n === '1' ? 'marker' : 'markers'} ${more ? 'more' : 'fewer'} than the average throw would have brought in ${throws === 1 ? 'its' : 'their'} place.`,
    // the graph
    graphRace: (who, u, lo, hi) => `${who}'s equity after each step, in ${u}, from ${lo} to ${hi}; the marked decisions are dots (doubtful, bad, very bad). A click shows the step nearest to it.`,
    graphFestung: (lo, hi) => `Each player's balance (the markers won so far) after each step, from ${lo} to ${hi}. A click shows the step nearest to it.`,
    graphTitle: 'The game step by step',
    start: 'start',
    step: (n) => `step ${n}`,
    dot: (n, who, mark) => `Step ${n}: ${who}, ${mark}`,
  },
  de: {
    listTitle: 'Zugliste',
    onlyMarked: 'Nur markierte Schritte',
    listAria: 'Jeder Schritt des Spiels',
    marks: { doubtful: '?! zweifelhaft', bad: '? schlecht', veryBad: '?? sehr schlecht' },
    luck: { lucky: 'glücklich', veryLucky: 'sehr glücklich', unlucky: 'unglücklich', veryUnlucky: 'sehr unglücklich' },
    draw: (n) => `Auslosung des Anfangs: ${n}`,
    throw: (n, who) => `${who} wirft ${n}`,
    noChoice: 'keine Wahl',
    solved: 'Rennen gelöst: genau',
    cost: (x) => `Verlust ${x}`,
    better: (p) => `besser: ${p}`,
    scale: (u, d, b, vb, l, vl) => `Eine Entscheidung heißt ?! zweifelhaft, wenn sie mehr als ${d} ${u} verliert, ? schlecht über ${b}, ?? sehr schlecht über ${vb}; ein Wurf glücklich oder unglücklich ab ${l} in die eine oder andere Richtung, sehr ab ${vl}.`,
    festungSay: (who, luck, throws, n, more) => `Glück von ${who}, ${luck} Marken: ${throws === 1 ? 'sein Wurf brachte' : `seine ${throws} Würfe brachten`} ${n} ${n === '1' ? 'Marke' : 'Marken'} ${more ? 'mehr' : 'weniger'}, als der durchschnittliche Wurf an ${throws === 1 ? 'seiner' : 'ihrer'} Stelle gebracht hätte.`,
    graphRace: (who, u, lo, hi) => `Stand von ${who} nach jedem Schritt, in ${{ Striche: 'Strichen', Punkte: 'Punkten' }[u] || u}, von ${lo} bis ${hi}; die markierten Entscheidungen als Punkte (zweifelhaft, schlecht, sehr schlecht). Ein Klick zeigt den nächsten Schritt dazu.`,
    graphFestung: (lo, hi) => `Bestand jedes Spielers (die bisher gewonnenen Marken) nach jedem Schritt, von ${lo} bis ${hi}. Ein Klick zeigt den nächsten Schritt dazu.`,
    graphTitle: 'Das Spiel Schritt für Schritt',
    start: 'Anfang',
    step: (n) => `Schritt ${n}`,
    dot: (n, who, mark) => `Schritt ${n}: ${who}, ${mark}`,
  },
};

// say returns a word of the page's language (a function's result with a).
export function say(page, key, ...a) {
  const v = (words[page.lang()] || words.en)[key];
  return typeof v === 'function' ? v(...a) : v;
}

// fmt writes x in the page's language with digits decimals, signed when
// sign.
export function fmt(page, x, digits = 3, sign = false) {
  return new Intl.NumberFormat(page.lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: sign ? 'exceptZero' : 'auto' }).format(x);
}

// ownBeside writes a play in the board's points and, where it reads
// otherwise, in the mover's own count, as the legal moves and the events
// do.
export function ownBeside(page, board, own) {
  return own && board.toLowerCase() !== own.toLowerCase() ? `${board} (${page.tr('ownCount')} ${own})` : board;
}

// playText is a decision's play made (or, best, the best play) in the
// board's points with the mover's own count beside where it differs; a
// decision without steps is named as the page names such a move (a pass,
// the Schule's), or by its notation (the Festungsspiel's fields).
export function playText(page, s, best = false) {
  const d = s.decision;
  if (best) return d.bestSteps ? ownBeside(page, page.stepsText(d.bestSteps), d.bestNotation) : page.moveName(d.bestNotation);
  return d?.playedSteps ? ownBeside(page, page.stepsText(d.playedSteps), s.notation) : page.moveName(s.notation);
}

// stepMark is the library's mark of a step: its decision's or its throw's,
// "" for none.
export function stepMark(s) {
  return s.decision?.mark || s.throw?.mark || '';
}

// buildList fills the move list with every step of report (its head, the
// filter and the bounds of the marks stay in index.html).
export function buildList(page, report) {
  const unit = page.tr('units')[report.unit] || report.unit;
  const sc = report.scale;
  const f = (x) => fmt(page, x, 2);
  $('#review-scale').textContent = sc ? say(page, 'scale', unit, f(sc.doubtful), f(sc.bad), f(sc.veryBad), f(sc.lucky), f(sc.veryLucky)) : '';
  $('#review-moves-title').textContent = say(page, 'listTitle');
  $('#review-marked').textContent = say(page, 'onlyMarked');
  $('#review-moves').setAttribute('aria-label', say(page, 'listAria'));
  let first = true;
  $('#review-moves').replaceChildren(...report.steps.map((s) => {
    const li = document.createElement('li');
    li.dataset.index = s.index;
    const mark = stepMark(s);
    if (mark) li.dataset.mark = mark;
    const parts = [text(String(s.index + 1), 'num')];
    let body = li;
    if (s.actor >= 0) {
      // a decision: a button that shows where it was taken; one of the
      // list's buttons is in the tab order, the arrows move between them
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = s.index;
      b.tabIndex = first ? 0 : -1;
      first = false;
      li.dataset.kind = 'decision';
      li.append(b);
      body = b;
      parts.push(text(`${page.seatName(s.actor)}: ${playText(page, s)}`));
      const d = s.decision;
      if (d && !d.counted) parts.push(text(`(${say(page, 'noChoice')})`, 'note'));
      if (d?.mark) parts.push(text(say(page, 'marks')[d.mark], 'mark'));
      if (d?.counted && d.loss >= 0.0005) parts.push(text(say(page, 'cost', fmt(page, d.loss)), 'cost'));
      if (d?.mark) parts.push(text(say(page, 'better', playText(page, s, true)), 'better'));
      // a race the bear-off tables solve: the loss is exact, not the net's
      if (d?.judge === 'race-exact' || d?.judge === 'race-tabled') parts.push(text(`(${say(page, 'solved')})`, 'note'));
    } else {
      li.dataset.kind = 'throw';
      const t = s.throw;
      parts.push(text(!t || t.mover < 0 ? say(page, 'draw', s.notation) : say(page, 'throw', s.notation, page.seatName(t.mover))));
      if (t?.mark) parts.push(text(`${say(page, 'luck')[t.mark]} ${fmt(page, t.luck, 3, true)}`, 'mark'));
    }
    // the number in a column of its own, the step's words beside it
    const what = text('', 'what');
    for (const [i, p] of parts.slice(1).entries()) {
      if (i > 0 && p.className !== 'better') what.append(' ');
      what.append(p);
    }
    body.append(parts[0], what);
    return li;
  }));
}

function text(t, cls) {
  const span = document.createElement('span');
  if (cls) span.className = cls;
  span.textContent = t;
  return span;
}

// markList shows which step is shown (aria-current, in the tab order) and
// scrolls the list's box to it, not the page.
export function markList(viewing) {
  const box = $('#review-moves');
  for (const b of box.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
  const li = viewing ? box.querySelector(`li[data-index="${viewing.index}"]`) : null;
  if (!li) return;
  const b = li.querySelector('button');
  (b || li).setAttribute('aria-current', 'step');
  if (b && !b.closest('[hidden]')) {
    for (const o of box.querySelectorAll('button[tabindex="0"]')) o.tabIndex = -1;
    b.tabIndex = 0;
  }
  const wrap = $('#review-moves-box');
  const r = li.getBoundingClientRect(), w = wrap.getBoundingClientRect();
  if (r.top < w.top || r.bottom > w.bottom) wrap.scrollTop += r.top - w.top - (w.height - r.height) / 2;
}

// listKeys moves the focus between the list's decisions by the arrows,
// Home and End (one of them is in the tab order).
export function listKeys(ev) {
  const keys = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  if (!(ev.key in keys) || !ev.target.closest('#review-moves button')) return;
  const all = [...$('#review-moves').querySelectorAll('button')].filter((b) => b.getClientRects().length);
  if (!all.length) return;
  const at = all.indexOf(ev.target);
  const k = keys[ev.key];
  const to = all[Math.max(0, Math.min(all.length - 1, Number.isFinite(k) ? at + k : k < 0 ? 0 : all.length - 1))];
  ev.preventDefault();
  for (const b of all) b.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

// onlyMarked hides the steps without a mark, or shows them all again; the
// list's tab stop stays on a decision in sight.
export function onlyMarked(on) {
  const box = $('#review-moves');
  for (const li of box.children) li.hidden = on && !li.dataset.mark;
  const all = [...box.querySelectorAll('li:not([hidden]) button')];
  if (all.length && !all.some((b) => b.tabIndex === 0)) {
    for (const b of box.querySelectorAll('button')) b.tabIndex = -1;
    (all.find((b) => b.hasAttribute('aria-current')) || all[0]).tabIndex = 0;
  }
}

// festungLuck says each seat's luck in markers (the Festungsspiel's): how
// many markers his throws brought more or fewer than the average throw.
export function festungLuck(page, report) {
  const out = $('#review-luck');
  if (report.judge !== 'exact') { out.replaceChildren(); out.hidden = true; return; }
  out.hidden = false;
  out.replaceChildren(...report.players.filter((p) => p.throws > 0).map((p) => {
    const li = document.createElement('li');
    li.dataset.seat = p.seat;
    li.dataset.luck = String(p.luck);
    const n = fmt(page, Math.abs(p.luck), 0);
    li.textContent = say(page, 'festungSay', page.seatName(p.seat), fmt(page, p.luck, 0, true), p.throws, n, p.luck >= 0);
    return li;
  }));
}
