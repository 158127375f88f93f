-- Apple Pie: guess the word before the tree loses all its fruit.
--
-- The letter mechanics (masking, case and accent folding, whole-word guesses, repeats) are the
-- host's word puzzle (docs/lua-api.md, game.words); this file is the game: fruit, rounds,
-- scoring, the bell, hints, the timed mode and the drawing.
--
-- Choices where the rule book is silent:
-- * /hint shows the word's hint (from the word list) for one fruit; it is refused when the
--   word has none or when only one fruit is left; asking again for the same word is free.
-- * A wrong whole-word guess costs one fruit, like a wrong letter, and is refused if repeated.
--   A guess with more or fewer letters than the word is refused and costs nothing.
-- * The timed mode's header shows the seconds so far, drawn anew every second (refresh).
-- * In timed mode, once the target can no longer be reached (too few words are left), the game
--   says so once and plays on, unranked.
-- * Timed mode ranks the time to the target's win, shown to a tenth of a second, on a board of
--   its own for each target and word list.
-- * Timed mode's default target (5 won words) fits the default list of six words with one to
--   lose. A target larger than the words left in the list cannot be reached, so the run cannot
--   be ranked: the game says so when it starts, and plays on unranked.
-- * With --ascii the tree is drawn with the fruit's ASCII mark instead of its emoji, and every
--   text the game writes is ASCII (the words themselves are the list's).
-- * What the game says is in `texts` (English); applepie.texts/ has German and Japanese
--   (--lang). Letters and words are guessed as the list spells them, whatever the language.

local THEMES = require("fruit-themes")
local words = require("word-game")
local FRUIT_NAMES = {}
for i, theme in ipairs(THEMES) do FRUIT_NAMES[i] = theme.name end

local WORD_BONUS = 10

local function theme_of(game)
  for _, theme in ipairs(THEMES) do
    if theme.name == game.options.fruit then return theme end
  end
  return THEMES[1]
end

-- A count in words, the text `key` with `n` ("3 wins").
local function count(game, key, n) return game.t(key, { n = n }) end

-- The texts of each fruit, by its name: "apple.falls", "apple.count" and so on. English builds
-- them from the fruit's name and plural; a translation gives each, since a fruit's article and
-- endings differ from fruit to fruit (ein Apfel, eine Birne). A fruit added to fruit-themes.lua
-- needs them in applepie.texts/ too (gamehost check names the keys a translation lacks).
local function fruit_texts(texts)
  for _, theme in ipairs(THEMES) do
    local name = theme.name
    texts[name .. ".falls"] = (name:match("^[aeiou]") and "an " or "a ") .. name .. " falls"
    texts[name .. ".last-falls"] = "the last " .. name .. " falls"
    texts[name .. ".your-last"] = "your last " .. name
    texts[name .. ".count"] = { one = "{n} " .. name, other = "{n} " .. theme.plural }
    texts[name .. ".plural"] = theme.plural
  end
  return texts
end

-- The letters of `text` (what is not a letter, such as a space or a hyphen, is not counted),
-- as the host's puzzle finds them.
local function letter_count(game, text)
  local ok, puzzle = pcall(game.words.puzzle, text, game.options.accents)
  if not ok then return nil end
  local n = 0
  for _, slot in ipairs(puzzle.slots) do
    if slot == false then n = n + 1 end
  end
  return n
end

-- The separator of the status lines: a middle dot, or a hyphen with --ascii.
local function dot(game) return game.ascii and " - " or " · " end

local function tally(state, game)
  return game.t("tally", { wins = state.wins, losses = state.losses, score = state.score, dot = dot(game) })
end

-- Starts the next word, or ends the game when this pass through the list is done.
local function next_round(state, game)
  -- A game is one pass through the list; the next game starts a new pass (the host says so).
  if state.round > 0 and game.words.left() == 0 then
    state.over = true
    state.list_done = true
    return
  end
  local entry = game.options.order == "list" and game.words.next() or game.words.draw()
  state.round = state.round + 1
  state.fruit = game.options["fruit-count"]
  state.hint = entry.hint
  state.hint_shown = false
  state.puzzle = game.words.puzzle(entry.word, game.options.accents)
  state.word = entry.word
  state.masked = state.puzzle.masked
  state.letters = words.shown_letters(state.puzzle)
  state.guessed = state.puzzle.guessed
  state.round_score = 0
end

-- The list's name as a board names it: whole characters, at most `room` bytes (a board name
-- has 64).
local function short_name(name, room)
  if #name <= room then return name end
  local cut = 0
  for position in utf8.codes(name) do
    if position > room - 2 then break end
    cut = position - 1
  end
  return name:sub(1, cut) .. "…"
