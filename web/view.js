// Draws what a seat sees: a step's view elements, or its text view. What the page adds in
// words of its own (the names screen readers say) is in the page's language (texts.js).
//
// Rule text reaches the page only as text: textContent, text nodes and a few safe attributes
// (aria-label, aria-keyshortcuts, data-*). Nothing here parses HTML, sets a link, a source or
// an inline style from a rule, and no rule value ever names a tag, an attribute or a handler.

import { t, language } from './texts.js';

const SAFE_ATTRIBUTES = new Set([
  'id', 'role', 'type', 'tabindex', 'disabled', 'hidden', 'for', 'name', 'value', 'min', 'max', 'step',
  'maxlength', 'placeholder', 'autocomplete', 'autocapitalize', 'autocorrect', 'spellcheck', 'inputmode',
  'enterkeyhint', 'lang', 'open', 'required', 'title', 'list',
]);

/** An element: `props` are safe attributes, `class`, `text` (its text), `on` (listeners). */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = String(value);
    else if (key === 'on') for (const [event, listener] of Object.entries(value)) node.addEventListener(event, listener);
    else if (SAFE_ATTRIBUTES.has(key) || key.startsWith('aria-') || key.startsWith('data-')) {
      node.setAttribute(key, value === true ? '' : String(value));
    } else throw new Error(`h: attribute ${key} is not allowed`);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));  // a string becomes a text node
  }
  return node;
}

