// GameHost in a browser: the lobby (games, new tables, joining by code or link) and the table
// (the view, moves, free text, messages, the result, the seats), over the server's WebSocket.
//
// Every text from a rule or a player reaches the page as text only (see view.js).

import { h, str, drawView, movesInView, graphemes } from './view.js';
import * as bell from './bell.js';
import { t, pageLanguage, bestLanguage, language, translatePage } from './texts.js';

const $ = (id) => document.getElementById(id);

/** A picture for each built-in game in the lobby; other games get a die. */
const ICONS = {
  rps: '✊', rpsls: '🖖', applepie: '🍎', hangman: '🪢', memory: '🃏', 'memory-triples': '🎴',
  blackjack: '🂡', 'guess-five': '🔠', 'crazy-eights': '🎱',
};

// MARK: What the page keeps (localStorage)

const TABLES = 'gamehost.tables';
const NAME = 'gamehost.name';

function savedTables() {
  try {
    const value = JSON.parse(localStorage.getItem(TABLES) || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch { return {}; }
}

function saveTables(tables) {
  try { localStorage.setItem(TABLES, JSON.stringify(tables)); } catch { /* private mode: this page only */ }
}

/** A seat's token, kept per table so that a reload or a new connection takes the seat back. */
function keepSeat(code, fields) {
  const tables = savedTables();
  tables[code] = { ...(tables[code] || {}), ...fields, at: Date.now() };
  const codes = Object.keys(tables).sort((a, b) => (tables[b].at || 0) - (tables[a].at || 0));
  for (const old of codes.slice(20)) delete tables[old];
  saveTables(tables);
}

function forgetSeat(code) {
  const tables = savedTables();
  if (!tables[code]) return;
  delete tables[code];
  saveTables(tables);
}

function playerName() {
  return $('name').value.trim().slice(0, 32);
}

// MARK: State

const app = {
  ws: null,
  connected: false,
  attempts: 0,
  retry: 0,
  games: null,
  /** What to send once connected, when the page asked before the connection was open. */
  want: null,
  /** The table this page shows: { code, seat (null: watching), token }. */
  at: null,
  start: null,
  coaching: false,
  step: null,
  roster: null,
  /** Lines sent and not yet answered by a step of this seat. */
  pending: 0,
  pendingTimer: 0,
  ended: false,
  /** The messages since this seat's last move, shown by the board. */
  latest: [],
  /** The steps of the game so far, as the server sends them when the page takes its seat (a
   * reload, a link opened again), until the one drawn now: null once it has come. */
  catchingUp: null,
  /** What the others did since this seat's last move, told after a reload until it moves. */
  away: [],
  /** Free text sent, kept in the field until the game takes it. */
  sentText: null,
  /** What the page last asked the server for (create, join or watch), which an error answers. */
  asked: null,
  shortcuts: new Map(),
  keyOf: new Map(),
};

// MARK: The connection

function socketURL() {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

function connect() {
  clearTimeout(app.retry);
  const ws = new WebSocket(socketURL());
  app.ws = ws;
  showConnection();
  ws.addEventListener('open', () => {
    if (app.ws !== ws) return;
    app.connected = true;
    app.attempts = 0;
    showConnection();
    send({ type: 'games', lang: pageLanguage() });
    if (app.at) {
      // Back in the same seat (or watching again) after a dropped connection.
      if (app.at.token) send({ type: 'join', table: app.at.code, token: app.at.token });
      else if (app.at.seat == null) send({ type: 'watch', table: app.at.code });
    } else if (app.want) {
      send(app.want);
    }
    app.want = null;
  });
  ws.addEventListener('message', (event) => {
    if (app.ws !== ws || typeof event.data !== 'string') return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message && typeof message === 'object') receive(message);
  });
  ws.addEventListener('close', () => {
    if (app.ws !== ws) return;
    app.ws = null;
    app.connected = false;
    app.pending = 0;
    showConnection();
    const delay = Math.min(8000, 300 * 2 ** app.attempts) + Math.random() * 200;
    app.attempts++;
    app.retry = setTimeout(connect, delay);
    if (app.at) render();
  });
}

/** A fresh connection (leaving a table: the server then counts this page as gone from it). */
function reconnect() {
  const old = app.ws;
  app.ws = null;
  app.connected = false;
  if (old) old.close();
  connect();
}

function send(message) {
  if (!app.ws || !app.connected) return false;
  app.ws.send(JSON.stringify(message));
  if (['create', 'join', 'watch'].includes(message.type)) app.asked = message.type;
  return true;
}

/** Sends now, or as soon as the connection is open. */
function request(message) {
  if (!send(message)) app.want = message;
}

function showConnection() {
  const node = $('connection');
  const text = app.connected ? '' : (app.attempts > 0 ? t('Connection lost: reconnecting…') : t('Connecting…'));
  node.textContent = text;
  node.classList.toggle('offline', app.attempts > 0 && !app.connected);
}

// MARK: Messages from the server

function receive(m) {
  switch (m.type) {
    case 'games': app.games = Array.isArray(m.games) ? m.games : []; renderGames(); break;
    case 'joined': onJoined(m); break;
    case 'table': app.roster = m; renderSeats(); renderTurn(); renderUndo(); break;
    case 'start': onStart(m); break;
    case 'step': onStep(m); break;
    case 'end': onEnd(str(m.reason)); break;
    case 'closed': onEnd(str(m.reason) === 'idle' ? 'idle' : 'closed'); break;
    case 'undo': onUndo(m); break;
    case 'error': onError(m); break;
    default: break;
  }
}

function onJoined(m) {
  const code = str(m.table);
  const same = app.at && app.at.code === code;
  app.at = { code, seat: Number.isInteger(m.seat) ? m.seat : null, token: typeof m.token === 'string' ? m.token : null };
  app.pending = 0;
  app.ended = false;
  // The game so far follows every joining (a reconnection's too).
  app.catchingUp = [];
  app.undo = null;
  if (!same) {
    app.coaching = false;
    app.start = null;
    app.step = null;
    app.roster = null;
    app.latest = [];
    $('messages').replaceChildren();
    $('board').replaceChildren();
    delete $('board').dataset.step;
  }
  if (app.at.token) keepSeat(code, { token: app.at.token, seat: app.at.seat });
  if (location.hash !== `#${code}`) history.pushState(null, '', `#${code}`);
  showTable(!same);
}

function onStart(m) {
  const again = app.start && app.start.game_number !== m.game_number;
  app.start = m;
  if (app.at && app.at.token) keepSeat(app.at.code, { title: str(m.title), game: str(m.game) });
  if (again) addLog(t('New game (game {n})', { n: Number(m.game_number) || '' }), 'separator');
  $('game-title').textContent = str(m.title);
  document.title = `${str(m.title)} · GameHost`;
  renderHelp();
}

// Hint and Coach, where the rule allows them (`"hints": true`) and you hold a seat: the host's
// search player gives the move it would make, or, at the game's end, where it would have
// played otherwise.
function renderHelp() {
  const allowed = !!(app.start && app.start.hints === true && app.at && app.at.seat != null);
  $('hint').hidden = !allowed;
  $('coach').hidden = !allowed;
  $('coach').setAttribute('aria-pressed', String(allowed && app.coaching === true));
  $('coach').textContent = allowed && app.coaching === true ? t('Coach: on') : t('Coach me');
}

// Taking a move back (`/undo`), where the table offers it: a practice table, or a rule that
// allows it. The others at the table agree first: a request waiting shows them its question,
// and its asker a way to withdraw it. What became of it is said among the messages.
function onUndo(m) {
  const state = str(m.state);
  const you = app.at ? app.at.seat : null;
  // The answer to this page's own /undo, /agree or /refuse (no step of its seat says it).
  if (app.pending > 0 && you != null && (m.seat === you || m.by === you || state === 'taken')) {
    app.pending = 0;
    clearTimeout(app.pendingTimer);
  }
  app.undo = state === 'asked' || state === 'agreed' ? m : null;
  // (A move taken back is said by the step that follows.)
  if (state !== 'taken') addMessage(str(m.message), 'message');
  render();
}

function renderUndo() {
  const you = app.at ? app.at.seat : null;
  const seated = you != null && !app.ended;
  $('undo').hidden = !(seated && app.roster && app.roster.undo === true);
  const asked = app.undo;
  $('undo-ask').hidden = !(seated && asked);
  if (!asked) return;
  $('undo-text').textContent = str(asked.message);
  const needs = Array.isArray(asked.needs) ? asked.needs : [];
  const agreed = Array.isArray(asked.agreed) ? asked.agreed : [];
  const answers = needs.includes(you) && !agreed.includes(you);
  $('undo-agree').hidden = !answers;
  $('undo-refuse').hidden = !answers;
  $('undo-withdraw').hidden = asked.seat !== you;
}

function onStep(step) {
  const you = app.at ? app.at.seat : null;
  const mine = you != null && step.seat === you;
  if (mine && app.pending > 0) {
    app.pending--;
    if (app.pending === 0) clearTimeout(app.pendingTimer);
  }
  if (Number(step.step) === 0 && step.status === 'started') app.latest = [];
  // The host's answer to /coach says whether the coach is on now.
  if (mine && typeof step.coaching === 'boolean') {
    app.coaching = step.coaching;
    renderHelp();
  }
  for (const text of Array.isArray(step.messages) ? step.messages : []) addMessage(str(text), 'message');
  if (step.reason && (mine || step.ends_session || step.seat == null)) addMessage(str(step.reason), step.status === 'error' ? 'error' : 'refusal');
  if (mine && app.sentText != null) {
    // Free text the game took is cleared; refused text stays, to be mended.
    if (step.applied || step.status === 'command') $('text-input').value = '';
    else $('text-input').select();
    app.sentText = null;
  }
  if (Number(step.bells) > 0) ringBell(Number(step.bells));
  if (app.catchingUp) catchUp(step, mine);
  else if (mine && step.applied) app.away = [];
  app.step = step;
  render();
}

// The steps a page is sent as it takes its seat are the game so far, without their views (the
// last, the game as it stands, has them). What was said after this seat's last move is what
// happened while it was away: told by the board until the seat moves, as the terminal tells
// the next person at a shared keyboard.
function catchUp(step, mine) {
  const said = (Array.isArray(step.messages) ? step.messages : []).map(str).filter(Boolean);
  if (mine && step.applied) app.catchingUp = [];
  else app.catchingUp.push(...said);
  const drawn = Array.isArray(step.elements) || str(step.view) !== '';
  if (!drawn) return;
  const seated = app.at && app.at.seat != null;
  // (A game that has only begun has nothing to tell.)
  app.away = seated && Number(step.step) > 0 ? app.catchingUp.slice(-8) : [];
  app.catchingUp = null;
}

function onEnd(reason) {
  if (!app.at) return;
  app.ended = true;
  app.pending = 0;
  forgetSeat(app.at.code);
  const texts = {
    quit: t('The game is over and the table has closed.'),
    error: t('The table stopped: the game could not go on.'),
    idle: t('The table closed after a long time without a move.'),
    eof: t('The table has closed.'),
  };
  $('ended-text').textContent = texts[reason] || t('The table has closed.');
  render();
}

function onError(m) {
  const code = str(m.code);
  const text = str(m.message);
  app.pending = 0;
  if (code === 'bad-token' || code === 'no-table') {
    const asked = app.at ? app.at.code : codeFromHash();
    if (asked) forgetSeat(asked);
    if (app.at) {
      app.at = null;
      showLobby();
    }
    notice(code === 'no-table' ? t('There is no table {code} (it may have ended).', { code: asked || '' }) : t('That seat is no longer yours: join again or watch.'));
    renderMine();
    return;
  }
  if (code === 'table-full' && app.asked !== 'watch') {
    notice(t('{reason} Press Watch to follow the game.', { reason: serverText(code, text) || t('Every seat is taken.') }));
    if (!app.at) { $('code').value = codeFromHash() || $('code').value; $('watch').focus(); }
    return;
  }
  notice(serverText(code, text) || code || t('The server refused that.'));
  if (app.at) render();
}

/**
 * The server's refusals are in English: in another language the page says those it knows in
 * its own words, by their code, and puts any other in a sentence of its own.
 */
function serverText(code, text) {
  if (language === 'en') return text;
  switch (code) {
    case 'table-full': return app.asked === 'watch' ? t('No more watchers fit at this table.') : t('Every seat is taken.');
    case 'no-seat': return t('Only a seat’s holder moves for it: join the table first.');
    case 'server-full': return t('The server has as many tables as it can hold: try again later.');
    case 'too-many-tables': return t('You have as many tables open as you may: finish or leave one first.');
    case 'busy': return t('The table is busy: try again in a moment.');
    case 'store-unavailable': return t('The server cannot reach its storage just now: try again in a moment.');
    case 'cannot-store': return t('The server could not store your seat: try again.');
    case 'cannot-start': return t('The game could not start: {reason}', { reason: text });
    case 'table-broken': return t('That table could not be rebuilt after the server restarted: open a new one.');
    case 'stale': return t('Your seat has moved on another device: look again.');
    case 'too-fast': return t('Too many messages at once: the connection was closed.');
    default: return text ? t('The server refused that: {reason}', { reason: text }) : '';
  }
}

// MARK: Showing the lobby or a table

function notice(text) {
  const node = $('notice');
  node.textContent = text;
  node.hidden = !text;
}

function showLobby() {
  $('table').hidden = true;
  $('lobby').hidden = false;
  $('create').hidden = true;
  $('pick').hidden = false;
  document.title = 'GameHost';
  renderMine();
}

function showTable(fresh) {
  notice('');
  $('lobby').hidden = true;
  $('table').hidden = false;
  $('table-code').textContent = app.at.code;
  if (fresh) $('game-title').focus({ preventScroll: true });
  render();
}

function leaveTable() {
  app.at = null;
  app.step = null;
  app.start = null;
  app.roster = null;
  app.ended = false;
  if (location.hash) history.pushState(null, '', location.pathname + location.search);
  showLobby();
  reconnect();
}

function codeFromHash() {
  const match = /^#([A-Za-z0-9]{4,12})$/.exec(location.hash);
  return match ? match[1].toUpperCase() : null;
}

/** A link's table: the seat this page holds there, or the first free one. */
function goToTable(code) {
  notice('');
  const saved = savedTables()[code];
  if (saved && typeof saved.token === 'string') return request({ type: 'join', table: code, token: saved.token });
  // Someone new, with no name yet: asked for one first, so that the table shows a name and
  // not "Seat 2".
  if (!playerName()) {
    if (app.at) leaveTable();
    $('code').value = code;
    notice(t('You are invited to table {code}: type your name and press Join.', { code }));
    $('name').focus();
    return;
  }
  request({ type: 'join', table: code, name: playerName() });
}

function tableLink() {
  return `${location.origin}${location.pathname}#${app.at ? app.at.code : ''}`;
}

// MARK: The lobby

function seatsText(seats) {
  if (!seats) return '';
  const min = Number(seats.min), max = Number(seats.max);
  if (min === max) return t(['{n} player', '{n} players'], { n: min });
  return t('{min}–{max} players', { min, max });
}

/**
 * The listing's `translations` entry of a game for the browser's language (`de-at`, else
 * `de`), where the server sends one; else an empty object.
 */
function gameTranslation(game) {
  const translations = game.translations;
  if (!translations || typeof translations !== 'object' || Array.isArray(translations)) return {};
  const languages = new Set(Object.keys(translations).filter((k) => translations[k] && typeof translations[k] === 'object').map((k) => k.toLowerCase()));
  const chosen = bestLanguage(pageLanguage(), languages);
  if (!chosen) return {};
  return translations[Object.keys(translations).find((k) => k.toLowerCase() === chosen)];
}

/** A game's title or about in the page's language, else its own. */
function gameText(game, field) {
  return str(gameTranslation(game)[field]) || str(game[field]);
}

/** An option's label and help in the page's language, else its name and its own help. */
function optionText(game, option) {
  const options = gameTranslation(game).options;
  const own = options && typeof options === 'object' && !Array.isArray(options) && options[option.name];
  const entry = own && typeof own === 'object' ? own : {};
  const text = (value) => (typeof value === 'string' ? value : '');
  return { label: text(entry.label) || optionLabel(option.name), help: text(entry.help) || str(option.help) };
}

function renderGames() {
  const list = $('games');
  list.removeAttribute('aria-busy');
  const items = (app.games || []).filter((g) => g && typeof g.game === 'string');
  list.replaceChildren(...items.map((game) => h('li', {},
    h('button', { type: 'button', class: 'game-tile', 'data-game': game.game, on: { click: () => openCreate(game) } },
      h('span', { class: 'game-icon', 'aria-hidden': 'true', text: ICONS[game.game] || '🎲' }),
      h('span', { class: 'game-text' },
        h('span', { class: 'game-name', text: gameText(game, 'title') || game.game }),
        h('span', { class: 'game-about', text: gameText(game, 'about') }),
        h('span', { class: 'game-seats', text: game.bot ? t('{seats} · has a bot', { seats: seatsText(game.seats) }) : seatsText(game.seats) }))))));
  if (!items.length) list.append(h('li', { class: 'empty', text: t('No games are installed.') }));
}

function renderMine() {
  const tables = savedTables();
  const codes = Object.keys(tables).filter((c) => typeof tables[c].token === 'string');
  $('mine').hidden = codes.length === 0;
  $('mine-list').replaceChildren(...codes.map((code) => h('li', {},
    h('button', { type: 'button', class: 'small', on: { click: () => { location.hash = code; } } },
      `${str(tables[code].title) || t('Table')} · `, h('code', { text: code }),
      tables[code].seat ? ` · ${t('seat {n}', { n: Number(tables[code].seat) })}` : ''))));
}

let creating = null;

function optionLabel(name) {
  const text = name.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function openCreate(game) {
  creating = { game, controls: [] };
  notice('');
  $('pick').hidden = true;
  $('create').hidden = false;
  $('create-title').textContent = gameText(game, 'title') || game.game;
  $('create-about').textContent = gameText(game, 'about');
  $('create-icon').textContent = ICONS[game.game] || '🎲';
  $('practice').checked = false;
  const fieldset = $('options');
  fieldset.replaceChildren(h('legend', { text: t('Options') }));
  // Choices first, then numbers, then what is typed (such as a fixed deal), each in the
  // listing's order.
  const kind = (o) => (Array.isArray(o.choices) && o.choices.length && !o.accept ? 0 : Number.isInteger(o.min) ? 1 : 2);
  const options = (Array.isArray(game.options) ? game.options : []).filter((o) => o && typeof o.name === 'string')
    .map((o, i) => [o, i]).sort((a, b) => kind(a[0]) - kind(b[0]) || a[1] - b[1]).map(([o]) => o);
  options.forEach((option, i) => {
    const id = `option-${i}`;
    const { label, help } = optionText(game, option);
    let control;
    let extra = null;
    const choices = Array.isArray(option.choices) ? option.choices.map(str) : [];
    if (choices.length && option.accept) {
      // Named choices or a value of its own (Memory's pairs: "theme" or a number).
      control = h('input', { id, type: 'text', maxlength: 256, autocomplete: 'off', list: `${id}-choices`, 'aria-describedby': help ? `${id}-help` : null });
      control.value = str(option.default);
      extra = h('datalist', { id: `${id}-choices` }, choices.map((c) => h('option', { value: c })));
    } else if (choices.length) {
      control = h('select', { id, 'aria-describedby': help ? `${id}-help` : null },
        choices.map((c) => h('option', { value: c, text: c })));
      control.value = str(option.default);
    } else if (Number.isInteger(option.min) && Number.isInteger(option.max)) {
      control = h('input', { id, type: 'number', min: option.min, max: option.max, step: 1, inputmode: 'numeric', 'aria-describedby': help ? `${id}-help` : null });
      control.value = str(option.default);
    } else {
      control = h('input', { id, type: 'text', maxlength: 256, autocomplete: 'off', 'aria-describedby': help ? `${id}-help` : null });
      control.value = str(option.default);
    }
    creating.controls.push({ option, control });
    fieldset.append(h('div', { class: 'field' },
      h('label', { for: id, text: label }), control, extra,
      help ? h('span', { class: 'help', id: `${id}-help`, text: help }) : null));
  });
  // A game that plays a word list: the lists the server offers, the game's own first chosen.
  const lists = Array.isArray(game.word_lists) ? game.word_lists.map(str).filter(Boolean) : [];
  creating.words = null;
  if (typeof game.words === 'string' && lists.length > 1) {
    const control = h('select', { id: 'word-list' }, lists.map((name) => h('option', { value: name, text: name })));
    control.value = lists.includes(game.words) ? game.words : lists[0];
    creating.words = control;
    fieldset.append(h('div', { class: 'field' }, h('label', { for: 'word-list', text: t('Word list') }), control));
  }
  fieldset.hidden = creating.controls.length === 0 && !creating.words;
  const min = Math.max(1, Number(game.seats && game.seats.min) || 1);
  const max = Math.max(min, Math.min(8, Number(game.seats && game.seats.max) || min));
  const count = $('seat-count');
  count.replaceChildren(...Array.from({ length: max - min + 1 }, (_, k) => h('option', { value: min + k, text: String(min + k) })));
  count.value = String(min);
  $('seat-count-field').hidden = min === max;
  creating.min = min;
  renderSeatChoices();
  $('create-title').focus();
}

function renderSeatChoices() {
  const game = creating.game;
  const count = Number($('seat-count').value) || 1;
  const list = $('seat-list');
  const previous = [...list.querySelectorAll('select')].map((s) => s.value);
  const fillers = [['person', t('A person (joins by link)')]];
  if (game.bot) fillers.push(['bot', t('The game’s bot')]);
  fillers.push(['search', t('The search player (plays any game)')]);
  fillers.push(['random', t('Random moves')]);
  list.replaceChildren(h('li', { class: 'seat-choice' }, h('span', { class: 'seat-label', text: t('Seat {n}', { n: 1 }) }), h('span', { class: 'seat-you', text: t('You') })));
  for (let k = 2; k <= count; k++) {
    const id = `seat-${k}`;
    const select = h('select', { id }, fillers.map(([value, text]) => h('option', { value, text })));
    select.value = previous[k - 2] || (k <= creating.min ? (game.bot ? 'bot' : 'random') : 'person');
    list.append(h('li', { class: 'seat-choice' }, h('label', { class: 'seat-label', for: id, text: t('Seat {n}', { n: k }) }), select));
  }
  $('seat-fields').hidden = count === 1 && creating.min === Number($('seat-count').lastElementChild?.value || 1);
}

function submitCreate(event) {
  event.preventDefault();
  if (!creating) return;
  const options = {};
  for (const { option, control } of creating.controls) {
    const value = control.value.trim();
    if (control.type === 'number') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < option.min || n > option.max) {
        notice(t('{option}: a whole number from {min} to {max}.', { option: optionText(creating.game, option).label, min: option.min, max: option.max }));
        control.focus();
        return;
      }
    }
    if (value !== str(option.default)) options[option.name] = value;
  }
  const seats = ['person', ...[...$('seat-list').querySelectorAll('select')].map((s) => s.value)];
  notice('');
  const message = { type: 'create', game: creating.game.game, options, seats, name: playerName(), lang: pageLanguage() };
  if ($('practice').checked) message.practice = true;
  if (creating.words && creating.words.value !== creating.game.words) message.words = creating.words.value;
  request(message);
}

/** Today's game: the day's deal, the game's own options and seats, once a day by each name. */
function submitDaily() {
  if (!creating) return;
  if (!playerName()) {
    notice(t('Give your name first: the game of the day is played once a day by each name.'));
    $('name').focus();
    return;
  }
  notice('');
  request({ type: 'create', game: creating.game.game, name: playerName(), daily: true, lang: pageLanguage() });
}

// MARK: The table

/** What the board's elements may do, for the view (view.js). */
const ctx = {
  ready: false,
  moves: new Set(),
  canPlay(move) {
    if (!this.ready || typeof move !== 'string' || move === '') return false;
    return this.moves.has(move) || move.startsWith('/') || Boolean(app.step && app.step.text);
  },
  play(move) { sendLine(move); },
  keyFor(move) { return app.keyOf.get(move) || null; },
  typing() { return this.ready && Boolean(app.step && app.step.text); },
  type(key) {
    const input = $('text-input');
    if (!$('text-form').hidden) input.value += key;
  },
  erase() {
    const input = $('text-input');
    input.value = graphemes(input.value).slice(0, -1).join('');
  },
  submit() { submitText(); },
};

function sendLine(line) {
  if (!app.at || app.at.seat == null || app.pending > 0 || app.ended) return false;
  // The step this page answers: a tap on a page that had not yet shown this seat's last move
  // (the same seat open on another device) is refused as stale, not played twice.
  const seen = app.step ? { game: Number(app.step.game_number) || 0, step: Number(app.step.step) || 0 } : {};
  if (!send({ type: 'input', line, ...seen })) return false;
  app.pending++;
  app.latest = [];
  clearTimeout(app.pendingTimer);
  // An answer that never comes (a lost connection is noticed apart) does not lock the page.
  app.pendingTimer = setTimeout(() => { if (app.pending) { app.pending = 0; render(); } }, 6000);
  render();
  return true;
}

function submitText(event) {
  if (event) event.preventDefault();
  const input = $('text-input');
  const line = input.value.trim();
  if (!line) { input.focus(); return; }
  if (sendLine(line)) app.sentText = line;
}

function seatName(k) {
  const seats = (app.roster && Array.isArray(app.roster.seats) ? app.roster.seats : null) || (app.start && app.start.seats) || [];
  const seat = seats.find((s) => s && s.seat === k);
  const you = app.at && app.at.seat === k;
  const name = seat ? str(seat.name) : '';
  let text = t('Seat {n}', { n: k });
  if (seat && seat.filler === 'bot') text = t('{seat} (bot)', { seat: text });
  else if (seat && seat.filler === 'random') text = t('{seat} (random)', { seat: text });
  else if (seat && seat.filler === 'search') text = t('{seat} (search)', { seat: text });
  else if (name) text = t('{seat} ({name})', { seat: text, name });
  return you ? t('{seat}, you', { seat: text }) : text;
}

function namesOf(seats) {
  const names = seats.map(seatName);
  return names.length <= 1 ? names.join('') : t('{names} and {last}', { names: names.slice(0, -1).join(t(', ')), last: names[names.length - 1] });
}

function render() {
  if (!app.at) return;
  const step = app.step;
  const seated = app.at.seat != null;
  const ready = Boolean(step && seated && step.your_turn && app.pending === 0 && !app.ended && app.connected);
  ctx.ready = ready;
  ctx.moves = new Set(step && Array.isArray(step.moves) ? step.moves.map(str) : []);
  buildShortcuts(step);
  $('table').classList.toggle('your-turn', ready);
  $('board').setAttribute('aria-busy', app.pending > 0 ? 'true' : 'false');
  if (step) {
    // A watcher is sent what every seat sees alike, which may be nothing: the board then says so.
    const blank = !seated && !Array.isArray(step.elements) && str(step.view) === '';
    drawView($('board'), blank ? { elements: [{ type: 'text', style: 'dim', text: t('You are watching: the moves and the messages show here, and no seat’s view.') }] } : step, ctx);
    // Which step is drawn (numbers only), for whoever needs to see that the page moved on.
    $('board').dataset.step = `${Number(step.game_number) || 0}.${Number(step.step) || 0}`;
  }
  renderLatest();
  renderMoves(step, ready);
  renderText(step, ready);
  renderResult(step);
  renderTurn();
  renderSeats();
  renderUndo();
  $('rules').hidden = !seated || app.ended;
  $('ended').hidden = !app.ended;
}

function buildShortcuts(step) {
  const shortcuts = new Map();
  const keyOf = new Map();
  if (step) {
    const moves = ctx.moves;
    const add = (key, move) => {
      if (typeof key !== 'string' || key.length === 0 || shortcuts.has(key)) return;
      shortcuts.set(key, move);
      if (!keyOf.has(move)) keyOf.set(move, key);
    };
    if (step.keys && typeof step.keys === 'object') {
      for (const [key, move] of Object.entries(step.keys)) if (moves.has(str(move))) add(key, str(move));
    }
    // A move of one letter is its own key (Hangman's letters, y and n after a result).
    for (const move of moves) if (graphemes(move).length === 1 && /^\p{L}$/u.test(move)) add(move, move);
  }
  app.shortcuts = shortcuts;
  app.keyOf = keyOf;
}

function addMessage(text, kind) {
  if (!text) return;
  app.latest.push({ text, kind });
  if (app.latest.length > 6) app.latest.shift();
  addLog(text, kind);
}

function addLog(text, kind) {
  const log = $('messages');
  log.append(h('li', { class: `log-${kind}`, text }));
  while (log.children.length > 60) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function renderLatest() {
  let box = $('latest');
  if (!box) {
    box = h('div', { id: 'latest', class: 'latest' });
    $('board').after(box);
  }
  box.replaceChildren(...app.latest.slice(-4).map((m) => h('p', { class: `latest-${m.kind}`, text: m.text })));
  box.hidden = app.latest.length === 0;
  // What happened while this seat was away, above the board, where the eye lands after a reload.
  let away = $('away');
  if (!away) {
    away = h('div', { id: 'away', class: 'away', role: 'status' });
    $('board').before(away);
  }
  away.replaceChildren(...(app.away.length ? [h('p', { class: 'away-title', text: t('Since your last turn:') })] : []),
    ...app.away.map((text) => h('p', { text })));
  away.hidden = app.away.length === 0;
}

function moveButton(move, label, extra) {
  const key = app.keyOf.get(move) || null;
  const enabled = ctx.canPlay(move);
  const button = h('button', {
    type: 'button', class: `move${extra ? ` ${extra}` : ''}`, 'aria-disabled': enabled ? null : 'true',
    'aria-keyshortcuts': key, 'data-fkey': `move:${move}`,
  }, h('span', { class: 'move-text', text: label || move }), key && key !== move ? h('kbd', { 'aria-hidden': 'true', text: key }) : null);
  button.addEventListener('click', () => { if (ctx.canPlay(move)) sendLine(move); });
  return button;
}

function renderMoves(step, ready) {
  const box = $('moves');
  const active = document.activeElement;
  const focused = active && box.contains(active) ? active.dataset.fkey : null;
  box.replaceChildren();
  box.className = 'moves';
  if (!step || app.ended || app.at.seat == null) return;
  if (step.question === 'play-again') {
    if (step.your_turn) {
      box.append(moveButton('y', t('Play again'), 'primary'), moveButton('n', t('Stop playing')));
    }
  } else {
    const covered = movesInView(step.elements);
    const rest = (Array.isArray(step.moves) ? step.moves.map(str) : []).filter((m) => !covered.has(m));
    const buttons = rest.map((m) => moveButton(m));
    const short = rest.every((m) => graphemes(m).length <= 3);
    if (short && rest.length > 6) box.classList.add('compact');
    if (covered.size > 0 && rest.length > 8) {
      box.append(h('details', { class: 'more-moves' }, h('summary', { text: t('More moves ({n})', { n: rest.length }) }), h('div', { class: 'moves compact' }, buttons)));
    } else {
      box.append(...buttons);
    }
  }
  box.hidden = box.childElementCount === 0;
  if (focused) {
    const again = [...box.querySelectorAll('[data-fkey]')].find((n) => n.dataset.fkey === focused);
    if (again) again.focus({ preventScroll: true });
    else focusFirstMove();
  }
  box.setAttribute('aria-label', ready ? t('Your moves') : t('Moves (not your turn)'));
}

function focusFirstMove() {
  const first = document.querySelector('#board [tabindex="0"]:not([aria-disabled]), #board button:not([aria-disabled]), #moves button:not([aria-disabled])');
  if (first) first.focus({ preventScroll: true });
}

function renderText(step, ready) {
  const form = $('text-form');
  const text = step && step.text && typeof step.text === 'object' ? step.text : null;
  const show = Boolean(text && app.at.seat != null && !app.ended && step.your_turn);
  form.hidden = !show;
  if (!show) return;
  const description = str(text.description) || t('your answer');
  const hasMoves = Array.isArray(step.moves) && step.moves.length > 0;
  $('text-label').textContent = hasMoves ? t('Or type {what}', { what: description }) : t('Type {what}', { what: description });
  const input = $('text-input');
  input.setAttribute('aria-busy', ready ? 'false' : 'true');
  form.classList.toggle('waiting', !ready);
}

function renderResult(step) {
  const box = $('result');
  const result = step && step.over && step.result && typeof step.result === 'object' ? step.result : null;
  box.hidden = !result;
  if (!result) return;
  const you = app.at.seat;
  const winners = Array.isArray(result.winners) ? result.winners.filter(Number.isInteger) : [];
  let title = t('Game over');
  if (you != null && winners.includes(you)) title = winners.length > 1 ? t('A shared win') : t('You win');
  else if (winners.length) title = t(['{names} wins', '{names} win'], { n: winners.length, names: namesOf(winners) });
  $('result-title').textContent = title;
  $('result-summary').textContent = str(result.summary);
  const facts = [];
  const fact = (term, ...value) => facts.push(h('div', { class: 'fact' }, h('dt', { text: term }), h('dd', {}, ...value)));
  if (result.score != null && Number.isFinite(Number(result.score))) fact(t('Score'), String(result.score));
  if (result.scores && typeof result.scores === 'object') {
    const entries = Object.entries(result.scores).filter(([k]) => /^\d+$/.test(k));
    if (entries.length) fact(t('Scores'), entries.map(([k, v]) => `${seatName(Number(k))}: ${str(v)}`).join(' · '));
  }
  if (result.seed != null) fact(t('Seed'), h('code', { class: 'seed', text: str(result.seed) }));
  if (result.replay) {
    const line = str(result.replay);
    fact(t('Replay'), h('code', { class: 'replay', text: line }), ' ', copyButton(t('Copy'), () => line, t('Copy the replay line')));
  }
  $('result-facts').replaceChildren(...facts);
}

function copyButton(text, value, label) {
  const button = h('button', { type: 'button', class: 'small copy', 'aria-label': label || null, text });
  button.addEventListener('click', () => copy(value(), button, text));
  return button;
}

async function copy(value, button, label) {
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      done = true;
    }
  } catch { done = false; }
  button.textContent = done ? t('Copied') : t('Select and copy it');
  setTimeout(() => { button.textContent = label; }, 1600);
}

