// The tools: undo, redo and take back, the hint, the bot's move, the
// position ID, and the records (saved, opened and loaded).

import { S, view, tr } from './state.js';
import { $, showError, showInfo, clearMessage } from './dom.js';
import { call } from './engine.js';
import { show, since, botPlay, load } from './flow.js';
import { legalText } from './notation.js';
import { hideTutor } from './tutor.js';

// hintText says what a hinted move scores at once, when it scores, and its
// expected value in the page's words, with the game's unit and the
// language's decimal sign. The session's reason is English: its parts
// ("+2 marks (T-J1)") are read from it (bot.Hint writes them so); a play
// that scores nothing says only what it is expected to bring, as the
// terminal does.
function hintText(h) {
  const parts = [];
  for (const m of (h.reason || '').split(';')[0].matchAll(/([+-]\d+) (marks|hits|markers paid|markers taken|markers placed)(?: \(([^)]+)\))?/g)) {
    const units = tr(Math.abs(Number(m[1])) === 1 ? 'scoreUnit' : 'scoreUnits'); // one hit, two hits
    parts.push(`${m[1].replace('-', '−')} ${units[m[2]] || m[2]}${m[3] ? ` (${m[3]})` : ''}`);
  }
  const value = new Intl.NumberFormat(S.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(h.value);
  const unit = tr('units')[{ toccateglio: 'strokes', verkehren: 'points', festung: 'markers' }[S.cur.variant]] || '';
  return tr('hintLine', parts.join(', '), value, unit);
}

// wireTools wires the tools' buttons.
export function wireTools() {
  const back = (method) => {
    if (S.viewing) return;
    hideTutor();
    clearTimeout(S.botTimer);
    const res = call(method, view({ handle: S.cur.handle, since: since() }));
    if (res.error) { showError(res.error); return; }
    S.paused = true; // the bots wait until a person moves again
    clearMessage();
    show(res);
  };
  $('#undo').addEventListener('click', () => back('undo'));
  $('#redo').addEventListener('click', () => back('redo'));
  $('#takeback').addEventListener('click', () => back('takeback'));
  $('#hint').addEventListener('click', () => {
    const res = call('hint', { handle: S.cur.handle });
    if (res.error) { showError(res.error); return; }
    if (!res.hints.length) { showInfo(tr('noHint')); return; }
    $('#hints').replaceChildren(...res.hints.map((h) => {
      const li = document.createElement('li');
      // in the board's points, as the legal moves are written
      const l = S.game.legal.find((x) => x.notation === h.notation);
      li.textContent = `${l ? legalText(l) : h.notation} — ${hintText(h)}`;
      return li;
    }));
  });
  $('#bot-move').addEventListener('click', () => botPlay(S.botKind === 'hot-seat' ? 'greedy' : S.botKind));
  $('#copy-id').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(S.game.id); showInfo(tr('copied')); } catch {
      const r = document.createRange();
      r.selectNodeContents($('#position-id'));
      getSelection().removeAllRanges();
      getSelection().addRange(r);
      showInfo(tr('selectToCopy'));
    }
  });
  $('#load-id').addEventListener('click', () => load(call('loadID', view({ id: $('#load-id-text').value, seed: $('#seed').value.trim() || '0', since: 0 })), 'id'));
  $('#save-record').addEventListener('click', () => {
    const res = call('saveRecord', { handle: S.cur.handle });
    if (res.error) { showError(res.error); return; }
    $('#record-text').value = res.text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([res.text], { type: 'text/plain' }));
    a.download = `brettspiel-${S.cur.variant}.txt`;
    a.click();
    URL.revokeObjectURL(a.href);
    showInfo(tr('saved'));
  });
  $('#record-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (f) $('#record-text').value = await f.text();
  });
  $('#load-record').addEventListener('click', () => load(call('loadRecord', view({ text: $('#record-text').value, seed: $('#seed').value.trim() || '0', since: 0 })), 'record'));
}
