// The view elements page: draws sample steps with the table's own code (view.js), so rule
// authors see what each element looks like, and the browser tests draw any step they like
// (window.fixture.show).

import { h, drawView, graphemes } from './view.js';
import { translatePage } from './texts.js';

const cards = (faces, up, extra = {}) => faces.map((face, i) => ({
  id: `card-${i + 1}`, label: String(i + 1), up: up.includes(i + 1), face: up.includes(i + 1) ? face : undefined,
  matched: (extra.matched || []).includes(i + 1), selectable: !up.includes(i + 1), move: up.includes(i + 1) ? undefined : String(i + 1),
}));
const faces = ['🐶', '🐱', '🐭', '🐹', '🐶', '🐹', '🐱', '🐭', '🦊', '🐻', '🦊', '🐻', '🐼', '🐨', '🐨', '🐼'];
const qwerty = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const alphabet = 'abcdefghijklmnopqrstuvwxyz'.split('');

export const samples = {
  memory: {
    moves: Array.from({ length: 16 }, (_, i) => String(i + 1)).filter((m) => !['1', '5', '3', '8'].includes(m)),
    elements: [
      { type: 'heading', text: 'Memory · animals' },
      { type: 'meter', name: 'Score', value: 2 }, { type: 'meter', name: 'Flips', value: 6 },
      { type: 'cards', columns: 4, colour: 'green', cards: cards(faces, [1, 5, 3, 8], { matched: [1, 5] }) },
      'Choose a card (1-16).',
    ],
  },
  applepie: {
    moves: 'bcdfghijklmnopqrstuvwxyz'.split(''), text: { description: 'a guess at the whole word', pattern: null },
    elements: [
      { type: 'heading', text: 'Apple Pie — word 2 of 6' },
      { type: 'picture', alt: 'a tree with 5 apples on it and 2 fallen', lines: ['       .-~~~~~~-.', '    🍎 🍎 🍎 🍎 🍎', '          ||', '   ~~~~~~~||~~~~~~~ 🍎 x2'] },
      { type: 'meter', name: 'Apples', value: 5, max: 7 },
      { type: 'word', label: 'the word', letters: ['', 'a', '', '', 'e'] },
      { type: 'keyboard', rows: qwerty, keys: alphabet.map((k) => (k === 'a' ? { key: k, mark: 'hit' } : k === 'e' ? { key: k, mark: 'hit' } : { key: k, move: k })) },
      { type: 'text', text: 'Wins 1 · Losses 0 · Score 10', style: 'dim' },
    ],
  },
  guessfive: {
    moves: [], text: { description: 'a five-letter word of the list', pattern: '%a%a%a%a%a' },
    elements: [
      { type: 'heading', text: 'Guess Five · try 3 of 6' },
      { type: 'word', letters: ['c', 'r', 'a', 'n', 'e'], marks: ['miss', 'present', 'miss', 'miss', 'hit'] },
      { type: 'word', letters: ['s', 'h', 'o', 'r', 'e'], marks: ['hit', 'miss', 'hit', 'hit', 'hit'] },
      { type: 'word', letters: ['', '', '', '', ''] },
      { type: 'word', letters: ['', '', '', '', ''] },
      { type: 'keyboard', rows: qwerty, keys: alphabet.map((k) => ({ key: k, mark: { c: 'miss', a: 'miss', n: 'miss', h: 'miss', r: 'hit', e: 'hit', s: 'hit', o: 'hit' }[k] })) },
    ],
  },
  rps: {
    moves: ['rock', 'paper', 'scissors'], keys: { r: 'rock', p: 'paper', s: 'scissors' },
    elements: [
      { type: 'heading', text: 'Best of 3: first to 2 wins' },
      { type: 'meter', name: 'You', value: 1 }, { type: 'meter', name: 'Computer', value: 0 }, { type: 'meter', name: 'Ties', value: 1 },
      { type: 'buttons', buttons: [{ text: 'Rock ✊', move: 'rock', key: 'r' }, { text: 'Paper ✋', move: 'paper', key: 'p' }, { text: 'Scissors ✌️', move: 'scissors', key: 's' }] },
    ],
  },
  blackjack: {
    moves: ['hit', 'stand', 'double'], keys: { h: 'hit', s: 'stand', d: 'double' },
    elements: [
      { type: 'meter', name: 'Chips', value: 90 }, { type: 'meter', name: 'Bet', value: 10 },
      { type: 'heading', text: 'Dealer' },
      { type: 'cards', cards: [{ face: '3♠', up: true }, { up: false, label: 'hole card' }] },
      { type: 'heading', text: 'You: 18' },
      { type: 'cards', cards: [{ face: 'Q♦', up: true }, { face: '8♦', up: true }] },
      { type: 'buttons', buttons: [{ text: 'Hit', move: 'hit', key: 'h' }, { text: 'Stand', move: 'stand', key: 's' }, { text: 'Double', move: 'double', key: 'd' }] },
    ],
  },
  text: {
    moves: ['y', 'n'],
    elements: [
      { type: 'text', text: 'A title', style: 'title' }, { type: 'text', text: 'A message', style: 'message' },
      { type: 'text', text: 'Dim text', style: 'dim' }, { type: 'text', text: 'A refusal', style: 'refusal' },
      { type: 'meter', name: 'Tries left', value: 3, max: 6, unit: 'tries' },
      { type: 'text', text: 'Play again', move: 'y', label: 'Play again' },
    ],
  },
  plain: { moves: [], view: 'A rule whose view is text:\n  it is drawn as it is,\n  in a fixed-width font.', elements: null },
};

const played = [];
let current = null;

const ctx = {
  canPlay(move) {
    if (!current || typeof move !== 'string' || move === '') return false;
    return (current.moves || []).includes(move) || move.startsWith('/') || Boolean(current.text);
  },
  play(move) {
    played.push(move);
    document.getElementById('played').append(h('li', { text: move }));
  },
  keyFor(move) {
    for (const [key, m] of Object.entries((current && current.keys) || {})) if (m === move) return key;
    return null;
  },
  typing() { return Boolean(current && current.text); },
  type(key) { document.getElementById('text-input').value += key; },
  erase() {
    const input = document.getElementById('text-input');
    input.value = graphemes(input.value).slice(0, -1).join('');
  },
  submit() { document.getElementById('text-form').requestSubmit(); },
};

/** Draws a step (or a sample's name) as the table would. */
function show(step) {
  if (typeof step === 'string') step = samples[step];
  current = { view: '', moves: [], keys: {}, text: null, ...step };
  drawView(document.getElementById('board'), current, ctx);
  return true;
}

document.getElementById('text-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('text-input');
  if (input.value) ctx.play(input.value);
  input.value = '';
});

// The page's own words in the browser's language; the samples stand for a rule's, in English.
translatePage();
const buttons = document.getElementById('samples');
for (const name of Object.keys(samples)) {
  buttons.append(h('button', { type: 'button', class: 'move', text: name, on: { click: () => show(name) } }));
}
window.fixture = { show, played, samples };
show('memory');