function renderTurn() {
  if (!app.at) return;
  const node = $('turn');
  const step = app.step;
  let text = '';
  const toMove = step && Array.isArray(step.to_move) ? step.to_move.filter(Number.isInteger) : [];
  const others = toMove.filter((k) => !app.at || k !== app.at.seat);
  if (app.ended) text = t('The table has ended.');
  else if (!app.connected) text = t('Reconnecting…');
  else if (!step) text = t('Starting…');
  else if (app.at.seat == null) {
    text = toMove.length ? t('Watching · {names} to move', { n: toMove.length, names: namesOf(toMove) }) : t('Watching');
  } else if (step.question === 'play-again') {
    text = step.your_turn ? t('Play again?')
      : t('Waiting for {names} to choose whether to play again', { n: others.length, names: namesOf(others) });
  } else if (step.your_turn) text = app.pending ? t('Sending…') : (others.length ? t('Your turn (with {names})', { names: namesOf(others) }) : t('Your turn'));
  else if (others.length) text = t('Waiting for {names}', { names: namesOf(others) });
  node.textContent = text;
  node.classList.toggle('is-you', Boolean(step && step.your_turn && !app.ended && app.at.seat != null));
  const free = app.roster && Array.isArray(app.roster.seats) ? app.roster.seats.filter((s) => s && s.filler === 'person' && !s.taken) : [];
  const share = $('share');
  share.hidden = free.length === 0 || app.ended;
  if (!share.hidden) {
    share.replaceChildren(`${t(['A seat is free: send this link to the other players', '{n} seats are free: send this link to the other players'], { n: free.length })} `,
      h('code', { class: 'link', text: tableLink() }), ' ', copyButton(t('Copy link'), tableLink));
  }
}

