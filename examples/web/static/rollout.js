// The rollout of a decision the review shows ("rollout" of the library):
// after each of the best plays, and the play made, games by the learned
// net on both seats, each play's mean result with its standard error. The
// engine runs on the page's own thread, so the page asks for a few games
// at a time, each part with a seed of its own (0, 1, 2, …: the same
// decision gives the same figures every time), pools them and draws the
// figures after each part; Stop ends it between two parts and keeps what
// was played. review.js shows it and lends the page's calls.

// GAMES is the number of games a play, in parts of PART; TURNS the turns
// after which a game is judged by the net (the page's engine is too slow
// to play 1,296 games a play to the end).
export const GAMES = 1296;
export const PART = 36;
export const TURNS = 10;
// ?rollout=N plays N games a play instead (the tests ask a few).
const asked = Number(new URLSearchParams(location.search).get('rollout'));
const games = asked >= 1 ? Math.min(Math.floor(asked), 8 * GAMES) : GAMES;

const $ = (s) => document.querySelector(s);

const words = {
  en: {
    button: 'Roll out',
    stop: 'Stop',
    running: (n, of) => `Rolling out… ${n} of ${of} games a play.`,
    done: (n, turns, unit, seat) => `Rolled out: ${n} games a play by the learned net, each judged after ${turns} turns; mean for ${seat} in ${unit} ± standard error.`,
    stopped: (n, turns, unit, seat) => `Stopped after ${n} games a play (each judged after ${turns} turns); mean for ${seat} in ${unit} ± standard error.`,
    played: 'played',
    aria: 'The plays rolled out',
  },
  de: {
    button: 'Rollout',
    stop: 'Anhalten',
    running: (n, of) => `Rollout läuft… ${n} von ${of} Partien je Zug.`,
    done: (n, turns, unit, seat) => `Rollout: ${n} Partien je Zug vom gelernten Netz, jede nach ${turns} Zügen bewertet; Mittel für ${seat} in ${unit} ± Standardfehler.`,
    stopped: (n, turns, unit, seat) => `Angehalten nach ${n} Partien je Zug (jede nach ${turns} Zügen bewertet); Mittel für ${seat} in ${unit} ± Standardfehler.`,
    played: 'gespielt',
    aria: 'Die ausgespielten Züge',
  },
};

let page = null;
let run = null; // the rollout under way or last shown: {step, plays, games, state}

function w(key, ...a) {
  const v = (words[page.lang()] || words.en)[key];
  return typeof v === 'function' ? v(...a) : v;
}

export function setupRollout(p) {
  page = p;
  $('#rollout-btn').addEventListener('click', start);
  $('#rollout-stop').addEventListener('click', () => { if (run) run.stop = true; });
}

// renderRollout shows the button while the review shows a decision that
// the net judges (not the Festungsspiel's, which keeps its exact judge),
// and the rollout of that decision if there is one.
export function renderRollout(viewing, judged) {
  const show = !!viewing && judged;
  $('#rollout').hidden = !show;
  // another position, or none: the rollout shown (or under way: the
  // engine is between two parts now) is dropped
  if (run && (!show || run.step !== viewing.index || run.handle !== page.current().cur.handle)) run = null;
  $('#rollout-btn').textContent = w('button');
  $('#rollout-stop').textContent = w('stop');
  $('#rollout-plays').setAttribute('aria-label', w('aria'));
  draw();
}

function start() {
  const { cur, viewing } = page.current();
  if (!viewing || (run && run.state === 'running')) return;
  run = { step: viewing.index, handle: cur.handle, plays: new Map(), games: 0, part: 0, state: 'running', stop: false };
  draw();
  $('#rollout-stop').focus();
  requestAnimationFrame(() => setTimeout(() => part(run), 0));
}

// part asks for the next PART games a play, pools them and goes on after
// the browser has drawn them.
function part(r) {
  if (r !== run) return;
  if (r.stop || r.games >= games) {
    r.state = r.stop ? 'stopped' : 'done';
    draw();
    $('#rollout-btn').focus();
    return;
  }
  const t0 = performance.now();
  const res = page.call('rollout', { handle: r.handle, step: r.step, games: Math.min(PART, games - r.games), turns: TURNS, seed: r.part });
  // the longest part, for the tests to read: the page waits that long
  r.longest = Math.max(r.longest || 0, performance.now() - t0);
  $('#rollout').dataset.longest = String(Math.round(r.longest));
  if (res.error) {
    r.state = 'failed';
    draw();
    page.showError(res.error);
    return;
  }
  r.unit = res.unit;
  r.seat = res.seat;
  for (const p of res.plays) pool(r.plays, p, res.games);
  r.games += res.games;
  r.part++;
  draw();
  setTimeout(() => part(r), 0);
}

// pool adds a part's result of a play to its sums (Chan's way of joining
// two samples' means and squared deviations).
function pool(plays, p, n) {
  const m2 = p.stdErr * p.stdErr * n * (n - 1);
  const a = plays.get(p.notation);
  if (!a) {
    plays.set(p.notation, { notation: p.notation, steps: p.steps, played: !!p.played, n, mean: p.equity, m2 });
    return;
  }
  const total = a.n + n;
  const d = p.equity - a.mean;
  a.mean += d * n / total;
  a.m2 += m2 + d * d * a.n * n / total;
  a.n = total;
}

function num(x, sign) {
  return new Intl.NumberFormat(page.lang(), { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: sign ? 'exceptZero' : 'auto' }).format(x);
}

function draw() {
  const r = run;
  const busy = r?.state === 'running';
  $('#rollout').dataset.state = r ? r.state : '';
  $('#rollout-btn').disabled = busy;
  $('#rollout-stop').hidden = !busy;
  $('#rollout').setAttribute('aria-busy', busy ? 'true' : 'false');
  if (!r) {
    $('#rollout-status').textContent = '';
    $('#rollout-plays').replaceChildren();
    return;
  }
  const unit = page.tr('units')[r.unit] || r.unit || '';
  const seat = r.seat === undefined ? '' : page.seatName(r.seat);
  $('#rollout-status').textContent = r.state === 'running' ? w('running', r.games, games)
    : r.state === 'done' ? w('done', r.games, TURNS, unit, seat)
      : r.state === 'stopped' ? w('stopped', r.games, TURNS, unit, seat) : '';
  const plays = [...r.plays.values()].sort((a, b) => b.mean - a.mean);
  $('#rollout-plays').replaceChildren(...plays.map((p) => {
    const li = document.createElement('li');
    li.dataset.notation = p.notation;
    const se = p.n > 1 ? Math.sqrt(p.m2 / (p.n - 1) / p.n) : 0;
    li.dataset.equity = String(p.mean);
    li.dataset.stdErr = String(se);
    li.dataset.games = String(p.n);
    const what = p.steps?.length ? page.stepsText(p.steps) : p.notation;
    li.textContent = `${what}: ${num(p.mean, true)} ± ${num(se)}` + (p.played ? ` (${w('played')})` : '');
    if (p.played) li.dataset.played = '1';
    return li;
  }));
}
