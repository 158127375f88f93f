// The page's own texts in the browser's language: English as written in the code, German and
// Japanese from the catalogs below.
//
//   t('Your turn')                                   one text
//   t('Waiting for {names}', { names })              with values put in for {name}
//   t(['{n} player', '{n} players'], { n: 3 })       a count (`n`), whose English has two forms
//   t('{n} watching', { n: 3 })                      a count whose English has one form
//
// A catalog is keyed by the English text (a count's by its `other` form): the code reads as
// the English page does, and a text missing from a catalog is found (the browser tests compare
// the catalogs with every t(...) in web/ and every data-t in the pages, and `untranslated()`
// lists what a page looked up in vain). A catalog's value is the text, or where a count
// changes the words of its language, { one, other } (Intl.PluralRules's categories), chosen by
// `n`; Japanese has one form. What the server sends (a game's messages, views and refusals, in
// the table's language) is never looked up here.
//
// In the pages, an element marked `data-t` has its text translated at load, and
// `data-t-attrs="placeholder aria-label"` names attributes translated alike.

const DE = {
  // The top bar
  'GameHost: back to the lobby': 'GameHost: zurück zur Lobby',
  'Sound': 'Ton',
  'Muted': 'Stumm',
  'Mute the bell': 'Signalton stummschalten',
  'Connecting…': 'Verbindung wird hergestellt …',
  'Connection lost: reconnecting…': 'Verbindung getrennt: neuer Versuch …',

  // The lobby
  'Play a game': 'Such dir ein Spiel aus',
  'Pick a game to open a table, or join a friend’s table with its code.':
    'Wähle ein Spiel, um einen Tisch zu eröffnen, oder setz dich mit dem Tischcode zu deinen Freunden.',
  'Your name': 'Dein Name',
  'Shown to the table': 'Für alle am Tisch sichtbar',
  'Table code': 'Tischcode',
  'Join': 'Beitreten',
  'Watch': 'Zuschauen',
  'Your tables': 'Deine Tische',
  'Games': 'Spiele',
  'Table': 'Tisch',
  'seat {n}': 'Platz {n}',
  '{n} players': { one: '{n} Spieler', other: '{n} Spieler' },
  '{min}–{max} players': '{min}–{max} Spieler',
  '{seats} · has a bot': '{seats} · mit Bot',
  'No games are installed.': 'Es sind keine Spiele installiert.',
  'A table code is letters and digits, such as K7QX2M.': 'Ein Tischcode besteht aus Buchstaben und Ziffern, etwa K7QX2M.',
  'Type the code of the table to watch.': 'Gib den Code des Tisches ein, an dem du zuschauen willst.',
  'You are invited to table {code}: type your name and press Join.':
    'Du bist an den Tisch {code} eingeladen: Gib deinen Namen ein und tippe auf „Beitreten“.',

  // A new table
  'Options': 'Einstellungen',
  'Seats': 'Plätze',
  'Seats at the table': 'Plätze am Tisch',
  'Open the table': 'Tisch eröffnen',
  'The day’s deal of this game, the same for everyone, played once a day by each name':
    'Das Blatt des Tages für dieses Spiel: für alle gleich, einmal am Tag pro Name',
  'Today’s game': 'Spiel des Tages',
  'Back': 'Zurück',
  'Word list': 'Wortliste',
  'Seat {n}': 'Platz {n}',
  'You': 'Du',
  'A person (joins by link)': 'Eine Person (per Link)',
  'The game’s bot': 'Der Bot des Spiels',
  'The search player (plays any game)': 'Der Suchspieler (spielt jedes Spiel)',
  'Random moves': 'Zufallszüge',
  '{option}: a whole number from {min} to {max}.': '{option}: eine ganze Zahl von {min} bis {max}.',
  'Give your name first: the game of the day is played once a day by each name.':
    'Gib zuerst deinen Namen ein: Das Spiel des Tages gibt es für jeden Namen einmal am Tag.',

  // The table
  'Copy link': 'Link kopieren',
  'Copy': 'Kopieren',
  'Copied': 'Kopiert',
  'Select and copy it': 'Markieren und kopieren',
  'Game': 'Spiel',
  'Game over': 'Spiel aus',
  'Moves': 'Züge',
  'Your moves': 'Deine Züge',
  'Moves (not your turn)': 'Züge (du bist nicht dran)',
  'More moves ({n})': 'Weitere Züge ({n})',
  'Send': 'Senden',
  'Back to the lobby': 'Zurück zur Lobby',
  'Messages': 'Meldungen',
  'Rules': 'Regeln',
  'Hint': 'Tipp',
  'Coach me': 'Coach einschalten',
  'Coach: on': 'Coach: an',
  'Take back my move': 'Meinen Zug zurücknehmen',
  'Agree': 'Einverstanden',
  'Refuse': 'Ablehnen',
  'Withdraw': 'Zurückziehen',
  'Practice: moves can be taken back, and scores are not ranked': 'Übung: Züge lassen sich zurücknehmen, und Ergebnisse werden nicht gewertet',
  'Leave the table': 'Tisch verlassen',
  'New game (game {n})': 'Neues Spiel (Spiel {n})',
  'You are watching: the moves and the messages show here, and no seat’s view.':
    'Du schaust zu: Hier erscheinen die Züge und Meldungen, aber nicht die Sicht eines Platzes.',
  'Since your last turn:': 'Seit deinem letzten Zug:',
  'Play again': 'Noch einmal spielen',
  'Stop playing': 'Aufhören',
  'your answer': 'deine Antwort',
  'Type {what}': 'Gib {what} ein',
  'Or type {what}': 'Oder gib {what} ein',

  // Whose turn
  'The table has ended.': 'Der Tisch ist geschlossen.',
  'Reconnecting…': 'Verbindung wird wiederhergestellt …',
  'Starting…': 'Wird gestartet …',
  'Watching': 'Du schaust zu',
  'Watching · {names} to move': { one: 'Du schaust zu · {names} ist am Zug', other: 'Du schaust zu · {names} sind am Zug' },
  'Play again?': 'Noch einmal spielen?',
  'Waiting for {names} to choose whether to play again':
    { one: 'Warte, ob {names} noch einmal spielen will', other: 'Warte, ob {names} noch einmal spielen wollen' },
  'Sending…': 'Wird gesendet …',
  'Your turn': 'Du bist dran',
  'Your turn (with {names})': 'Du bist dran (zusammen mit {names})',
  'Waiting for {names}': 'Warte auf {names}',
  '{n} seats are free: send this link to the other players': {
    one: 'Ein Platz ist frei: Schick diesen Link an deine Mitspieler',
    other: '{n} Plätze sind frei: Schick diesen Link an deine Mitspieler',
  },

  // The result
  'You win': 'Du hast gewonnen',
  'A shared win': 'Geteilter Sieg',
  '{names} win': { one: '{names} hat gewonnen', other: '{names} haben gewonnen' },
  'Score': 'Punkte',
  'Scores': 'Punktestand',
  'Seed': 'Startwert',
  'Replay': 'Nachspielen',
  'Copy the replay line': 'Befehl zum Nachspielen kopieren',

  // The seats
  'Bot': 'Bot',
  'Search': 'Suche',
  'Free seat': 'Freier Platz',
  'Player {n}': 'Spieler {n}',
  'you': 'du',
  '● here': '● da',
  '○ away': '○ weg',
  'waiting for a player': 'wartet auf jemanden',
  'to move': 'ist am Zug',
  '{n} watching': { one: '{n} Person schaut zu', other: '{n} Personen schauen zu' },
  '{seat} (bot)': '{seat} (Bot)',
  '{seat} (random)': '{seat} (Zufall)',
  '{seat} (search)': '{seat} (Suche)',
  '{seat} ({name})': '{seat} ({name})',
  '{seat}, you': '{seat}, du',
  '{names} and {last}': '{names} und {last}',
  ', ': ', ',

  // The table's end, and what the server refused
  'The game is over and the table has closed.': 'Das Spiel ist vorbei, der Tisch ist geschlossen.',
  'The table stopped: the game could not go on.': 'Der Tisch wurde angehalten: Das Spiel konnte nicht weitergehen.',
  'The table closed after a long time without a move.': 'Der Tisch wurde geschlossen, weil lange niemand gezogen hat.',
  'The table has closed.': 'Der Tisch ist geschlossen.',
  'There is no table {code} (it may have ended).': 'Es gibt keinen Tisch {code} (vielleicht ist er schon beendet).',
  'That seat is no longer yours: join again or watch.': 'Dieser Platz gehört nicht mehr dir: Tritt neu bei oder schau zu.',
  'Every seat is taken.': 'Alle Plätze sind besetzt.',
  '{reason} Press Watch to follow the game.': '{reason} Mit „Zuschauen“ kannst du das Spiel verfolgen.',
  'No more watchers fit at this table.': 'An diesem Tisch ist kein Platz mehr für Zuschauer.',
  'The server refused that.': 'Der Server hat das abgelehnt.',
  'The server refused that: {reason}': 'Der Server hat das abgelehnt: {reason}',
  'Only a seat’s holder moves for it: join the table first.': 'Ziehen kann nur, wer einen Platz hat: Tritt zuerst dem Tisch bei.',
  'The server has as many tables as it can hold: try again later.': 'Der Server ist voll: Versuch es später noch einmal.',
  'You have as many tables open as you may: finish or leave one first.':
    'Du hast schon so viele Tische offen wie erlaubt: Beende oder verlass zuerst einen.',
  'The server cannot reach its storage just now: try again in a moment.':
    'Der Server erreicht seinen Speicher gerade nicht: Versuch es gleich noch einmal.',
  'The server could not store your seat: try again.': 'Der Server konnte deinen Platz nicht speichern: Versuch es noch einmal.',
  'The game could not start: {reason}': 'Das Spiel konnte nicht starten: {reason}',
  'That table could not be rebuilt after the server restarted: open a new one.':
    'Dieser Tisch ließ sich nach dem Neustart des Servers nicht wiederherstellen: Eröffne einen neuen.',
  'Your seat has moved on another device: look again.': 'An deinem Platz wurde auf einem anderen Gerät gezogen: Schau noch einmal hin.',
  'Too many messages at once: the connection was closed.': 'Zu viele Nachrichten auf einmal: Die Verbindung wurde getrennt.',
  'The table is busy: try again in a moment.': 'Der Tisch ist gerade beschäftigt: Versuch es gleich noch einmal.',

  // The board (view.js)
  'right place': 'richtige Stelle',
  'in the word, elsewhere': 'im Wort, andere Stelle',
  'not in the word': 'nicht im Wort',
  'used': 'benutzt',
  'blank': 'leer',
  'no letters': 'keine Buchstaben',
  '{letter} ({mark})': '{letter} ({mark})',
  '{label}: {letters}': '{label}: {letters}',
  'Keyboard': 'Tastatur',
  'Enter': 'Eingabe',
  'Backspace': 'Rücktaste',
  'Cards': 'Karten',
  'Card {n}': 'Karte {n}',
  'cleared': 'abgeräumt',
  'face up': 'aufgedeckt',
  'face down': 'verdeckt',
  'matched': 'zugeordnet',

  // The view elements page (elements.html)
  'View elements · GameHost': 'Ansichtselemente · GameHost',
  'View elements': 'Ansichtselemente',
  'How the browser draws each element a rule’s view may return: choose a sample. Taps and keys are only shown here, not played.':
    'So zeichnet der Browser jedes Element, das die Ansicht einer Regel liefern kann: Wähle ein Beispiel. Tippen und Tasten werden hier nur angezeigt, nicht gespielt.',
  'Samples': 'Beispiele',
  'Free text': 'Freitext',
  'Played': 'Gespielt',
};

