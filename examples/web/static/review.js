// The review of a game: the library's analysis of the steps played
// ("analyze"), each seat's error rate, luck and rating, a graph of the
// game over its steps (reviewgraph.js), the worst decisions and the move
// list of every step with its marks (reviewlist.js), each decision a
// button that shows the position where it was taken. The page (app.js)
// gives the calls and the moves through the history; this file only asks,
// lists and forwards.

// WORST is how many of the worst decisions the review lists.
export const WORST = 5;

// worstDecisions returns the decisions that lost equity, the largest loss
// first (the earlier of equal ones first), at most n.
export function worstDecisions(steps, n = WORST) {
  return steps.filter((s) => s.decision && s.decision.loss > 0)
    .sort((a, b) => b.decision.loss - a.decision.loss || a.index - b.index)
    .slice(0, n);
}

import { setupRollout, renderRollout } from './rollout.js';
import { buildList, markList, listKeys, onlyMarked, festungLuck, playText } from './reviewlist.js';
import { buildGraph, markGraph, stepAt } from './reviewgraph.js';

const $ = (s) => document.querySelector(s);

// page is what app.js lends: call, tr, lang(), seatName, seatColour,
// stepsText, moveName, current() (the state shown and whether it is an
// earlier position), jump(index), back() and render().
let page = null;
let report = null; // the last analysis, of `length` steps
let length = -1;
let built = null; // the report and the language the list and the graph were built of

export function setupReview(p) {
  page = p;
  setupRollout(p);
  // the review opens over the side of the page (a sheet at the bottom of
  // a phone's screen), the board kept in sight
  $('#review-btn').addEventListener('click', () => {
    document.body.classList.add('reviewing');
    if (!$('#review').open) $('#review').show();
    page.render();
  });
  $('#review-again').addEventListener('click', () => {
    document.body.classList.remove('peek');
    page.render();
    ($('#review-moves button[aria-current]') || $('#review-worst [aria-current]') || $('#review-back')).focus();
  });
  $('#review-close').addEventListener('click', () => {
    if (page.current().viewing) page.back();
    $('#review').close();
    document.body.classList.remove('reviewing');
    page.render();
    $('#review-btn').focus();
  });
  $('#review-btn').addEventListener('click', start);
  $('#review-back').addEventListener('click', () => { page.back(); $('#review-btn').focus(); });
  const jumpTo = (ev) => {
    const b = ev.target.closest('button[data-index]');
    if (b) jump(Number(b.dataset.index));
  };
  $('#review-worst').addEventListener('click', jumpTo);
  $('#review-moves').addEventListener('click', jumpTo);
  $('#review-moves').addEventListener('keydown', listKeys);
  $('#review-marked').addEventListener('click', () => {
    const b = $('#review-marked');
    b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
    onlyMarked(b.getAttribute('aria-pressed') === 'true');
  });
  $('#review-graph').addEventListener('click', (ev) => {
    const k = stepAt(ev);
    if (report && k >= 0 && report.steps[k]) jump(report.steps[k].index);
  });
}

// jump shows the position before step index.
function jump(index) {
  page.jump(index);
  // On a phone the board stands below the review: bring it into view when
  // little of it is in sight, so that the position shows without a scroll.
  const wrap = $('#board-wrap');
  const r = wrap.getBoundingClientRect();
  if (r.top > window.innerHeight * 0.4 || r.bottom <= 0) wrap.scrollIntoView({ block: 'start' });
}

// start says that the analysis runs, lets the browser draw that, then
// runs it: the engine runs on the page's own thread.
function start() {
  $('#review-status').textContent = page.tr('analysing');
  $('#review-btn').disabled = true;
  requestAnimationFrame(() => setTimeout(analyse, 0));
}

function analyse() {
  const { cur } = page.current();
  const t0 = performance.now();
  const res = analyseAll(cur.handle);
  // the time the analysis took, for the tests to read
  $('#review').dataset.millis = String(Math.round(performance.now() - t0));
  $('#review-btn').disabled = false;
  if (res.error) {
    $('#review-status').textContent = '';
    page.showError(res.error);
    return;
  }
  report = res;
  length = cur.length;
  $('#review-status').textContent = page.tr('analysed', cur.length);
  renderReview();
  // the focus on the worst decision, the review shown from its top (the
  // players, the graph)
  ($('#review-worst button') || $('#review-btn')).focus({ preventScroll: true });
  $('#review').scrollTop = 0;
}

