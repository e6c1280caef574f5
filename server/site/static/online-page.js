// What the online layer's modules share: the page it extends (its
// brettspielPage, awaited until the page is ready), $ and tr, an error
// shown, the server's HTTP API, a game's link and title, and what this
// browser keeps (the seats' secrets by game, the person's name).

export const page = await until(() => globalThis.brettspielPage && document.body.dataset.ready === '1' && globalThis.brettspielPage);
export const $ = (s) => document.querySelector(s);
export const tr = (key, ...a) => page.tr(key, ...a);

async function until(f) {
  for (;;) {
    const v = f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function secretKey(id) { return `brettspiel.seat.${id}`; }

export function kept(id) {
  try { return JSON.parse(localStorage.getItem(secretKey(id)) || 'null'); } catch { return null; }
}

export function keep(id, seat) {
  try { localStorage.setItem(secretKey(id), JSON.stringify(seat)); } catch { /* private mode */ }
}

// the person's name, remembered on this browser; at most 24 characters
const nameKey = 'brettspiel-name';
export function clipName(n) { return [...String(n || '').trim()].slice(0, 24).join(''); }
export function myName() {
  try { return clipName(localStorage.getItem(nameKey)); } catch { return ''; }
}
export function keepName(n) {
  try { localStorage.setItem(nameKey, clipName(n)); } catch { /* private mode */ }
}

// fail shows an error of the server or the session, in the page's words
// where the layer knows the error.
export function fail(e) {
  const err = e && e.name ? e : { name: 'ErrOffline', message: String(e) };
  page.showError({ ...err, say: tr('onErrors')?.[err.name] || err.say || err.message });
}

export async function api(path, body) {
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
export function link(id, invite) {
  // the server's -public-url, else the address this page was reached at
  const base = document.querySelector('meta[name="brettspiel-public-url"]')?.content || `${location.origin}${location.pathname}`;
  return `${base}#game=${id}${invite ? `&invite=${invite}` : ''}`;
}

let catalogue = null;
export function gameTitle(variant, preset) {
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