/** A value from a rule as text (the host checks types; this never trusts them). */
export function str(value) {
  if (typeof value === 'string') return value;
  if (value == null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function list(value) { return Array.isArray(value) ? value : []; }

/** How a letter is marked, in words as well as colour. */
export const MARKS = {
  hit: { symbol: '✓', text: t('right place') },
  present: { symbol: '↔', text: t('in the word, elsewhere') },
  miss: { symbol: '✗', text: t('not in the word') },
  used: { symbol: '–', text: t('used') },
};

function markOf(value) { return Object.hasOwn(MARKS, value) ? value : null; }

/** The graphemes of a string (an emoji with its modifiers is one). */
const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
export function graphemes(text) {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}
const pictographic = /\p{Extended_Pictographic}/u;
/** A grapheme a terminal draws two columns wide: an emoji shown as such, a flag. */
const wide = /\p{Emoji_Presentation}|\uFE0F|\p{Regional_Indicator}/u;

/**
 * Text laid out for a terminal (art, a text view) as nodes in which each emoji takes two
 * columns, as it does there, so that the columns line up in a fixed-width font.
 */
export function columnText(text) {
  const nodes = [];
  let run = '';
  for (const g of graphemes(text)) {
    if (wide.test(g) && g !== '\n') {
      if (run) nodes.push(document.createTextNode(run));
      run = '';
      nodes.push(h('span', { class: 'wide', text: g }));
    } else run += g;
  }
  if (run) nodes.push(document.createTextNode(run));
  return nodes;
}

/** "Rock ✊" as its sign and its words, so the sign can be drawn big. */
export function splitSign(text) {
  const parts = graphemes(text);
  const signs = parts.filter((g) => pictographic.test(g));
  if (signs.length === 0 || signs.length > 3) return { sign: '', words: text };
  const words = parts.filter((g) => !pictographic.test(g)).join('').replace(/\s+/g, ' ').trim();
  return { sign: signs.join(''), words };
}

/** The moves the elements offer (tapping one plays it), so the page does not offer them twice. */
export function movesInView(elements) {
  const moves = new Set();
  const add = (m) => { if (typeof m === 'string' && m !== '') moves.add(m); };
  for (const e of list(elements)) {
    if (!e || typeof e !== 'object') continue;
    add(e.move);
    for (const c of list(e.cards)) if (c && typeof c === 'object') add(c.move);
    for (const k of list(e.keys)) if (k && typeof k === 'object') add(k.move);
    for (const b of list(e.buttons)) if (b && typeof b === 'object') add(b.move);
  }
  return moves;
}

// MARK: Drawing

/**
 * Draws `step` into `board`. `ctx` is the table's: `canPlay(move)`, `play(move)`, `keyFor(move)`,
 * and for a keyboard that types free text `typing()`, `type(key)`, `erase()`, `submit()`.
 * Nodes that stay are updated in place, so a card that turns over flips.
 */
export function drawView(board, step, ctx) {
  const focused = focusKey(board);
  if (Array.isArray(step.elements)) drawElements(board, step.elements, ctx);
  else drawText(board, str(step.view));
  if (focused) restoreFocus(board, focused);
}

function focusKey(board) {
  const active = document.activeElement;
  return active && board.contains(active) ? active.dataset.fkey || null : null;
}

function restoreFocus(board, key) {
  if (board.contains(document.activeElement) && document.activeElement.dataset.fkey === key) return;
  for (const node of board.querySelectorAll('[data-fkey]')) {
    if (node.dataset.fkey === key) { node.focus({ preventScroll: true }); return; }
  }
}

function drawText(board, text) {
  let pre = board.firstElementChild;
  if (!(pre && pre.classList.contains('view') && board.childElementCount === 1)) {
    pre = h('pre', { class: 'view' });
    board.replaceChildren(pre);
  }
  if (pre._text !== text) {
    pre.replaceChildren(...columnText(text));
    pre._text = text;
  }
}

/** An element as the page reads it: a bare string is text; anything else without a known type is dropped. */
function normalize(e) {
  if (typeof e === 'string') return { type: 'text', text: e };
  if (!e || typeof e !== 'object' || typeof e.type !== 'string') return null;
  return e;
}

const makers = {
  text: makeText, heading: makeHeading, cards: makeCards, word: makeWords, keyboard: makeKeyboard,
  meter: makeMeters, picture: makePicture, buttons: makeButtons,
};

function drawElements(board, elements, ctx) {
  const old = new Map();
  for (const child of board.children) if (child.dataset.block) old.set(child.dataset.block, child);
  const counts = new Map();
  const blocks = [];
  const items = list(elements).map(normalize).filter((e) => e && Object.hasOwn(makers, e.type));
  for (let i = 0; i < items.length; i++) {
    const e = items[i];
    // Meters side by side, words one under another (Guess Five's board): each run is one block.
    let run = [e];
    if (e.type === 'meter' || e.type === 'word') {
      while (i + 1 < items.length && items[i + 1].type === e.type && !items[i + 1].move && !e.move) run.push(items[++i]);
    }
    const n = (counts.get(e.type) || 0) + 1;
    counts.set(e.type, n);
    const key = typeof e.id === 'string' && e.id ? `${e.type}:id:${e.id}` : `${e.type}:${n}`;
    const previous = old.get(key);
    let node = null;
    if (previous && e.type === 'cards' && patchCards(previous, e, ctx)) node = previous;
    if (!node) {
      node = e.type === 'meter' || e.type === 'word' ? makers[e.type](run, ctx, key) : makers[e.type](e, ctx, key);
      if (e.move && e.type !== 'cards' && e.type !== 'keyboard' && e.type !== 'buttons') node = playable(node, e, key, ctx);
      node.dataset.block = key;
    }
    blocks.push(node);
  }
  // Put the blocks in order, moving only what must move: a block that stays is never taken
  // out of the page (which would end its transitions and its focus).
  const kept = new Set(blocks);
  for (const child of [...board.children]) if (!kept.has(child)) child.remove();
  blocks.forEach((node, j) => {
    if (board.children[j] !== node) board.insertBefore(node, board.children[j] || null);
  });
  while (board.children.length > blocks.length) board.lastElementChild.remove();
}

/** An element tied to a move: the whole element is a button. */
function playable(node, e, key, ctx) {
  const move = str(e.move);
  const enabled = ctx.canPlay(move);
  const wrapper = h('div', {
    class: 'element-move', role: 'button', tabindex: enabled ? 0 : -1, 'aria-disabled': enabled ? null : 'true',
    'aria-label': str(e.label) || null, 'data-fkey': `el:${key}`,
  }, node);
  const shortcut = ctx.keyFor(move);
  if (shortcut) wrapper.setAttribute('aria-keyshortcuts', shortcut);
  const go = () => { if (enabled) ctx.play(move); };
  wrapper.addEventListener('click', go);
  wrapper.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); go(); }
  });
  return wrapper;
}