end

local function finish_timed_run(state, game)
  state.elapsed = game.now() - state.started
  state.over = true
  -- One board for each setting that changes the time: the target, the fruit on the tree and
  -- how accents count (the host keeps boards per list content, whatever the list's name).
  -- Board names stay English, whatever the player's language: one board for all.
  local target = game.options.target
  local head = ("Fastest %d %s from "):format(target, target == 1 and "word" or "words")
  local settings = (game.options["fruit-count"] ~= 7 and (", %d fruit"):format(game.options["fruit-count"]) or "")
    .. (game.options.accents == "strict" and ", strict accents" or "")
    .. (game.options.order == "list" and ", in list order" or "")
  local board = head .. short_name(game.words.name, 64 - #head - #settings) .. settings
  state.rank = game.scores.submit { board = board, value = state.elapsed, better = "lower", unit = "s" }
  state.board = game.scores.summary(board, 5)
end

local function end_round(state, game, won)
  if won then
    state.wins = state.wins + 1
    state.score = state.score + WORD_BONUS
    state.round_score = state.round_score + WORD_BONUS
    game.say(game.t("won", { word = state.word, bonus = WORD_BONUS, points = state.round_score }))
    -- What each word earned, for programs that learn (and the search).
    game.reward(1, 1)
  else
    state.losses = state.losses + 1
    game.reward(1, -1)
    game.say(game.t("lost", { fruits = game.t(theme_of(game).name .. ".plural"), word = state.word }))
  end
  -- (The view's tally line already shows the new totals.) The word stays on the screen, whole,
  -- when the game ends with it.
  state.letters = words.whole_word(state.word, game)
  if game.options.mode == "timed" and state.wins >= game.options.target then
    return finish_timed_run(state, game)
  end
  next_round(state, game)
  -- A lost word may put the target out of reach: said once (the run goes on, unranked).
  if game.options.mode == "timed" and not state.unreachable then
    local possible = state.wins + (state.over and 0 or 1) + game.words.left()
    if possible < game.options.target then
      state.unreachable = true
      game.say(game.t("out-of-reach", { target = count(game, "won-words", game.options.target),
                                        possible = count(game, "wins", possible) }))
    end
  end
end

-- A fruit falls, for the reason `why` (a text already in the player's language).
local function drop_fruit(state, game, why)
  local name = theme_of(game).name
  state.fruit = state.fruit - 1
  if game.options.sound == "on" then game.bell() end
  if state.fruit == 0 then
    game.say(game.t("drop-last", { why = why, falls = game.t(name .. ".last-falls") }))  -- the round's end says the rest
  else
    game.say(game.t("drop", { why = why, falls = game.t(name .. ".falls"), left = count(game, name .. ".count", state.fruit) }))
  end
end

-- The tree: its crown, the fruit left on it (seven a row), its trunk, and the fallen fruit
-- counted at its foot. Every row of fruit is centred on the trunk.
local TRUNK_CENTRE = 11  -- columns left of the middle of "||"
local function centred(text, game)
  return string.rep(" ", math.max(0, TRUNK_CENTRE - game.width(text) // 2)) .. text
end

-- The same tree as shapes, for the browser: a crown with the fruit left on it in rows, a
-- trunk, and the fallen fruit on the grass at its foot.
local CROWN_ROWS = { { y = 14, n = 3 }, { y = 25, n = 6 }, { y = 37, n = 7 }, { y = 49, n = 6 }, { y = 60, n = 4 } }
local function tree_drawing(left, fallen, fruit)
  local shapes = {
    { shape = "rect", x = 0, y = 92, w = 120, h = 18, colour = "green" },
    { shape = "rect", x = 54, y = 56, w = 12, h = 40, colour = "brown" },
    { shape = "circle", x = 60, y = 38, r = 34, colour = "green" },
  }
  local placed = 0
  for _, row in ipairs(CROWN_ROWS) do
    for k = 1, row.n do
      if placed == left then break end
      placed = placed + 1
      shapes[#shapes + 1] = { shape = "text", x = 60 + (k - (row.n + 1) / 2) * 10, y = row.y, text = fruit, size = 9 }
    end
  end
  for k = 1, fallen do
    -- Two rows of ten on the grass, either side of the trunk.
    local slot = (k - 1) % 20
    local x = slot % 10 < 5 and 8 + (slot % 10) * 9 or 75 + (slot % 10 - 5) * 9
    shapes[#shapes + 1] = { shape = "text", x = x, y = slot < 10 and 99 or 107, text = fruit, size = 8 }
  end
  return { width = 120, height = 110, shapes = shapes }
end

local function tree(state, game)
  local theme = theme_of(game)
  local mark = game.ascii and theme.ascii or theme.emoji
  local total = game.options["fruit-count"]
  local lines = { centred(".-" .. string.rep("~", 18) .. "-.", game) }
  local row = {}
  for i = 1, state.fruit do
    row[#row + 1] = mark
    if #row == 7 or i == state.fruit then
      lines[#lines + 1] = centred(table.concat(row, " "), game)
      row = {}
    end
  end
  if state.fruit == 0 then lines[#lines + 1] = centred(game.t("bare"), game) end
  lines[#lines + 1] = centred("||", game)
  local fallen = total - state.fruit
  lines[#lines + 1] = centred(string.rep("~", 10) .. "||" .. string.rep("~", 10), game)
    .. (fallen > 0 and (" " .. mark .. " x" .. fallen) or "")
  return {
    type = "picture", lines = lines,
    alt = game.t(fallen > 0 and "tree-fallen" or "tree",
      { fruit = count(game, theme.name .. ".count", state.fruit), fallen = fallen }),
    drawing = tree_drawing(state.fruit, fallen, theme.emoji),
  }
end

-- The fruit left, as a meter: "Apples: 5/7" (a capital for English; German has its own, and
-- Japanese none).
local function fruit_meter(state, game)
  local name = game.t(theme_of(game).name .. ".plural"):gsub("^%l", string.upper)
  return { type = "meter", name = name, value = state.fruit, max = game.options["fruit-count"] }
end

---@type Rule
return {
  id = "applepie",
  title = "Apple Pie",
  -- The word, its hint and the puzzle (which holds the word) are not shown to programs
  -- (--json): a bot sees what a player sees.
  secret = { "word", "hint", "puzzle" },
  -- The host's search player deals the word again from what the player has seen.
  search = { deal = words.deal },
  about = "Guess the word letter by letter before the tree is bare.",
  -- The timed mode's clock ticks on the screen while the player thinks.
  refresh = 1,
  words = "original",
  rules = [[
Guess the hidden word one letter at a time, or type the whole word.
Every wrong letter or word drops a fruit from the tree; with none left the word is lost.
A right letter scores 1 point, a finished word 10 more. /hint shows a hint for one fruit.
Timed mode (--mode timed): win --target words (5 unless you say) as fast as you can for the
leaderboard.]],

  -- What the game says, in English; applepie.texts/ has it in other languages (--lang). The
  -- fruit's own texts are added from fruit-themes.lua (fruit_texts).
  texts = fruit_texts {
    heading = "Apple Pie{dash}word {round} of {words}",
    ["heading-timed"] = "Apple Pie{dash}word {round} of {words}{dot}{wins}/{target} won{dot}{seconds} s",
    ["heading-end"] = "Apple Pie{dash}the end",
    word = "the word",
    ["last-word"] = "the last word",
    bare = "(bare)",
    tree = "a tree with {fruit} on it",
    ["tree-fallen"] = "a tree with {fruit} on it and {fallen} fallen",
    tally = "Wins {wins}{dot}Losses {losses}{dot}Score {score}",
    guess = "Guess a letter, or the whole word.",
    ["guess-hint"] = "Guess a letter, or the whole word (/hint for a hint).",
    ["whole-word"] = "a guess at the whole word",
    -- How many times a letter was found, in words up to twelve ("two 'r's"), else in digits.
    yes = { one = "Yes: {count} '{letter}'. +1", other = "Yes: {count} '{letter}'s. +1" },
    ["number.1"] = "one", ["number.2"] = "two", ["number.3"] = "three", ["number.4"] = "four",
    ["number.5"] = "five", ["number.6"] = "six", ["number.7"] = "seven", ["number.8"] = "eight",
    ["number.9"] = "nine", ["number.10"] = "ten", ["number.11"] = "eleven", ["number.12"] = "twelve",
    -- Why a fruit falls, then what falls: "No 'e': an apple falls. 6 apples left."
    miss = "No '{letter}'",
    wrong = "Not \"{word}\"",
    ["hint-why"] = "Hint",
    drop = "{why}: {falls}. {left} left.",
    ["drop-last"] = "{why}: {falls}.",
    won = "You got it: {word}! +{bonus} for the word, {points} this round.",
    lost = "No {fruits} left. The word was \"{word}\".",
    hint = "Hint: {hint}",
    ["no-hint"] = "this word has no hint",
    ["hint-cost"] = "a hint would cost {fruit}",
    over = "the game is over",
    ["wrong-length"] = "the word has {needed} letters, and '{input}' has {typed}",
    ["not-a-guess"] = "'{input}' is not a letter or a word",
    guessed = "already guessed '{letter}'",
    words = { one = "{n} word", other = "{n} words" },
    ["won-words"] = { one = "{n} won word", other = "{n} won words" },
    wins = { one = "{n} win", other = "{n} wins" },
    losses = { one = "{n} loss", other = "{n} losses" },
    unrankable = "This run cannot be ranked: its target is {target}, but the list has only {left} left to play."
      .. " Give --target {most} or less, or a longer list with --words.",
    ["out-of-reach"] = "The target of {target} can no longer be reached: at most {possible}. The run goes on, unranked.",
    summary = "The end: {wins}, {losses}, score {score}.",
    ["timed-rank"] = "{words} in {seconds} s: rank {rank}. Best times: {board}",
    ["timed-practice"] = "{words} in {seconds} s: a practice run (seeded or scripted): not ranked.",
    ["timed-unsaved"] = "{words} in {seconds} s: not ranked: scores cannot be saved.",
    ["timed-left"] = "Left before {wins}: this run is not ranked.",
    ["timed-ran-out"] = "The list ran out before {wins}: this run is not ranked.",
  },

  options = {
    order = { choices = { "shuffle", "list" }, default = "shuffle", advanced = true, help = "the order of the words" },
    ["fruit-count"] = { type = "integer", min = 1, max = 26, default = 7, advanced = true, help = "fruit on the tree" },
    accents = { choices = { "fold", "strict" }, default = "fold", advanced = true, help = "fold: e also reveals accented e" },
    sound = { choices = { "on", "off" }, default = "on", advanced = true, help = "ring the bell when a fruit drops" },
    fruit = { choices = FRUIT_NAMES, default = "apple", help = "the fruit on the tree" },
    mode = { choices = { "classic", "timed" }, default = "classic", help = "timed: race to the target for the leaderboard" },
    target = {
      type = "integer", min = 1, max = 100, default = 5, when = { mode = "timed" }, help = "timed mode: the words to win",
    },
  },

  commands = {
    hint = {
      help = "show a hint for the word (costs one fruit)",
      run = function(state, args, game)
        if state.over then game.refuse(game.t("over")) end
        if not state.hint then game.refuse(game.t("no-hint")) end
        if not state.hint_shown then
          if state.fruit <= 1 then game.refuse(game.t("hint-cost", { fruit = game.t(theme_of(game).name .. ".your-last") })) end
          state.hint_shown = true
          drop_fruit(state, game, game.t("hint-why"))
        end
        game.say(game.t("hint", { hint = state.hint }))
      end,
    },
  },

  setup = function(game)
    local state = { wins = 0, losses = 0, score = 0, round = 0, over = false, started = game.now() }
    -- The words this game can play: the rest of the list's pass, or a new pass of all of them.
    local available = game.words.left() > 0 and game.words.left() or game.words.count()
    if game.options.mode == "timed" and game.options.target > available then
      state.unreachable = true
      game.say(game.t("unrankable", { target = count(game, "won-words", game.options.target),
                                      left = count(game, "words", available), most = available }))
    end
    next_round(state, game)
    return state
  end,

  -- The tree, the fruit left, the word with its blanks and a keyboard of the list's letters
  -- (each marked once guessed; a tap guesses it).
  view = function(state, game)
    local dash = game.ascii and " -- " or " — "
    if state.over then
      -- The last tree and word stay on the screen under the final tally.
      return {
        { type = "heading", text = game.t("heading-end", { dash = dash }) },
        tree(state, game),
        { type = "word", letters = state.letters, label = game.t("last-word") },
        { type = "text", text = tally(state, game) },
      }
    end
    -- The timed mode's header in one text with the classic one's, as one heading.
    local timed = game.options.mode == "timed"
    local header = game.t(timed and "heading-timed" or "heading", {
      dash = dash, round = state.round, words = game.words.count(), dot = dot(game),
      wins = state.wins, target = game.options.target, seconds = timed and math.floor(game.now() - state.started) or nil,
    })
    local elements = {
      { type = "heading", text = header },
      tree(state, game),
      fruit_meter(state, game),
      { type = "word", letters = state.letters, label = game.t("word") },
      words.keyboard(state.puzzle, game, true),
      { type = "text", text = tally(state, game) },
    }
    -- How to play, until the word's first guess: then the row goes to the messages, so the
    -- whole tree (and the timed clock) stays on a 40x12 screen.
    if #state.puzzle.guessed == 0 and #state.puzzle.wrong_words == 0 then
      elements[#elements + 1] = { type = "text", text = game.t(state.hint and "guess-hint" or "guess") }
    end
    return elements
  end,

  -- The rule's own player: the letter most of the words still possible hold.
  bot = function(state, game)
    return words.likely_letter(state, game) or words.unguessed(state.guessed, game)[1]
  end,

  moves = function(state, game)
    if state.over then return {} end
    local moves = words.unguessed(state.guessed, game)
    moves.text = game.t("whole-word")
    return moves
  end,

  play = function(state, input, game)
    -- A whole word of another length cannot be the word: refused, at no cost.
    local typed = letter_count(game, input)
    local needed = letter_count(game, state.word)
    -- (Text that is no word at all, such as one too long for any list, has no count.)
    if not typed then game.refuse(game.t("not-a-guess", { input = input })) end
    if needed and typed > 1 and typed ~= needed then
      game.refuse(game.t("wrong-length", { needed = needed, input = input, typed = typed }))
    end
    local outcome, revealed, letter = game.words.guess(state.puzzle, input)
    if outcome == "invalid" then
      game.refuse(revealed or game.t("not-a-guess", { input = input }))
    elseif outcome == "repeat" then
      game.refuse(game.t("guessed", { letter = revealed or input:lower() }))
    end
    state.masked = state.puzzle.masked
    state.letters = words.shown_letters(state.puzzle)
    state.guessed = state.puzzle.guessed

    if outcome == "hit" then
      state.score = state.score + 1
      state.round_score = state.round_score + 1
      game.say(game.t("yes", { n = revealed, letter = letter or input:lower(),
                               count = revealed <= 12 and game.t("number." .. revealed) or revealed }))
    elseif outcome == "miss" then
      drop_fruit(state, game, game.t("miss", { letter = revealed or input:lower() }))
    elseif outcome == "wrong" then
      drop_fruit(state, game, game.t("wrong", { word = input }))
    end

    if state.fruit == 0 then
      end_round(state, game, false)
    elseif state.puzzle.solved then
      end_round(state, game, true)
    end
  end,

  -- Leaving in the middle of a word (/quit, Ctrl-D) ends the session with the summary of the
  -- words finished; the word in play is not counted.
  leave = function(state)
    state.over = true
    state.left = true
  end,

  result = function(state, game)
    if not state.over then return nil end
    local summary = game.t("summary", { wins = count(game, "wins", state.wins), losses = count(game, "losses", state.losses),
                                        score = state.score })
    if game.options.mode == "timed" then
      if state.elapsed then
        -- The target was reached; the host may still rank nothing (submit returns nil then).
        local key = state.rank and "timed-rank" or game.scores.practice and "timed-practice" or "timed-unsaved"
        summary = summary .. "\n" .. game.t(key,
          { words = count(game, "words", state.wins), seconds = ("%.1f"):format(state.elapsed), rank = state.rank,
            board = state.board })
      else
        summary = summary .. "\n" .. game.t(state.left and "timed-left" or "timed-ran-out",
          { wins = count(game, "wins", game.options.target) })
      end
    end
    return { winner = state.wins > state.losses and "player" or nil, score = state.score, summary = summary }
  end,
}
