---@meta
-- LuaLS annotations for the GameHost rule API (see docs/lua-api.md). Not loaded by the host:
-- editors read it to complete and check rule files. Keep it in step with docs/lua-api.md.
-- Every host function checks its arguments before it runs (strings up to 64 KB and lists up
-- to 100,000 items unless said; docs/lua-api.md, "The sandbox", lists every bound); a
-- violation is an error naming the function, the argument and your line.

---@class MatchState
---@field match integer      games in the match (N of best-of-N)
---@field needed integer     wins that take the match
---@field wins integer       the player's wins
---@field losses integer     the computer's wins
---@field ties integer       ties (replayed; never end the match)
---@field left integer       wins the player still needs
---@field over boolean       whether a side has `needed` wins
---@field winner "player"|"computer"|nil

---@class GameMatch
local GameMatch = {}

---A new best-of-`n` match (n odd, 1 to 99) as a plain table. `record` needs its scores from
---0 to 1,000,000.
---@param n integer
---@return MatchState
function GameMatch.new(n) end

---Reads "single" (1) or "best-of-N" (N); nil and the reason when N is not odd from 1 to 99.
---@param text string
---@return integer|nil n
---@return string|nil problem
function GameMatch.length(text) end

---Counts one game in `m`; an error once the match is over.
---@param m MatchState
---@param outcome "win"|"loss"|"tie"
---@return MatchState
function GameMatch.record(m, outcome) end

---@class WordEntry
---@field word string
---@field hint? string
---@field line integer   the line of the list file

---@class WordPuzzle
---@field word string
---@field accents "fold"|"strict"
---@field masked string          "b _ _"
---@field slots (string|false)[] { "b", false, false }: each character once it shows, false while hidden
---@field guessed string[]       letter guesses in order
---@field correct string[]       guessed letters that are in the word
---@field wrong_words string[]
---@field misses integer
---@field solved boolean
---@field solved_by_word boolean

---@class GameWords
---@field name string            the list's name ("animals", "five-letter"), not its path
local GameWords = {}

---How many words the list has (after the rule's and the player's length filters).
---@return integer
function GameWords.count() end

---How many words have not been played in this pass through the list.
---@return integer
function GameWords.left() end

---The next unplayed entry in list order. After the last one, a new pass starts from the top
---(the player is told).
---@return WordEntry
function GameWords.next() end

---A random unplayed entry. After the last one, a new pass starts, reshuffled (the player is
---told).
---@return WordEntry
function GameWords.draw() end

---Entry `i` (1 to count()) in list order, without playing it.
---@param i integer
---@return WordEntry
function GameWords.entry(i) end

---Whether the list has `word` as a player types it: in any case and, with accents "fold" (the
---default), with or without its accents ("CAFÉ" and "cafe" find "café"; with "strict", "cafe"
---does not).
---@param word string
---@param accents? "fold"|"strict"
---@return boolean
function GameWords.contains(word, accents) end

---The list's entry for `word` (compared as `contains` does, its own spelling first), in the
---list's own spelling, or nil.
---@param word string
---@param accents? "fold"|"strict"
---@return WordEntry|nil
function GameWords.find(word, accents) end

---A letter's identity, the one rule every word game compares letters by: lower case in any
---script (final sigma is sigma), NFC, and with accents "fold" (the default) its base letter
---("É" is "e"); nil when `text` is not one letter. Second: whether the list's words have it.
---@param text string
---@param accents? "fold"|"strict"
---@return string|nil letter
---@return boolean listed
function GameWords.letter(text, accents) end

---The words that start with `prefix` (in any case, accents as typed), in sorted order, at most
---`limit` (default 100, at most 1000), beginning after the word `after`; and how many words
---start with `prefix` in all. `starting("")` pages through the whole list in sorted order.
---@param prefix string
---@param limit? integer
---@param after? string
---@return string[] words
---@return integer count
function GameWords.starting(prefix, limit, after) end