function makeText(e) {
  const style = ['title', 'dim', 'message', 'refusal'].includes(e.style) ? e.style : 'plain';
  return h('p', { class: `text text-${style}`, 'aria-label': str(e.label) || null, text: str(e.text) });
}

function makeHeading(e) {
  return h('h3', { class: 'heading', text: str(e.text) });
}

/** The colours a drawing's shapes may have (game.colour's names), as the page paints them. */
const PAINT = {
  red: '#d43c3c', green: '#3f9b4a', yellow: '#e8c930', blue: '#3b6fd1', magenta: '#c040b0', cyan: '#2fb3c4',
  white: '#f4f4f4', gray: '#8a8f9c', orange: '#ee8a2c', purple: '#7b48c8', pink: '#e66fa6', brown: '#8a5a2b',
};
const SVG = 'http://www.w3.org/2000/svg';

/** A number of a drawing, or null when it is not a finite one within `limit` of zero. */
function coordinate(value, limit) {
  const n = Number(value);
  return typeof value === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** A picture's drawing as SVG (the terminal draws its lines): null when it is not one. Every
 * value is checked again here, and text is only ever text. */
function makeDrawing(drawing, alt) {
  if (!drawing || typeof drawing !== 'object') return null;
  const width = coordinate(drawing.width, 1000);
  const height = coordinate(drawing.height, 1000);
  if (!width || !height || width < 1 || height < 1) return null;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'drawing');
  svg.setAttribute('role', 'img');
  if (alt) svg.setAttribute('aria-label', alt);
  const span = 2 * Math.max(width, height);
  for (const shape of list(drawing.shapes).slice(0, 200)) {
    if (!shape || typeof shape !== 'object') continue;
    const x = coordinate(shape.x, span);
    const y = coordinate(shape.y, span);
    if (x == null || y == null) continue;
    const paint = Object.hasOwn(PAINT, shape.colour) ? PAINT[shape.colour] : null;
    let node = null;
    if (shape.shape === 'rect' && paint) {
      const w = coordinate(shape.w, span);
      const hgt = coordinate(shape.h, span);
      if (w == null || hgt == null) continue;
      node = document.createElementNS(SVG, 'rect');
      for (const [k, v] of [['x', x], ['y', y], ['width', Math.max(0, w)], ['height', Math.max(0, hgt)]]) node.setAttribute(k, String(v));
    } else if (shape.shape === 'circle' && paint) {
      const r = coordinate(shape.r, span);
      if (r == null) continue;
      node = document.createElementNS(SVG, 'circle');
      for (const [k, v] of [['cx', x], ['cy', y], ['r', Math.max(0, r)]]) node.setAttribute(k, String(v));
    } else if (shape.shape === 'text') {
      const size = coordinate(shape.size, span);
      if (size == null) continue;
      node = document.createElementNS(SVG, 'text');
      for (const [k, v] of [['x', x], ['y', y], ['font-size', Math.max(1, size)]]) node.setAttribute(k, String(v));
      node.setAttribute('text-anchor', 'middle');
      node.setAttribute('dominant-baseline', 'central');
      node.textContent = str(shape.text).slice(0, 64);
    } else continue;
    if (paint) node.setAttribute('fill', paint);
    svg.append(node);
  }
  return svg;
}