function renderSeats() {
  if (!app.at) return;
  const seats = app.roster && Array.isArray(app.roster.seats) ? app.roster.seats : (app.start && Array.isArray(app.start.seats) ? app.start.seats : []);
  const toMove = app.step && Array.isArray(app.step.to_move) ? app.step.to_move : [];
  $('seats').replaceChildren(...seats.filter((s) => s && Number.isInteger(s.seat)).map((s) => {
    const you = app.at.seat === s.seat;
    const filler = str(s.filler);
    let who = str(s.name);
    if (filler === 'bot') who = t('Bot');
    else if (filler === 'random') who = t('Random moves');
    else if (filler === 'search') who = t('Search');
    else if (!who) who = s.taken === false ? t('Free seat') : t('Player {n}', { n: s.seat });
    const badges = [];
    if (you) badges.push(h('span', { class: 'badge you', text: t('you') }));
    if (filler === 'person' && s.taken !== false && typeof s.connected === 'boolean') {
      badges.push(h('span', { class: `badge ${s.connected ? 'here' : 'away'}`, text: s.connected ? t('● here') : t('○ away') }));
    }
    if (filler === 'person' && s.taken === false) badges.push(h('span', { class: 'badge free', text: t('waiting for a player') }));
    const moving = toMove.includes(s.seat) && !app.ended;
    return h('li', { class: `seat${you ? ' mine' : ''}${moving ? ' to-move' : ''}` },
      h('span', { class: 'turn-mark', 'aria-hidden': 'true', text: '▶' }),
      h('span', { class: 'seat-number', text: String(s.seat) }),
      h('span', { class: 'seat-who', text: who }), ...badges,
      moving ? h('span', { class: 'visually-hidden', text: t('to move') }) : null);
  }));
  const watchers = app.roster ? Number(app.roster.watchers) || 0 : 0;
  $('watchers').textContent = watchers ? t('{n} watching', { n: watchers }) : '';
}

