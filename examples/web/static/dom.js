// Helpers of the document: $, el (an element of the board's SVG), phone
// (a narrow screen), and the message line below the controls.

export const $ = (s) => document.querySelector(s);

const SVG = 'http://www.w3.org/2000/svg';

export function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// phone is true on a narrow screen: the race board stands upright, the
// plan is cut to its square, the extras are folded away.
export const narrow = matchMedia('(max-width: 640px)');
export function phone() { return narrow.matches; }

export function showError(err) {
  const m = $('#message');
  m.className = 'error';
  m.textContent = err.say || err.text || err.message;
  m.title = err.message; // the text for programmers, on hover
  m.dataset.error = err.name;
  for (const rule of err.rules || []) {
    const r = document.createElement('span');
    r.className = 'rule';
    r.dataset.rule = rule.id;
    r.textContent = `${rule.id} — ${rule.title}: ${rule.text}`;
    m.append(r);
  }
}

export function showInfo(text) {
  const m = $('#message');
  m.className = 'info';
  m.textContent = text;
  m.removeAttribute('title');
  delete m.dataset.error;
}

export function clearMessage() { showInfo(''); }