function makePicture(e) {
  const lines = list(e.lines).map(str);
  const alt = str(e.alt) || str(e.label);
  const drawn = makeDrawing(e.drawing, alt);
  if (drawn) return h('div', { class: 'picture-drawn' }, drawn);
  const pre = h('pre', { class: 'picture' }, columnText(lines.join('\n')));
  if (alt) {
    pre.setAttribute('role', 'img');
    pre.setAttribute('aria-label', alt);
  }
  // Wide art is drawn smaller rather than past the edge.
  const widest = Math.max(1, ...lines.map((l) => graphemes(l).reduce((n, g) => n + (wide.test(g) ? 2 : 1), 0)));
  pre.style.setProperty('--columns', String(widest));
  return pre;
}

function number(value) {
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  return Number.isInteger(n) ? n.toLocaleString(language) : n.toLocaleString(language, { maximumFractionDigits: 2 });
}

function makeMeters(run) {
  const row = h('div', { class: 'meters' });
  for (const e of run) {
    const name = str(e.name), unit = str(e.unit);
    const value = Number(e.value), max = Number(e.max);
    const shown = number(value) + (max > 0 ? ` / ${number(max)}` : '') + (unit ? ` ${unit}` : '');
    const meter = h('div', { class: 'meter', 'aria-label': str(e.label) || null },
      h('span', { class: 'meter-name', text: name }),
      h('span', { class: 'meter-value', text: shown }));
    if (Number.isFinite(max) && max > 0) {
      const fraction = Math.max(0, Math.min(1, (Number.isFinite(value) ? value : 0) / max));
      const bar = h('div', {
        class: 'meter-bar', role: 'meter', 'aria-label': name, 'aria-valuemin': 0, 'aria-valuemax': max,
        'aria-valuenow': Number.isFinite(value) ? value : 0, 'aria-valuetext': shown,
      }, h('div', { class: 'meter-fill' }));
      bar.firstChild.style.width = `${(fraction * 100).toFixed(1)}%`;
      meter.append(bar);
    }
    row.append(meter);
  }
  return row;
}

function makeWords(run) {
  const stack = h('div', { class: run.length > 1 ? 'words board-rows' : 'words' });
  let marked = false;
  for (const e of run) {
    const letters = list(e.letters).map(str);
    const marks = list(e.marks);
    const spoken = letters.map((l, i) => {
      const mark = markOf(marks[i]);
      if (mark) marked = true;
      const letter = l === '' ? t('blank') : l;
      return mark ? t('{letter} ({mark})', { letter, mark: MARKS[mark].text }) : letter;
    });
    const said = spoken.join(t(', ')) || t('no letters');
    const word = h('div', { class: 'word', role: 'img', 'aria-label': str(e.label) ? t('{label}: {letters}', { label: str(e.label), letters: said }) : said });
    word.style.setProperty('--letters', String(Math.max(letters.length, 1)));
    letters.forEach((letter, i) => {
      const mark = markOf(marks[i]);
      const tile = h('span', { class: `tile${letter === '' ? ' blank' : ''}${mark ? ` mark-${mark}` : ''}`, 'aria-hidden': 'true' },
        h('span', { class: 'tile-letter', text: letter }));
      if (mark) tile.append(h('span', { class: 'mark-symbol', text: MARKS[mark].symbol }));
      word.append(tile);
    });
    stack.append(word);
  }
  if (marked) stack.append(legend(['hit', 'present', 'miss']));
  return stack;
}

function legend(marks) {
  return h('p', { class: 'legend' }, marks.map((m) => h('span', { class: `legend-item mark-${m}` },
    h('span', { class: 'mark-symbol', 'aria-hidden': 'true', text: MARKS[m].symbol }), ` ${MARKS[m].text}`)));
}