const JA = {
  // The top bar
  'GameHost: back to the lobby': 'GameHost：ロビーに戻る',
  'Sound': 'サウンド',
  'Muted': 'ミュート',
  'Mute the bell': 'ベルの音を消す',
  'Connecting…': '接続中…',
  'Connection lost: reconnecting…': '接続が切れました：再接続中…',

  // The lobby
  'Play a game': 'ゲームで遊ぼう',
  'Pick a game to open a table, or join a friend’s table with its code.':
    'ゲームを選んでテーブルを開くか、コードを入力して友だちのテーブルに参加しましょう。',
  'Your name': '名前',
  'Shown to the table': 'テーブルのみんなに表示されます',
  'Table code': 'テーブルコード',
  'Join': '参加',
  'Watch': '観戦',
  'Your tables': 'あなたのテーブル',
  'Games': 'ゲーム',
  'Table': 'テーブル',
  'seat {n}': '{n}番席',
  '{n} players': '{n}人',
  '{min}–{max} players': '{min}〜{max}人',
  '{seats} · has a bot': '{seats}・ボットあり',
  'No games are installed.': 'インストールされているゲームはありません。',
  'A table code is letters and digits, such as K7QX2M.': 'テーブルコードは英数字です（例：K7QX2M）。',
  'Type the code of the table to watch.': '観戦するテーブルのコードを入力してください。',
  'You are invited to table {code}: type your name and press Join.':
    'テーブル{code}に招待されています：名前を入力して「参加」を押してください。',

  // A new table
  'Options': '設定',
  'Seats': '席',
  'Seats at the table': '席の数',
  'Open the table': 'テーブルを開く',
  'The day’s deal of this game, the same for everyone, played once a day by each name':
    'このゲームの今日の配り：全員共通で、名前ごとに1日1回遊べます',
  'Today’s game': '今日のゲーム',
  'Back': '戻る',
  'Word list': '単語リスト',
  'Seat {n}': '{n}番席',
  'You': 'あなた',
  'A person (joins by link)': '人（リンクから参加）',
  'The game’s bot': 'ゲームのボット',
  'The search player (plays any game)': '探索プレイヤー（どのゲームでも遊べる）',
  'Random moves': 'ランダムな手',
  '{option}: a whole number from {min} to {max}.': '{option}：{min}から{max}までの整数を入力してください。',
  'Give your name first: the game of the day is played once a day by each name.':
    '先に名前を入力してください：今日のゲームは名前ごとに1日1回遊べます。',

  // The table
  'Copy link': 'リンクをコピー',
  'Copy': 'コピー',
  'Copied': 'コピーしました',
  'Select and copy it': '選択してコピーしてください',
  'Game': 'ゲーム',
  'Game over': 'ゲーム終了',
  'Moves': '手',
  'Your moves': 'あなたの手',
  'Moves (not your turn)': '手（あなたの番ではありません）',
  'More moves ({n})': 'ほかの手（{n}）',
  'Send': '送信',
  'Back to the lobby': 'ロビーに戻る',
  'Messages': 'メッセージ',
  'Rules': 'ルール',
  'Hint': 'ヒント',
  'Coach me': 'コーチをつける',
  'Coach: on': 'コーチ：オン',
  'Take back my move': '自分の手を取り消す',
  'Agree': '同意する',
  'Refuse': '断る',
  'Withdraw': '取り下げる',
  'Practice: moves can be taken back, and scores are not ranked': '練習：手を取り消せます。得点はランキングに入りません',
  'Leave the table': 'テーブルを離れる',
  'New game (game {n})': '新しいゲーム（{n}ゲーム目）',
  'You are watching: the moves and the messages show here, and no seat’s view.':
    '観戦中：ここには手とメッセージが表示されます。どの席の画面も表示されません。',
  'Since your last turn:': '前の番からの出来事：',
  'Play again': 'もう一度遊ぶ',
  'Stop playing': 'やめる',
  'your answer': 'あなたの答え',
  'Type {what}': '{what}を入力',
  'Or type {what}': 'または{what}を入力',

  // Whose turn
  'The table has ended.': 'テーブルは終了しました。',
  'Reconnecting…': '再接続中…',
  'Starting…': '開始中…',
  'Watching': '観戦中',
  'Watching · {names} to move': '観戦中・{names}の番です',
  'Play again?': 'もう一度遊びますか？',
  'Waiting for {names} to choose whether to play again': '{names}がもう一度遊ぶか選ぶのを待っています',
  'Sending…': '送信中…',
  'Your turn': 'あなたの番です',
  'Your turn (with {names})': 'あなたの番です（{names}も）',
  'Waiting for {names}': '{names}を待っています',
  '{n} seats are free: send this link to the other players': '空席が{n}席あります：このリンクをほかのプレイヤーに送ってください',

  // The result
  'You win': 'あなたの勝ち',
  'A shared win': '共同勝利',
  '{names} win': '{names}の勝ち',
  'Score': '得点',
  'Scores': '各席の得点',
  'Seed': 'シード',
  'Replay': '再現',
  'Copy the replay line': '再現用のコマンドをコピー',

  // The seats
  'Bot': 'ボット',
  'Search': '探索',
  'Free seat': '空席',
  'Player {n}': 'プレイヤー{n}',
  'you': 'あなた',
  '● here': '● 在席',
  '○ away': '○ 離席',
  'waiting for a player': 'プレイヤー待ち',
  'to move': '手番',
  '{n} watching': '{n}人が観戦中',
  '{seat} (bot)': '{seat}（ボット）',
  '{seat} (random)': '{seat}（ランダム）',
  '{seat} (search)': '{seat}（探索）',
  '{seat} ({name})': '{seat}（{name}）',
  '{seat}, you': '{seat}・あなた',
  '{names} and {last}': '{names}と{last}',
  ', ': '、',

  // The table's end, and what the server refused
  'The game is over and the table has closed.': 'ゲームが終わり、テーブルは閉じられました。',
  'The table stopped: the game could not go on.': 'テーブルが止まりました：ゲームを続けられませんでした。',
  'The table closed after a long time without a move.': '長い間だれも動かなかったため、テーブルは閉じられました。',
  'The table has closed.': 'テーブルは閉じられました。',
  'There is no table {code} (it may have ended).': 'テーブル{code}はありません（終了したのかもしれません）。',
  'That seat is no longer yours: join again or watch.': 'その席はもうあなたのものではありません：もう一度参加するか、観戦してください。',
  'Every seat is taken.': '席はすべて埋まっています。',
  '{reason} Press Watch to follow the game.': '{reason}「観戦」を押すとゲームを見られます。',
  'No more watchers fit at this table.': 'このテーブルはもう観戦できる人数の上限です。',
  'The server refused that.': 'サーバーに拒否されました。',
  'The server refused that: {reason}': 'サーバーに拒否されました：{reason}',
  'Only a seat’s holder moves for it: join the table first.': '手を指せるのは席についた人だけです：先にテーブルに参加してください。',
  'The server has as many tables as it can hold: try again later.': 'サーバーのテーブルがいっぱいです：しばらくしてからもう一度試してください。',
  'You have as many tables open as you may: finish or leave one first.':
    '開けるテーブルの数が上限に達しています：先にどれかを終えるか、離れてください。',
  'The server cannot reach its storage just now: try again in a moment.':
    'サーバーが今、保存先に接続できません：少し待ってからもう一度試してください。',
  'The server could not store your seat: try again.': 'サーバーが席を保存できませんでした：もう一度試してください。',
  'The game could not start: {reason}': 'ゲームを始められませんでした：{reason}',
  'That table could not be rebuilt after the server restarted: open a new one.':
    'サーバーの再起動後、このテーブルを復元できませんでした：新しいテーブルを開いてください。',
  'Your seat has moved on another device: look again.': 'ほかの端末でこの席の手が進みました：画面を確認してください。',
  'Too many messages at once: the connection was closed.': '短時間に送信が多すぎたため、接続が切断されました。',
  'The table is busy: try again in a moment.': 'テーブルが処理中です：少し待ってからもう一度試してください。',

  // The board (view.js)
  'right place': '位置も正解',
  'in the word, elsewhere': '単語の別の位置にある',
  'not in the word': '単語にない',
  'used': '使用済み',
  'blank': '空白',
  'no letters': '文字なし',
  '{letter} ({mark})': '{letter}（{mark}）',
  '{label}: {letters}': '{label}：{letters}',
  'Keyboard': 'キーボード',
  'Enter': '確定',
  'Backspace': '1文字消す',
  'Cards': 'カード',
  'Card {n}': 'カード{n}',
  'cleared': '取り除かれた',
  'face up': '表向き',
  'face down': '裏向き',
  'matched': 'そろった',

  // The view elements page (elements.html)
  'View elements · GameHost': 'ビュー要素 · GameHost',
  'View elements': 'ビュー要素',
  'How the browser draws each element a rule’s view may return: choose a sample. Taps and keys are only shown here, not played.':
    'ルールのビューが返せる要素を、ブラウザーがどう描くかを示します：サンプルを選んでください。タップやキー操作はここでは表示されるだけで、プレイはされません。',
  'Samples': 'サンプル',
  'Free text': '自由入力',
  'Played': '入力された手',
};

