-- Hangman, the classic look: the word engine of Apple Pie with
-- BSD hangman's gallows and averages.
--
-- Choices where the rule book is silent:
-- * Guesses are single letters, as in BSD hangman (a Thai or Devanagari letter with its marks is
--   one letter); a longer line is "not a valid guess".
-- * The averages are for this session: "Overall" over the finished words, "Current" with the
--   word in play counted as its misses so far. A lost word counts as 9 misses.
-- * After each word, y plays the next word and n ends the session with its summary (the host
--   asks nothing more: one_game). Leaving in the middle of a word (/quit, Ctrl-D) ends the
--   session with the summary of the words finished; the word in play is not counted.
-- * The averages stand beside the gallows, as in BSD hangman, so the game fits 40x12.

local words = require("word-game")

local MAX_MISSES = 7
local LOST_COUNTS_AS = 9

-- The gallows with the parts in the order they are drawn: head, body, lower body, left leg,
-- left arm, right arm, right leg. Each part is {row, column, character}.
local GALLOWS = {
  "  ______",
  "  |    |",
  "  |     ",
  "  |     ",
  "  |     ",
  "  |     ",
  "__|_____",
}
local PARTS = { { 3, 8, "O" }, { 4, 8, "|" }, { 5, 8, "|" }, { 6, 7, "/" }, { 4, 7, "/" }, { 4, 9, "\\" }, { 6, 9, "\\" } }

-- The gallows, with `beside` (lines of text) to its right from its third row, as BSD
-- hangman places its counts.
local function gallows_lines(misses, beside)
  local rows = {}
  for i, line in ipairs(GALLOWS) do rows[i] = line .. "   " end
  for i = 1, math.min(misses, MAX_MISSES) do
    local row, col, ch = PARTS[i][1], PARTS[i][2], PARTS[i][3]
    rows[row] = rows[row]:sub(1, col - 1) .. ch .. rows[row]:sub(col + 1)
  end
  for i, line in ipairs(rows) do
    local text = beside and beside[i - 2]
    rows[i] = text and line .. "  " .. text or line:gsub("%s+$", "")
  end
  return rows
end

local function sum(list)
  local total = 0
  for _, v in ipairs(list) do total = total + v end
  return total
end

-- An average as the texts take it: the whole part and three decimals apart, so that each
-- language writes its own decimal mark ("{whole},{fraction}" in German).
local function decimal(x)
  return ("%.3f"):format(x):match("^(%d+)%.(%d+)$")
end