function makeButtons(e, ctx) {
  const group = h('div', { class: 'buttons', role: 'group', 'aria-label': str(e.label) || t('Moves') });
  const items = list(e.buttons).filter((b) => b && typeof b === 'object');
  group.style.setProperty('--count', String(Math.max(1, items.length)));
  for (const b of items) {
    const text = str(b.text) || str(b.move);
    const move = str(b.move);
    const { sign, words } = splitSign(text);
    // The key shown is the rule's; what a key plays is the step's keys.
    const works = ctx.keyFor(move);
    const key = typeof b.key === 'string' && b.key.length === 1 ? b.key : works;
    const enabled = move !== '' && ctx.canPlay(move);
    const button = h('button', {
      type: 'button', class: sign ? 'big-button has-sign' : 'big-button', 'aria-disabled': enabled ? null : 'true',
      'aria-label': str(b.label) || text, 'aria-keyshortcuts': works || null, 'data-fkey': `button:${move}`,
    },
    sign ? h('span', { class: 'sign', 'aria-hidden': 'true', text: sign }) : null,
    h('span', { class: 'button-text', text: sign ? words : text }),
    key ? h('kbd', { 'aria-hidden': 'true', text: key }) : null);
    button.addEventListener('click', () => { if (enabled) ctx.play(move); });
    group.append(button);
  }
  return group;
}

// MARK: Keyboards

function makeKeyboard(e, ctx) {
  const entries = list(e.keys).filter((k) => k && typeof k === 'object' && str(k.key) !== '');
  const byKey = new Map(entries.map((k) => [str(k.key), k]));
  const rows = [];
  const placed = new Set();
  for (const layout of list(e.rows)) {
    const row = graphemes(str(layout)).filter((g) => byKey.has(g) && !placed.has(g));
    row.forEach((g) => placed.add(g));
    if (row.length) rows.push(row);
  }
  const rest = entries.map((k) => str(k.key)).filter((k) => !placed.has(k));
  if (rest.length) rows.push(rest);
  // A keyboard whose keys have no moves types into the free-text field (Guess Five): the
  // page then adds Enter and a backspace. In a keyboard of moves, a key without one is spent.
  const types = ctx.typing() && entries.every((k) => !k.move);
  const pad = h('div', { class: 'keyboard', role: 'group', 'aria-label': str(e.label) || t('Keyboard') });
  // The widest row in key widths (Enter and the backspace are one and a half each).
  pad.style.setProperty('--widest', String(Math.max(1, ...rows.map((r, i) => r.length + (types && i === rows.length - 1 ? 3 : 0)))));
  let first = true;
  rows.forEach((row, r) => {
    const line = h('div', { class: 'keyboard-row' });
    if (types && r === rows.length - 1) line.append(specialKey('↵', t('Enter'), 'enter', () => ctx.submit()));

    for (const name of row) {
      const entry = byKey.get(name);
      const mark = markOf(entry.mark);
      const move = str(entry.move);
      const typed = move === '';
      const enabled = typed ? types : ctx.canPlay(move);
      const key = h('button', {
        type: 'button', class: `key${mark ? ` mark-${mark}` : ''}`, 'aria-disabled': enabled ? null : 'true',
        'aria-label': str(entry.label) || (mark ? [name, MARKS[mark].text].join(t(', ')) : name),
        'data-fkey': `key:${name}`, tabindex: first ? 0 : -1,
      }, h('span', { class: 'key-letter', text: name }),
      mark ? h('span', { class: 'mark-symbol', 'aria-hidden': 'true', text: MARKS[mark].symbol }) : null);
      if (graphemes(name).length === 1) key.setAttribute('aria-keyshortcuts', name);
      first = false;
      key.addEventListener('click', () => {
        if (!enabled) return;
        if (typed) ctx.type(name); else ctx.play(move);
      });
      line.append(key);
    }
    if (types && r === rows.length - 1) line.append(specialKey('⌫', t('Backspace'), 'erase', () => ctx.erase()));
    pad.append(line);
  });
  roving(pad, '.key');
  return pad;
}

function specialKey(text, label, kind, action) {
  const key = h('button', { type: 'button', class: `key key-wide key-${kind}`, 'aria-label': label, 'data-fkey': `key:${kind}`, tabindex: -1, text });
  key.addEventListener('click', action);
  return key;
}

// MARK: Cards