// analyseAll asks for the analysis part by part while the answer says
// that steps follow ("truncated": a game longer than the session judges in
// one call) and joins the parts: their steps, and per seat the sums, with
// the error rate of the whole; a rating is kept only where one part made it.
function analyseAll(handle) {
  // the decisions' "why" in the page's language
  const lang = page.lang();
  let res = page.call('analyze', { handle, lang });
  while (!res.error && res.truncated && res.steps.length > 0) {
    const more = page.call('analyze', { handle, lang, from: res.steps[res.steps.length - 1].index + 1 });
    if (more.error) return more;
    res.steps = res.steps.concat(more.steps);
    res.players = res.players.map((p, i) => {
      const q = more.players[i];
      const decisions = p.decisions + q.decisions;
      const loss = p.loss + q.loss;
      return { ...p, decisions, loss, errorRate: decisions ? loss / decisions : 0, throws: p.throws + q.throws, luck: p.luck + q.luck, rating: '' };
    });
    res.truncated = more.truncated;
  }
  res.lang = lang;
  return res;
}

// decisionAt is the judged step of an index of the last analysis, or null.
export function decisionAt(index) {
  return report?.steps.find((s) => s.index === index) || null;
}

// resetReview forgets the analysis: a new game, a loaded one (shown
// next by renderReview).
export function resetReview() {
  report = null;
  length = -1;
  built = null;
  $('#review-status').textContent = '';
}

// renderReview shows the button when a decision has been taken, and the
// analysis while it is of the steps played (an earlier position shown
// keeps it).
export function renderReview() {
  const { cur, log, viewing } = page.current();
  const decided = log.some((e) => e.actor >= 0);
  const fresh = report && (viewing || length === cur.length);
  // not while a window of the Schule is open: the judge of the last
  // declaration would tell what was due
  const schule = cur.state.turn === 'player' && !!cur.state.toccateglio?.schule;
  $('#review-btn').hidden = viewing || !decided || schule;
  $('#review-btn').classList.toggle('primary', !viewing && cur.state.turn === 'over');
  $('#review-out').hidden = !fresh;
  $('#review-viewing').hidden = !viewing;
  if (viewing) {
    // the play made and the best play are drawn on the board: say how
    const legend = decisionAt(viewing.index)?.decision ? ' ' + page.tr('reviewLegend') : '';
    $('#review-where').textContent = page.tr('viewing', viewing.index + 1) + legend;
  }
  // and why the better play is better, as the tutor says it, in the
  // language the analysis was asked in
  const d = fresh && viewing ? decisionAt(viewing.index)?.decision : null;
  const why = d && d.loss > 0 && report.lang === page.lang() ? d.why || '' : '';
  $('#review-why').hidden = !why;
  $('#review-why').textContent = why;
  // a decision shown, judged by the net, can be rolled out (rollout.js)
  renderRollout(fresh && viewing, !!(fresh && viewing && report.judge !== 'exact' && decisionAt(viewing.index)?.decision));
  if (!fresh) {
    if (report && !viewing) $('#review-status').textContent = '';
    return;
  }
  renderPlayers();
  renderWorst(viewing);
  if (built?.report !== report || built.lang !== page.lang()) {
    buildGraph(page, report);
    buildList(page, report);
    festungLuck(page, report);
    onlyMarked($('#review-marked').getAttribute('aria-pressed') === 'true');
    built = { report, lang: page.lang() };
  }
  markList(viewing);
  markGraph(viewing);
}

function num(x, sign) {
  return new Intl.NumberFormat(page.lang(), { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: sign ? 'exceptZero' : 'auto' }).format(x);
}

function unitOf() { return page.tr('units')[report.unit] || report.unit; }

function renderPlayers() {
  const tr = page.tr;
  $('#review-judge').textContent = tr('judgedBy', tr('judges')[report.judge] || report.judge, unitOf());
  $('#review-players').replaceChildren(...report.players.map((p) => {
    const li = document.createElement('li');
    li.dataset.seat = p.seat;
    const rating = p.rating ? tr('ratings')[p.rating] || p.rating : '';
    li.textContent = tr('playerLine', page.seatName(p.seat), p.decisions, num(p.errorRate), num(p.loss), num(p.luck, true), p.throws, rating);
    if (rating) li.dataset.rating = p.rating;
    return li;
  }));
}

function renderWorst(viewing) {
  const tr = page.tr;
  const worst = worstDecisions(report.steps);
  $('#review-none').hidden = worst.length > 0;
  // the button that had the focus gets it back once drawn anew
  const had = document.activeElement?.closest?.('#review-worst [data-index]')?.dataset.index;
  $('#review-worst').replaceChildren(...worst.map((s) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.index = s.index;
    // the plays in the board's points, as the board and the legal moves
    // are numbered, with the mover's own count beside where it reads
    // otherwise (Verkehren's second player goes on from 24 to 1: "24/6"
    // is his 12/18); a decision without steps keeps its notation
    b.textContent = tr('worstLine', s.index + 1, page.seatName(s.actor), playText(page, s), playText(page, s, true), num(s.decision.loss), unitOf());
    if (viewing && viewing.index === s.index) b.setAttribute('aria-current', 'step');
    li.append(b);
    return li;
  }));
  if (had !== undefined) $(`#review-worst [data-index="${had}"]`)?.focus();
}