local function averages(state)
  local done = state.finished_misses
  local overall = #done > 0 and sum(done) / #done or 0
  local current = overall
  if not state.awaiting and not state.over then
    current = (sum(done) + state.puzzle.misses) / (#done + 1)
  end
  return current, overall
end

local function next_word(state, game)
  -- After the last word of the list, the host starts a new pass (and says so): a session
  -- goes on for as long as the player says y.
  local entry = game.options.order == "list" and game.words.next() or game.words.draw()
  state.number = state.number + 1
  state.awaiting = false
  state.puzzle = game.words.puzzle(entry.word, game.options.accents)
  state.word = entry.word
  state.masked = state.puzzle.masked
  state.letters = words.shown_letters(state.puzzle)
  state.guessed = state.puzzle.guessed
  state.misses = 0
end


---@type Rule
return {
  id = "hangman",
  title = "Hangman",
  -- The word, its hint and the puzzle (which holds the word) are not shown to programs
  -- (--json): a bot sees what a player sees.
  secret = { "word", "hint", "puzzle" },
  -- The host's search player deals the word again from what the player has seen.
  search = { deal = words.deal },
  about = "The classic: guess the word before the man is hanged.",
  words = "animals",
  rules = [[
Guess the hidden word one letter at a time. Each miss adds a part to the hanged man:
head, body, lower body, left leg, left arm, right arm, right leg. Seven misses hang him.
The averages count the misses per word; a lost word counts as 9.]],

  -- n to "Another word?" ends the session with its summary: no "Play again?" after it.
  one_game = true,

  -- What the game says, in English; hangman.texts/ has it in other languages (--lang). The
  -- labels of the averages are padded so the values line up beside the gallows.
  texts = {
    ["word-number"] = "Word #:          {number}",
    ["current-average"] = "Current Average: {whole}.{fraction}",
    ["overall-average"] = "Overall Average: {whole}.{fraction}",
    -- The picture for those who cannot see it; {word_number}, {current} and {overall} are the
    -- three lines above, their spaces run together.
    gallows = "the gallows with {drawn} of the {parts} parts of the man drawn; {word_number}, {current}, {overall}",
    word = "the word",
    another = "Another word?",
    yes = "Yes",
    no = "No",
    ["yes-or-no"] = "Another word? type y or n",
    ["one-letter"] = "not a valid guess: type one letter",
    invalid = "not a valid guess",
    -- {why} is the host's reason (a letter of another script), in English.
    ["invalid-why"] = "not a valid guess: {why}",
    repeated = "already guessed '{letter}'",
    found = "You got it!",
    lost = 'Sorry, the word was "{word}"',
    -- One text by the count of words, not a count filled into it: result is asked again and
    -- again once the session is over.
    summary = {
      one = "{n} word: {guessed} guessed, {hanged} hanged. Average misses per word: {whole}.{fraction}.",
      other = "{n} words: {guessed} guessed, {hanged} hanged. Average misses per word: {whole}.{fraction}.",
    },
  },

  options = {
    order = { choices = { "shuffle", "list" }, default = "shuffle", advanced = true, help = "the order of the words" },
    accents = { choices = { "fold", "strict" }, default = "fold", advanced = true, help = "fold: e also reveals accented e" },
  },

  setup = function(game)
    local state = { number = 0, finished_misses = {}, wins = 0, losses = 0, over = false }
    next_word(state, game)
    return state
  end,

  -- The gallows, the averages, the word and a keyboard of the list's letters (BSD hangman's
  -- "Guessed:" line, with each letter marked hit or miss); after a word, y or n.
  view = function(state, game)
    local current, overall = averages(state)
    local misses = math.min(state.misses, MAX_MISSES)
    local current_whole, current_fraction = decimal(current)
    local overall_whole, overall_fraction = decimal(overall)
    local stats = {
      game.t("word-number", { number = state.number }),
      game.t("current-average", { whole = current_whole, fraction = current_fraction }),
      game.t("overall-average", { whole = overall_whole, fraction = overall_fraction }),
    }
    local elements = {
      { type = "picture", lines = gallows_lines(state.misses, stats),
        alt = game.t("gallows", { drawn = misses, parts = MAX_MISSES, word_number = (stats[1]:gsub("%s+", " ")),
          current = (stats[2]:gsub("%s+", " ")), overall = (stats[3]:gsub("%s+", " ")) }) },
    }
    if state.over then return elements end
    elements[#elements + 1] = { type = "word", letters = state.letters, label = game.t("word") }
    if state.awaiting then
      elements[#elements + 1] = { type = "text", text = game.t("another") }
      -- The answers stay y and n in every language: the keys are the moves.
      elements[#elements + 1] = { type = "buttons", buttons = {
        { text = game.t("yes"), move = "y", key = "y" }, { text = game.t("no"), move = "n", key = "n" },
      } }
    else
      -- The keyboard is BSD hangman's "Guessed:" line; the prompt is its "Guess:".
      elements[#elements + 1] = words.keyboard(state.puzzle, game, true)
    end
    return elements
  end,

  -- The rule's own player: the letter most of the words still possible hold, one word a game.
  bot = function(state, game)
    if state.awaiting then return "n" end
    return words.likely_letter(state, game) or words.unguessed(state.guessed, game)[1]
  end,

  moves = function(state, game)
    if state.over then return {} end
    if state.awaiting then return { "y", "n" } end
    return words.unguessed(state.guessed, game)
  end,

  play = function(state, input, game)
    if state.awaiting then
      local answer = input:lower()
      if answer == "y" or answer == "yes" then
        next_word(state, game)
      elseif answer == "n" or answer == "no" then
        state.over = true
      else
        game.refuse(game.t("yes-or-no"))
      end
      return
    end
    -- One letter (which may be several code points: a Thai letter with its tone mark); a
    -- whole word is refused (the refusal undoes what the guess recorded).
    -- (A letter is a few bytes at most; a line of them is no letter, and longer than a guess
    -- may be.)
    if #input > 32 then game.refuse(game.t("one-letter")) end
    local outcome, why = game.words.guess(state.puzzle, input)
    if outcome == "invalid" then game.refuse(why and game.t("invalid-why", { why = why }) or game.t("invalid")) end
    if outcome == "wrong" or outcome == "solved" then game.refuse(game.t("one-letter")) end
    if outcome == "repeat" then game.refuse(game.t("repeated", { letter = why or input:lower() })) end
    state.masked = state.puzzle.masked
    state.letters = words.shown_letters(state.puzzle)
    state.guessed = state.puzzle.guessed
    state.misses = state.puzzle.misses

    if state.puzzle.solved then
      state.wins = state.wins + 1
      state.finished_misses[#state.finished_misses + 1] = state.misses
      state.awaiting = true
      -- What each word earned, for programs that learn (and the search): found with fewer misses is better.
      game.reward(1, 1 - state.misses / 10)
      game.say(game.t("found"))
    elseif state.misses >= MAX_MISSES then
      state.losses = state.losses + 1
      state.finished_misses[#state.finished_misses + 1] = LOST_COUNTS_AS
      state.awaiting = true
      game.reward(1, -1)
      state.masked = state.word
      state.letters = words.whole_word(state.word, game)
      game.say(game.t("lost", { word = state.word }))
    end
  end,

  -- Leaving in the middle of a word ends the session with the words finished so far.
  leave = function(state)
    state.over = true
  end,

  result = function(state, game)
    if not state.over then return nil end
    local _, overall = averages(state)
    local whole, fraction = decimal(overall)
    return {
      winner = state.wins > state.losses and "player" or nil,
      score = state.wins,
      summary = game.t("summary", { n = #state.finished_misses, guessed = state.wins, hanged = state.losses,
                                    whole = whole, fraction = fraction }),
    }
  end,
}