function ringBell(times) {
  bell.ring(times);
  const board = $('board');
  board.classList.remove('ding');
  void board.offsetWidth;  // restarts the animation
  board.classList.add('ding');
}

function renderMute() {
  const muted = bell.muted();
  const button = $('mute');
  button.setAttribute('aria-pressed', muted ? 'true' : 'false');
  button.setAttribute('aria-label', t('Mute the bell'));
  button.querySelector('.tool-icon').textContent = muted ? '🔕' : '🔔';
  button.querySelector('.tool-text').textContent = muted ? t('Muted') : t('Sound');
}

// MARK: Keys

/** Digits typed for a numbered move (a Memory card), and the wait for more of them. */
let digits = '';
let digitTimer = null;

function sendDigits() {
  clearTimeout(digitTimer);
  const move = digits;
  digits = '';
  if (move !== '' && ctx.canPlay(move)) sendLine(move);
}

/**
 * A digit, when the game offers numbered moves: the move is sent as soon as no longer one
 * begins with the digits typed (so "1" waits a moment among 18 cards, "12" goes at once),
 * at Enter, or after a pause. True when the key was taken.
 */
function numberKey(key) {
  if (!/^[0-9]$/.test(key)) return false;
  const numbered = [...ctx.moves].filter((m) => /^[0-9]+$/.test(m));
  if (numbered.length === 0) return false;
  digits += key;
  if (!numbered.some((m) => m.startsWith(digits))) digits = numbered.some((m) => m.startsWith(key)) ? key : '';
  clearTimeout(digitTimer);
  if (digits === '') return true;
  const longer = numbered.some((m) => m !== digits && m.startsWith(digits));
  if (!longer) sendDigits(); else digitTimer = setTimeout(sendDigits, 900);
  return true;
}