/** The colours a rule may give card backs (game.colour's names), each a class of the page. */
const BACKS = new Set(['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray', 'orange', 'purple', 'pink', 'brown']);

function cardKey(card, i) { return typeof card.id === 'string' && card.id ? `id:${card.id}` : `#${i}`; }

function cardShape(e) {
  const cards = list(e.cards);
  const columns = Number.isInteger(e.columns) && e.columns > 0 ? e.columns : 0;
  return `${str(e.colour)}|${columns}|${cards.length}|${cards.map((c, i) => (c && typeof c === 'object' ? cardKey(c, i) : '-')).join(',')}|${cards.some((c) => c && c.move) ? 1 : 0}`;
}

function makeCards(e, ctx, blockKey) {
  const cards = list(e.cards).map((c) => (c && typeof c === 'object' ? c : {}));
  const columns = Number.isInteger(e.columns) && e.columns > 0 ? Math.min(e.columns, 26) : 0;
  const interactive = cards.some((c) => typeof c.move === 'string' && c.move !== '');
  const label = str(e.label) || t('Cards');
  const grid = h('div', { class: `cards${columns ? ' columns' : ' row'}`, role: interactive ? 'grid' : 'list', 'aria-label': label });
  if (BACKS.has(e.colour)) grid.classList.add(`back-${e.colour}`);
  if (columns) {
    grid.style.setProperty('--columns', String(columns));
    grid.style.setProperty('--rows', String(Math.max(1, Math.ceil(cards.length / columns))));
  }
  const perRow = columns || cards.length || 1;
  let line = null;
  cards.forEach((card, i) => {
    if (interactive && i % perRow === 0) {
      line = h('div', { class: 'cards-row', role: 'row' });
      grid.append(line);
    }
    const cell = h('div', { class: 'cell', role: interactive ? 'gridcell' : 'listitem' });
    const control = interactive ? h('button', { type: 'button', class: 'card', tabindex: -1 }) : h('div', { class: 'card' });
    control.append(
      h('span', { class: 'card-inner', 'aria-hidden': 'true' },
        h('span', { class: 'card-front' }, h('span', { class: 'card-face' }), h('span', { class: 'card-corner' }), h('span', { class: 'card-check', text: '✓' })),
        h('span', { class: 'card-back' })));
    if (interactive) {
      control.addEventListener('click', () => { if (control._playable) ctx.play(control._move); });
    }
    cell.append(control);
    updateCard(control, card, i);
    control.dataset.fkey = `card:${blockKey}:${cardKey(card, i)}`;
    (interactive ? line : grid).append(cell);
  });
  if (!interactive) grid.classList.add('static');
  grid._shape = cardShape(e);
  refreshCards(grid, cards, ctx);
  if (interactive) roving(grid, '.card');
  return grid;
}

/** Updates a grid of the same shape in place; false when it must be drawn anew. */
function patchCards(grid, e, ctx) {
  if (grid._shape !== cardShape(e)) return false;
  const cards = list(e.cards).map((c) => (c && typeof c === 'object' ? c : {}));
  const controls = grid.querySelectorAll('.card');
  cards.forEach((card, i) => updateCard(controls[i], card, i));
  refreshCards(grid, cards, ctx);
  const label = str(e.label) || t('Cards');
  if (grid.getAttribute('aria-label') !== label) grid.setAttribute('aria-label', label);
  return true;
}