/** The catalogs by language: each key is an English text (see above). */
export const catalogs = Object.freeze({ de: DE, ja: JA });

/** The browser's language (`de-de`), lowercased, as the page sends it to the server for a
 * table's texts; `en` when it is not a language's code. */
export function pageLanguage() {
  const code = String((typeof navigator !== 'undefined' && navigator.language) || 'en').toLowerCase();
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(code) ? code : 'en';
}

/** Of `available` (codes, lowercased), the one for `code`: itself (`de-at`), its language
 * (`de`), or null. */
export function bestLanguage(code, available) {
  const has = (c) => (available instanceof Set ? available.has(c) : Object.hasOwn(available, c));
  if (has(code)) return code;
  const base = code.split('-')[0];
  return has(base) ? base : null;
}

/** The language of the page's texts: `de`, `ja` or `en`. */
export const language = bestLanguage(pageLanguage(), catalogs) || 'en';

const catalog = language === 'en' ? null : catalogs[language];
const plurals = new Intl.PluralRules(language);
const englishPlurals = new Intl.PluralRules('en');
const missing = new Set();

/** The English texts looked up and not found in this page's catalog (none in English). */
export function untranslated() { return [...missing]; }

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{([a-z]+)\}/g, (whole, name) => (Object.hasOwn(values, name) && values[name] != null ? String(values[name]) : whole));
}