---The letters the list's words are made of, each once, lower case, in code point order; with
---"fold" (the default) an accented letter counts as its base letter.
---@param accents? "fold"|"strict"
---@return string[]
function GameWords.letters(accents) end

---A new puzzle for `word`; accents "fold" (default: e and é are one letter) or "strict".
---@param word string
---@param accents? "fold"|"strict"
---@return WordPuzzle
function GameWords.puzzle(word, accents) end

---Applies one guess (a letter, or two or more letters for the whole word) to the puzzle.
---@param puzzle WordPuzzle
---@param input string
---@return "hit"|"miss"|"repeat"|"invalid"|"solved"|"wrong"|"over" outcome
---@return integer|string|nil detail  places revealed, for "hit"; the letter's identity, for "miss"; the letter's identity or the word, for "repeat"; why, for an "invalid" letter of a script the list is not written in
---@return string|nil letter  for "hit": the letter's identity
function GameWords.guess(puzzle, input) end

---@class ScoreEntry
---@field board string
---@field value number
---@field better? "lower"|"higher"   default "higher"
---@field unit? string
---@field label? string

---@class GameScores
---@field practice boolean  a practice run (seeded, piped or --json): scores kept apart, never ranked
local GameScores = {}

---Adds a score (saved if the move is accepted) and returns its rank, 1 being best, or nil
---in a practice run. The board's name is its title on the scores screen.
---@param score ScoreEntry
---@return integer|nil
function GameScores.submit(score) end