function updateCard(control, card, i) {
  const up = card.up === true;
  const face = str(card.face);
  const corner = str(card.label);
  const front = control.querySelector('.card-face');
  // Matched and face down: the card has left the table (an empty place of its size).
  const gone = card.matched === true && !up;
  control.classList.toggle('up', up);
  control.classList.toggle('matched', card.matched === true);
  control.classList.toggle('gone', gone);
  control.classList.toggle('red', /[♥♦]/u.test(face));
  control.classList.toggle('suited', /[♠♥♦♣]/u.test(face));
  control.classList.toggle('long-face', graphemes(face).length > 3);
  if (up) {
    clearTimeout(control._clear);
    if (front.textContent !== face) front.textContent = face;
  } else if (front.textContent !== '') {
    // The face stays while the card turns over, then goes: a face-down card holds no face.
    clearTimeout(control._clear);
    control._clear = setTimeout(() => { if (!control.classList.contains('up')) front.textContent = ''; }, 450);
  }
  control.querySelector('.card-corner').textContent = corner;
  const name = corner || t('Card {n}', { n: i + 1 });
  const parts = [name, gone ? t('cleared') : up ? (face || t('face up')) : t('face down')];
  if (card.matched === true && up) parts.push(t('matched'));
  control.setAttribute('aria-label', parts.join(t(', ')));
  control._move = str(card.move);
  control._selectable = card.selectable !== false;
}

function refreshCards(grid, cards, ctx) {
  for (const control of grid.querySelectorAll('button.card')) {
    control._playable = control._move !== '' && control._selectable && ctx.canPlay(control._move);
    control.classList.toggle('playable', control._playable);
    if (control._playable) control.removeAttribute('aria-disabled');
    else control.setAttribute('aria-disabled', 'true');
  }
  if (grid.getAttribute('role') === 'grid') setRoving(grid, '.card');
}

/** One control of the group is in the tab order; the arrow keys move among the rest. */
function roving(group, selector) {
  group.addEventListener('focusin', (ev) => {
    const item = ev.target.closest(selector);
    if (!item || !group.contains(item)) return;
    for (const other of group.querySelectorAll(selector)) other.tabIndex = other === item ? 0 : -1;
    group._current = [...group.querySelectorAll(selector)].indexOf(item);
  });
  group.addEventListener('keydown', (ev) => {
    const items = [...group.querySelectorAll(selector)];
    const i = items.indexOf(document.activeElement);
    if (i < 0) return;
    const across = itemsPerRow(items, i);
    let j = null;
    switch (ev.key) {
      case 'ArrowRight': j = i + 1; break;
      case 'ArrowLeft': j = i - 1; break;
      case 'ArrowDown': j = nearestBelow(items, i, 1); break;
      case 'ArrowUp': j = nearestBelow(items, i, -1); break;
      case 'Home': j = i - across.before; break;
      case 'End': j = i + across.after; break;
      default: return;
    }
    ev.preventDefault();
    if (j != null && j >= 0 && j < items.length) items[j].focus();
  });
  setRoving(group, selector);
}

function setRoving(group, selector) {
  const items = [...group.querySelectorAll(selector)];
  if (!items.length) return;
  let current = Number.isInteger(group._current) && group._current < items.length ? group._current : -1;
  if (current < 0) current = Math.max(0, items.findIndex((c) => c.classList.contains('playable')));
  items.forEach((item, k) => { item.tabIndex = k === current ? 0 : -1; });
}

/** The items on the same line as item i, before and after it (as laid out). */
function itemsPerRow(items, i) {
  const top = items[i].offsetTop;
  let before = 0, after = 0;
  while (i - before - 1 >= 0 && items[i - before - 1].offsetTop === top) before++;
  while (i + after + 1 < items.length && items[i + after + 1].offsetTop === top) after++;
  return { before, after };
}

/** The item in the next line down (or up) nearest in x to item i. */
function nearestBelow(items, i, direction) {
  const here = items[i].getBoundingClientRect();
  const x = here.left + here.width / 2;
  let best = null, bestLine = null, bestDx = Infinity;
  for (let k = i + direction; k >= 0 && k < items.length; k += direction) {
    const r = items[k].getBoundingClientRect();
    if (Math.abs(r.top - here.top) < 2) continue;
    if (bestLine != null && Math.abs(r.top - bestLine) > 2) break;
    bestLine = r.top;
    const dx = Math.abs(r.left + r.width / 2 - x);
    if (dx < bestDx) { bestDx = dx; best = k; }
  }
  return best;
}