/**
 * `english` in the page's language, with `values` put in for its {name}s. A count is
 * `values.n`; where English says it in two ways, `english` is [one, other].
 */
export function t(english, values) {
  const counted = Array.isArray(english);
  const key = counted ? english[1] : english;
  const n = Number(values && values.n);
  let text;
  if (catalog && Object.hasOwn(catalog, key)) {
    const found = catalog[key];
    text = typeof found === 'string' ? found : (found[plurals.select(n)] ?? found.other);
  } else {
    if (catalog) missing.add(key);
    text = counted && englishPlurals.select(n) === 'one' ? english[0] : key;
  }
  return fill(text, values);
}

/** The attributes that hold words for people, which a page's markup may have translated. */
const TRANSLATED = new Set(['placeholder', 'title', 'aria-label', 'alt']);

/**
 * Translates the page's marked texts: `data-t` elements' text (which is their English key)
 * and the attributes `data-t-attrs` names.
 */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-t]')) {
    const english = node.textContent.trim();
    if (english) node.textContent = t(english);
  }
  for (const node of root.querySelectorAll('[data-t-attrs]')) {
    for (const name of node.getAttribute('data-t-attrs').split(/\s+/).filter((a) => TRANSLATED.has(a))) {
      const english = node.getAttribute(name);
      if (english) node.setAttribute(name, t(english));
    }
  }
}

if (typeof document !== 'undefined') document.documentElement.lang = language;