function onKey(event) {
  bell.unlock();
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || !app.at || $('table').hidden) return;
  const target = event.target;
  if (target && target.closest && target.closest('input, select, textarea, summary')) return;
  const key = event.key;
  if (key === 'Enter' && digits !== '') { event.preventDefault(); sendDigits(); return; }
  if (typeof key !== 'string' || graphemes(key).length !== 1 || key === ' ') return;
  if (!app.shortcuts.has(key) && numberKey(key)) { event.preventDefault(); return; }
  const move = app.shortcuts.get(key) ?? app.shortcuts.get(key.toLowerCase());
  if (move != null && ctx.canPlay(move)) {
    event.preventDefault();
    sendLine(move);
    return;
  }
  // A game that takes only text (Guess Five): typing goes to its field.
  if (ctx.typing() && ctx.moves.size === 0 && /^[\p{L}\p{N}]$/u.test(key)) {
    event.preventDefault();
    const input = $('text-input');
    input.value += key;
    input.focus();
  }
}

// MARK: Start

function start() {
  translatePage();
  const name = (() => { try { return localStorage.getItem(NAME) || ''; } catch { return ''; } })();
  $('name').value = name.slice(0, 32);
  $('name').addEventListener('change', () => {
    try { localStorage.setItem(NAME, playerName()); } catch { /* this page only */ }
  });
  $('join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const code = $('code').value.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,12}$/.test(code)) { notice(t('A table code is letters and digits, such as K7QX2M.')); $('code').focus(); return; }
    if (location.hash === `#${code}`) goToTable(code); else location.hash = code;
  });
  $('watch').addEventListener('click', () => {
    const code = ($('code').value.trim() || codeFromHash() || '').toUpperCase();
    if (!/^[A-Z0-9]{4,12}$/.test(code)) { notice(t('Type the code of the table to watch.')); $('code').focus(); return; }
    notice('');
    request({ type: 'watch', table: code });
  });
  $('create').addEventListener('submit', submitCreate);
  $('daily').addEventListener('click', submitDaily);
  $('seat-count').addEventListener('change', renderSeatChoices);
  $('back').addEventListener('click', () => { creating = null; showLobby(); });
  $('text-form').addEventListener('submit', submitText);
  $('home').addEventListener('click', () => { if (app.at) leaveTable(); else showLobby(); });
  $('leave').addEventListener('click', leaveTable);
  $('to-lobby').addEventListener('click', leaveTable);
  $('rules').addEventListener('click', () => sendLine('/rules'));
  $('hint').addEventListener('click', () => sendLine('/hint'));
  $('coach').addEventListener('click', () => sendLine('/coach'));
  $('undo').addEventListener('click', () => sendLine('/undo'));
  $('undo-agree').addEventListener('click', () => sendLine('/agree'));
  $('undo-refuse').addEventListener('click', () => sendLine('/refuse'));
  $('undo-withdraw').addEventListener('click', () => sendLine('/refuse'));
  $('copy-link').addEventListener('click', (event) => copy(tableLink(), event.currentTarget, t('Copy link')));
  $('mute').addEventListener('click', () => {
    bell.setMuted(!bell.muted());
    renderMute();
    if (!bell.muted()) { bell.unlock(); bell.ring(1); }
  });
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', () => bell.unlock(), { capture: true });
  window.addEventListener('hashchange', () => {
    const code = codeFromHash();
    if (code && (!app.at || app.at.code !== code)) goToTable(code);
    else if (!code && app.at) leaveTable();
  });
  window.addEventListener('online', () => { if (!app.ws) connect(); });
  renderMute();
  renderMine();
  const code = codeFromHash();
  if (code) {
    $('code').value = code;
    goToTable(code);
  }
  connect();
}

start();