---The best `n` (default 10) as players read them: "1st 40 s, 2nd 60 s" (the places in the
---player's language: "1. 40 s" in German, "1位 40 s" in Japanese).
---@param board string
---@param n? integer
---@return string
function GameScores.summary(board, n) end

---The best value on the board so far, or nil.
---@param board string
---@return number|nil
function GameScores.best(board) end

---A record the game saved (in any session), or nil. Read afresh in each move, so what other
---sessions saved since shows; within a move, what this move saved.
---@param name string
---@return any
function GameScores.load(name) end

---Keeps plain data under `name` for later sessions (nil removes it): up to 64 KB as JSON,
---100 names a game, 200 saved in one move; saved with the move, like a score. The record is
---updated, not replaced: the change this move made to the value it loaded is applied to the
---record as stored then. If another session saved it meanwhile, the changes are merged field
---by field: numbers both changed get both changes (counters count every game), anything else
---both changed takes this save's value.
---@param name string
---@param value any
function GameScores.save(name, value) end

---A card: a table the rule owns. Every deck operation moves it and never rebuilds it, so
---fields the rule adds (`card.points = 3`) survive draw, deal, cut and shuffle.
---@class Card
---@field content? string     Memory-style cards (game.cards.deck): what the face shows
---@field rank? integer       standard cards: 1 (ace) to 13 (king), 0 for a joker
---@field name? string        standard cards: "A", "2" ... "10", "J", "Q", "K" or "Joker"
---@field suit? "spades"|"hearts"|"diamonds"|"clubs"  standard cards (nil for a joker)
---@field label? string       standard cards: "A♠", "10♥" ("AS", "10H" with --ascii), "Joker"
---@field colour? "black"|"red"
---@field faceUp boolean      a face-down card's face is hidden from --json observations
---@field matched? boolean
---@field seen? boolean       has been face up and turned down
---@field removed? boolean    a matched card that turned down: gone from the table
---@field upTime? number      seconds face up before upSince
---@field upSince? number     when it last turned face up, while it is face up

---@class StandardDeckOptions
---@field jokers? integer     0 (default) to 2 jokers a deck
---@field decks? integer      1 (default) to 8 decks shuffled together (a shoe)

---@class GameCards
local GameCards = {}

---A new deck: `copies` (1) cards of each content in turn, face down.
---@param contents string[]
---@param copies? integer
---@return Card[]
function GameCards.deck(contents, copies) end

---Standard playing cards, face down in new-deck order (spades, hearts, diamonds, clubs; ace
---to king), then the jokers.
---@param options? StandardDeckOptions
---@return Card[]
function GameCards.standard(options) end

---Shuffles in place through the seeded source; returns the same list.
---@param cards Card[]
---@return Card[]
function GameCards.shuffle(cards) end

---Takes the top card (`draw(cards)`) or a list of the top `n` (`draw(cards, n)`). Asking for
---more cards than are left is an error. (One signature per form, so neither needs a cast.)
---@param cards Card[]
---@return Card
---@overload fun(cards: Card[], n: integer): Card[]
function GameCards.draw(cards) end

---Deals `each` cards to `hands` hands, one at a time round the table; returns the hands.
---Asking for more cards than are left is an error.
---@param cards Card[]
---@param hands integer
---@param each integer
---@return Card[][]
function GameCards.deal(cards, hands, each) end

---Moves the top card (or the top `n`, as a packet that keeps its order) of `from` onto the top
---of `to`; returns the card (or the list).
---@param from Card[]
---@param to Card[]
---@return Card
---@overload fun(from: Card[], to: Card[], n: integer): Card[]
function GameCards.move(from, to) end

---Puts `card` on the pile, on top (default) or at the bottom; returns the pile.
---@param pile Card[]
---@param card Card
---@param where? "top"|"bottom"
---@return Card[]
function GameCards.put(pile, card, where) end

---Takes card `i` out of the pile and returns it.
---@param pile Card[]
---@param i integer
---@return Card
function GameCards.take(pile, i) end

---The discard pile but its top card, shuffled, goes under the stock, face down and nobody's;
---returns how many cards moved.
---@param stock Card[]
---@param discard Card[]
---@return integer
function GameCards.refill(stock, discard) end

---The cards (a list, or one card) belong to `seat`, which alone sees them lying face down;
---returns them.
---@generic T: Card[]|Card
---@param cards T
---@param seat integer
---@return T
function GameCards.give(cards, seat) end

---The top card (`peek(cards)`) or a list of the top `n`, left in place.
---@param cards Card[]
---@return Card
---@overload fun(cards: Card[], n: integer): Card[]
function GameCards.peek(cards) end

---Moves the top `n` cards to the bottom (a negative `n`: from the bottom to the top).
---@param cards Card[]
---@param n integer
---@return Card[]
function GameCards.cut(cards, n) end

---Turns card `i` of `cards` (or, with no `i`, the card `cards` itself) face up; its face-up
---time starts. Returns the card.
---@param cards Card[]|Card
---@param i? integer
---@return Card
function GameCards.turn_up(cards, i) end

---Turns a card face down (as `turn_up` picks it): it becomes seen; a matched card is removed.
---@param cards Card[]|Card
---@param i? integer
---@return Card
function GameCards.turn_down(cards, i) end

---The numbers of the face-up cards.
---@param cards Card[]
---@return integer[]
function GameCards.face_up(cards) end

---Whether every card is matched.
---@param cards Card[]
---@return boolean
function GameCards.all_matched(cards) end

---Seconds card `i` has been face up in all.
---@param cards Card[]
---@param i integer
---@return number
function GameCards.face_up_time(cards, i) end

----1, 0 or 1 as standard card `a` ranks below, level with or above `b` (suits do not count;
---aces high unless "low"; a joker beats every other card).
---@param a Card
---@param b Card
---@param aces? "high"|"low"
---@return integer
function GameCards.compare(a, b, aces) end

---The total of a hand of standard cards as a game counts it, and (blackjack) whether it is
---soft: "blackjack" (aces 1 or 11, faces 10), "pips" (aces 1, faces 10), "baccarat" (the
---last digit, tens and faces 0), "ranks" (ace 1 to king 13). Jokers count 0.
---@param hand Card[]
---@param count "blackjack"|"pips"|"baccarat"|"ranks"
---@return integer total
---@return boolean soft
function GameCards.total(hand, count) end

---The hand in a line: each card's label (or content), a face-down card as `hidden` ("??").
---@param hand Card[]
---@param hidden? string
---@return string
function GameCards.show(hand, hidden) end

---The host API a hook receives.
---@class Game
---@field options table<string, string|integer>  checked option values by name
---@field seed integer                             this game's seed
---@field ascii boolean                            draw with plain ASCII (--ascii)
---@field match GameMatch                          best-of-N scoring
---@field words GameWords                          the word list and word puzzles
---@field scores GameScores                        persistent leaderboards
---@field cards GameCards                          decks of cards
---@field game_number integer                      this game's number in the session (1 for the first)
---@field practice boolean                         a practice run: scores kept apart, never ranked
---@field players integer                          how many seats the table has
---@field language string                          the player's language code ("en", "de", "ja", "pt-br")
local Game = {}

---The terminal columns `text` takes (East Asian Width, emoji, ZWJ sequences).
---@param text string
---@return integer
function Game.width(text) end

---`text` padded with spaces to `width` columns (0 to 1,000); on the left with "right".
---@param text string
---@param width integer
---@param align? "left"|"right"
---@return string
function Game.pad(text, width, align) end

---`text` in colour when the player's terminal shows colour, else unchanged.
---@param text string
---@param name "red"|"green"|"yellow"|"blue"|"magenta"|"cyan"|"white"|"gray"|"orange"|"purple"|"pink"|"brown"
---@return string
function Game.colour(text, name) end

---Shows a message to the player after the move (values joined by tabs). Up to 64 KB a
---message and 1 MB in all per step; control characters are shown visibly.
---@param ... any
function Game.say(...) end

---Shows a message to one seat only, after the move.
---@param seat integer
---@param ... any
function Game.say_to(seat, ...) end

---The rule's text `key` (from its `texts`) in the player's language, each `{name}` filled from
---`values`, in the plural form `values.n` calls for. A key the rule's texts lack is an error.
---@param key string
---@param values? table<string, string|number>
---@return string
function Game.t(key, values) end

---What a seat is called, for messages: the person's name, "Bot" or "Random" for the table's
---own players, "Seat 2" for a person without a name ("Bot (seat 3)" when two seats share one).
---@param seat integer
---@return string
function Game.name(seat) end

---What a seat earned by this move, for programs that learn (`rewards` in the protocol); added
---up within a step.
---@param seat integer
---@param amount number
function Game.reward(seat, amount) end

---Rings the terminal bell once (3 times a step at most).
function Game.bell() end

---Refuses the input: the move has no effect at all and `reason` is shown (cut to 1,000 bytes).
---@param reason string
---@return nil
function Game.refuse(reason) end

---`random()`: a float in [0, 1); `random(n)`: 1..n; `random(m, n)`: m..n. From the seeded host source.
---@param m? integer
---@param n? integer
---@return number
function Game.random(m, n) end

---A random element of a non-empty list.
---@generic T
---@param list T[]
---@return T
function Game.pick(list) end

---Shuffles `list` in place (Fisher-Yates) and returns it.
---@generic T
---@param list T[]
---@return T[]
function Game.shuffle(list) end

---The time in seconds from the host clock.
---@return number
function Game.now() end

---@class OptionSpec
---@field type? "string"|"integer"
---@field choices? string[]     values listed in help and the menu
---@field accept? string        a Lua pattern: other values it matches in full are allowed
---@field check? fun(value: string|integer, game: Game): string|nil  nil accepts; a string is the reason to refuse
---@field min? integer          integer options: the smallest value
---@field max? integer          integer options: the largest value
---@field default string|integer
---@field help? string
---@field advanced? boolean     not asked for in the menu
---@field when? table<string, string|string[]>  matters only when the named options have these values (the menu asks only then)

---@class CommandSpec
---@field help? string
---@field run fun(state: table, args: string, game: Game, seat: integer): table|nil

---What `result` returns once the game is over. Every field is checked: a wrong type is an error.
---@class GameResult
---@field winner? string|integer|integer[]  a name ("player"), a seat, or the seats that share the win
---@field ranking? (integer|integer[])[]     the seats from best to last, a list of seats for a tie; every seat once
---@field score? number                     one score for the game
---@field scores? number[]                  a score per seat
---@field better? "higher"|"lower"         which score is the better one ("higher" by default; "lower" for tries or seconds)
---@field rewards? number[]                 what each seat earned, for programs that learn
---@field summary? string

---What the host's `search` player may use of a rule, each optional.
---@class SearchHints
---@field deal? fun(state: table, game: Game, seat: integer, memo: table)  deals again, in a scratch copy, what the host cannot (a secret word), called with the secret fields emptied
---@field moves? fun(state: table, game: Game, seat: integer, memo: table): string[]  the inputs to weigh where `moves` takes free text (at most 200)
---@field hints? boolean  a player may ask for the search's move during a game (/hint) and turn the coach on (/coach)

---What `moves` returns: the listed moves, and free text the game also takes.
---@class MoveList: string[]
---@field text? string       what else a player may type ("a five-letter word")
---@field pattern? string    a Lua pattern the whole input matches ("%a%a%a%a%a")

---What a view may return instead of a string: elements, which the terminal draws as text and
---a browser as HTML (docs/lua-api.md, "View elements"). A string in the list is a text element.
---@alias ViewElement string|TextElement|HeadingElement|CardsElement|WordElement|KeyboardElement|MeterElement|PictureElement|ButtonsElement

---Fields every element may have.
---@class ElementCommon
---@field move? string   the input line a tap on the element plays (a move offered now)
---@field label? string  its name for a screen reader
---@field id? string     a name that stays the same from step to step

---@class TextElement: ElementCommon
---@field type "text"
---@field text string                                   newlines included
---@field style? "title"|"dim"|"message"|"refusal"

---@class HeadingElement: ElementCommon
---@field type "heading"
---@field text string

---A row of cards that wraps, or a grid of `columns` a row.
---@class CardsElement: ElementCommon
---@field type "cards"
---@field cards ViewCard[]
---@field columns? integer  cards a row (1 to 1000); absent: one row that wraps
---@field colour? string    the backs' colour, one of game.colour's names

---A card as a view shows it. A card with `up = false` shows its back: its face never leaves
---the host. Matched and face down, it has left the table.
---@class ViewCard
---@field face? string       what it shows face up: an emoji, "A♠", a word
---@field up? boolean        face up (the default) or face down (false)
---@field matched? boolean
---@field selectable? boolean  it may be tapped now (give its `move`)
---@field move? string
---@field label? string      its name beside the face: Memory's card number
---@field id? string

---A word with blanks ("" for a blank), each letter with a mark or "" for none.
---@class WordElement: ElementCommon
---@field type "word"
---@field letters string[]
---@field marks? ("hit"|"present"|"miss"|"")[]

---@class KeyboardElement: ElementCommon
---@field type "keyboard"
---@field keys ViewKey[]
---@field rows? string[]  the layout: each string's characters name keys ({ "qwertyuiop", "asdfghjkl", "zxcvbnm" })

---@class ViewKey
---@field key string
---@field mark? "hit"|"present"|"miss"|"used"
---@field move? string  absent: a tap types the key into the text the game takes; full screen plays a one-character key's move when it is pressed

---A counter (`value`), or a meter drawn as a bar with `max`.
---@class MeterElement: ElementCommon
---@field type "meter"
---@field name string
---@field value number
---@field max? number
---@field unit? string

---Emoji or text art, drawn line by line as it is (never wrapped).
---@class PictureElement: ElementCommon
---@field type "picture"
---@field lines string[]
---@field alt? string  what it shows, in words
---@field drawing? PictureDrawing  the same as shapes, which the browser draws (a terminal draws `lines`)

---A picture as shapes on a canvas of `width` by `height` units (1 to 1000), in order.
---@class PictureDrawing
---@field width integer
---@field height integer
---@field shapes PictureShape[]  at most 200

---A rectangle from its top left corner, a circle round its centre, or text (an emoji) centred
---on its point; a colour is one of `game.colour`'s names.
---@class PictureShape
---@field shape "rect"|"circle"|"text"
---@field x number
---@field y number
---@field w? number  a rect's width
---@field h? number  a rect's height
---@field r? number  a circle's radius
---@field text? string  a text's text (64 bytes at most)
---@field size? number  a text's height
---@field colour? "red"|"green"|"yellow"|"blue"|"magenta"|"cyan"|"white"|"gray"|"orange"|"purple"|"pink"|"brown"

---@class ButtonsElement: ElementCommon
---@field type "buttons"
---@field buttons ViewButton[]

---@class ViewButton
---@field text string
---@field move? string
---@field key? string  one printable ASCII character but / and Space, shown beside the text; full screen plays the button when it is pressed (name it in the rule's `keys` too, for typed lines)

---`words = { list = "five-letter", length = 5 }`: a list and the word lengths the game plays.
---@class WordsSpec
---@field list string
---@field length? integer      exactly this many letters
---@field min_length? integer
---@field max_length? integer

---A rule file returns this table.
---@class Rule
---@field id string              lower-case letters, digits and hyphens
---@field title string
---@field about? string
---@field rules? string          how to play, shown by /rules
---@field options? table<string, OptionSpec>
---@field commands? table<string, CommandSpec>
---@field words? string|WordsSpec  word games: the default word list, and the word lengths played
---@field players? integer|{ min: integer, max: integer }  seats at the table (1 to 8); one person against the host if absent
---@field turn? fun(state: table, game: Game): integer|integer[]  the seat, or seats, to move now (needed with several seats)
---@field setup fun(game: Game): table
---@field view fun(state: table, game: Game, seat: integer): string|ViewElement[]  text, or elements (docs/lua-api.md, "View elements")
---@field moves fun(state: table, game: Game, seat: integer): string[]|MoveList
---@field play fun(state: table, input: string, game: Game, seat: integer): table|nil
---@field result fun(state: table, game: Game): GameResult|nil
---@field secret? string[]      state fields programs (--json) must not see, as { "word", "hint" } (the state's own fields, no path)
---@field private? string[]     state fields of one entry per seat that only that seat sees, as { "dice" } (state.dice[2] is seat 2's; the state's own fields)
---@field plays_after_result? boolean  play still receives inputs after result returns a table
---@field leave? fun(state: table, game: Game, seat: integer): table|nil  a game the player leaves in the middle and that is not kept for gamehost resume (/quit, the end of piped input): may finish it, so that result returns a table
---@field refresh? number      seconds (0.1 to 60): the full screen draws a view that changes with time (a clock) anew while it waits for a key
---@field texts? table<string, string|{one?: string, other: string}>  the rule's texts by key, in its own language, for game.t; translations in NAME.texts/LANG.lua beside the rule
---@field undo? boolean         a player may take a move back (/undo) in a ranked game too, which then goes on as practice
---@field one_game? boolean     the session is one game: it ends with the result, and nobody is asked to play again
---@field keys? table<string, string>  one key for a move ({ r = "rock" }): played at once in full screen
---@field bot? fun(state: table, game: Game, seat: integer, memo?: table): string  the rule's own player for a seat (and `gamehost sim --bot`; the search player plays its scratch games out with it, passing its memo)
---@field observe? fun(state: table, game: Game, seat: integer): table  what a seat may know, instead of the default
---@field search? SearchHints   what the host's search player may use (docs/search.md)
---@field maps? string[]        state paths whose tables are maps ({ "keys", "rows.*.marks" }): empty, they are {} in --json, not []
---@field share_words? boolean  programs may read the word list through the protocol (/words)

---The sandbox's `os`: time and clock from the host clock only.
os = {}

---Whole seconds from the host clock.
---@return integer
function os.time() end

---Seconds since the session started, from the host clock.
---@return number
function os.clock() end

---A standard library by name ("utf8", "string", "table", "math", "coroutine", "_G"), or
---`lib/NAME.lua` from the rule's folder or the built-in rules/lib, loaded once.
---@param name string
---@return any
function require(name) end
