-- Guess Five: find the hidden five-letter word in six tries, with a mark for every letter.
-- The words are the host's word list (docs/lua-api.md, game.words): five-letter words only,
-- looked up with game.words.find, in any script (the keyboard shows the list's own letters).
--
-- Choices where the rule book is silent:
-- * A guess must be a word of the list, typed in any case and, with accents folded (the
--   default, as in every word game), with or without its accents: "ecole" is "école". It is
--   shown as the list spells it. Letters are marked by their identity (game.words.letter):
--   with accents folded, the ê of crêpe is an e.
-- * A list needs two five-letter words or more to be a puzzle; with fewer than 20 the game
--   warns that the keyboard (the list's letters) gives much away.
-- * A repeated guess is refused and costs no try.
-- * Repeated letters: a letter is marked "right" where it is in place; the rest of its
--   copies are marked "elsewhere" from left to right while the word has unmatched copies of
--   it left, and "absent" after that.
-- * Hard mode (--hard on): a letter marked right must stay in its place, and a letter marked
--   elsewhere must be used again (as many times as it was marked).
-- * Statistics (games, wins, streak, the tries of each win) are kept per word list, across
--   sessions, and shown when a game ends.

local LENGTH, TRIES = 5, 6
-- Each mark as a view's letters and keys show it (the host draws [a], (a) and a in colour).
local SHOWN = { right = "hit", elsewhere = "present", absent = "miss" }

-- The characters of a word (UTF-8), as a list.
local function letters_of(word)
  local list = {}
  for _, code in utf8.codes(word) do list[#list + 1] = utf8.char(code) end
  return list
end

-- The identities of a word's letters (game.words.letter: lower case, folded as the game folds).
local function keys_of(letters, game)
  local keys = {}
  for i, c in ipairs(letters) do keys[i] = game.words.letter(c, game.options.accents) or c end
  return keys
end

-- Marks a guess against the word (both as letter identities): right, elsewhere or absent for
-- each letter.
local function marks_for(guess, word)
  local marks, unmatched = {}, {}
  for i, c in ipairs(word) do
    if guess[i] == c then marks[i] = "right" else unmatched[c] = (unmatched[c] or 0) + 1 end
  end
  for i, c in ipairs(guess) do
    if not marks[i] then
      if (unmatched[c] or 0) > 0 then
        marks[i] = "elsewhere"
        unmatched[c] = unmatched[c] - 1
      else
        marks[i] = "absent"
      end
    end
  end
  return marks
end

-- What hard mode asks of a guess, or nil when it obeys every earlier mark.
local function hard_mode_problem(state, guess, game)
  for _, row in ipairs(state.rows) do
    local needed, counted = {}, {}
    for i, c in ipairs(row.keys) do
      if row.marks[i] == "right" and guess[i] ~= c then
        return game.t("hard-place", { place = i, letter = c })
      end
      if row.marks[i] ~= "absent" then
        if not needed[c] then counted[#counted + 1] = c end
        needed[c] = (needed[c] or 0) + 1
      end
    end
    for _, c in ipairs(counted) do
      local have = 0
      for _, g in ipairs(guess) do if g == c then have = have + 1 end end
      if have < needed[c] then return game.t("hard-use", { letter = c }) end
    end
  end
  return nil
end

-- Statistics are kept per player (by name) and per word list. A player with no name (seat 1
-- unnamed) keeps the list's own, which is also where a named player's first game starts: the
-- statistics kept before they were kept by name go to the first name that plays.
local function shared_stats_name(game) return "stats " .. tostring(game.words.name) end

local function stats_name(game)
  local who = game.name(1)
  if who == "Seat 1" then return shared_stats_name(game) end
  return shared_stats_name(game) .. " · " .. who
end

local function record_game(state, game)
  local stats = game.scores.load(stats_name(game))
  if not stats and stats_name(game) ~= shared_stats_name(game) then
    stats = game.scores.load(shared_stats_name(game))
    if stats then game.scores.save(shared_stats_name(game), nil) end
  end
  stats = stats or {}
  stats.played = (stats.played or 0) + 1
  stats.won = (stats.won or 0) + (state.solved and 1 or 0)
  stats.streak = state.solved and (stats.streak or 0) + 1 or 0
  stats.best_streak = math.max(stats.best_streak or 0, stats.streak)
  stats.tries = stats.tries or {}
  for k = 1, TRIES do stats.tries[k] = stats.tries[k] or 0 end
  if state.solved then stats.tries[#state.rows] = stats.tries[#state.rows] + 1 end
  game.scores.save(stats_name(game), stats)
  state.stats = stats
end

local function stats_lines(stats, game)
  local dot = game.ascii and " - " or " · "
  local lines = {
    game.t("stats", { played = stats.played, dot = dot, percent = math.floor(100 * stats.won / stats.played + 0.5),
                      streak = stats.streak, best = stats.best_streak }),
  }
  local most = 1
  for k = 1, TRIES do most = math.max(most, stats.tries[k]) end
  for k = 1, TRIES do
    local n = stats.tries[k]
    lines[#lines + 1] = ("%d %s %d"):format(k, ("#"):rep(math.ceil(20 * n / most)), n)
  end
  return lines
end

-- Whether an entry is a word of five letters and nothing else (a list may hold phrases).
local function playable(word)
  return #letters_of(word) == LENGTH and not word:find("[%s%-'%.]")
end

-- Whether `word` gives the row its marks: a word the row does not rule out. Asked of
-- thousands of words while the search thinks, so a word of ASCII letters (most lists) is
-- compared letter by letter, stopping at the first mark it would not give.
local function fits_row(row, word, game)
  local guess, marks = row.keys, row.marks
  if word:find("[\128-\255]") then
    local given = marks_for(guess, keys_of(letters_of(word), game))
    for i = 1, LENGTH do
      if given[i] ~= marks[i] then return false end
    end
    return true
  end
  word = word:lower()
  local unmatched = {}
  for i = 1, LENGTH do
    local c = word:sub(i, i)
    if guess[i] == c then
      if marks[i] ~= "right" then return false end
    else
      if marks[i] == "right" then return false end
      unmatched[c] = (unmatched[c] or 0) + 1
    end
  end
  for i = 1, LENGTH do
    local mark = marks[i]
    if mark ~= "right" then
      local g = guess[i]
      if (unmatched[g] or 0) > 0 then
        if mark ~= "elsewhere" then return false end
        unmatched[g] = unmatched[g] - 1
      elseif mark ~= "absent" then
        return false
      end
    end
  end
  return true
end

local function fits(state, word, game)
  if not playable(word) then return false end
  for _, row in ipairs(state.rows) do
    if not fits_row(row, word, game) then return false end
  end
  return true
end

-- Up to `limit` words of the list the rows have not ruled out and not yet tried: tried at
-- random first (quick while many fit); when none of those fits, the list in order from a
-- random place.
local PROBES = 200
local function fitting(state, game, limit)
  local n, found, taken = game.words.count(), {}, {}
  local function consider(word)
    if not taken[word] and not state.tried[word] and fits(state, word, game) then
      taken[word] = true
      found[#found + 1] = word
    end
  end
  for _ = 1, PROBES do
    consider(game.words.entry(game.random(n)).word)
    if #found >= limit then return found end
  end
  if #found > 0 then return found end
  local start = game.random(n)
  for k = 0, n - 1 do
    consider(game.words.entry((start + k) % n + 1).word)
    if #found >= limit then break end
  end
  return found
end

-- The identities of a word's letters, lower case for ASCII (no call to the host a letter).
local function word_keys(word, game)
  if not word:find("[\128-\255]") then
    local keys = {}
    for i = 1, #word do keys[i] = word:sub(i, i):lower() end
    return keys
  end
  return keys_of(letters_of(word), game)
end

-- While the search thinks: the words the rows allow, worked out once for each set of rows in
-- the search's `memo` (a table the host keeps for one move's search), each row's from the words
-- the rows before it allowed.
local function allowed(state, game, memo)
  memo = memo or {}
  local key = ""
  local words = memo[key]
  if not words then
    words = {}
    for i = 1, game.words.count() do
      local word = game.words.entry(i).word
      if playable(word) then words[#words + 1] = word end
    end
    memo[key] = words
  end
  for _, row in ipairs(state.rows) do
    key = key .. "|" .. table.concat(row.keys) .. ":" .. table.concat(row.marks, ",")
    local narrower = memo[key]
    if not narrower then
      narrower = {}
      for _, word in ipairs(words) do
        if fits_row(row, word, game) then narrower[#narrower + 1] = word end
      end
      memo[key] = narrower
    end
    words = narrower
  end
  return words, key
end

-- The words the rows allow, those of the commonest letters first (a word whose letters many of
-- the others hold splits them best: what a good player guesses), once per set of rows (memo).
local function ranked(state, game, memo)
  memo = memo or {}
  local words, key = allowed(state, game, memo)
  key = key .. "#ranked"
  if memo[key] then return memo[key] end
  local holding, distinct = {}, {}
  for i, word in ipairs(words) do
    local seen = {}
    for _, c in ipairs(word_keys(word, game)) do
      if not seen[c] then
        seen[c] = true
        holding[c] = (holding[c] or 0) + 1
      end
    end
    distinct[i] = seen
  end
  local score, order = {}, {}
  for i, word in ipairs(words) do
    local total = 0
    for c in pairs(distinct[i]) do total = total + holding[c] end
    score[word] = total
    order[i] = word
  end
  table.sort(order, function(a, b) if score[a] ~= score[b] then return score[a] > score[b] end return a < b end)
  memo[key] = order
  return order
end

-- Up to `limit` of `words`, at random, none tried.
local function pick(state, game, words, limit)
  local found, taken = {}, {}
  if #words <= limit then
    for _, word in ipairs(words) do
      if not state.tried[word] then found[#found + 1] = word end
    end
    return found
  end
  for _ = 1, 4 * limit do
    local word = words[game.random(#words)]
    if not taken[word] and not state.tried[word] then
      taken[word] = true
      found[#found + 1] = word
      if #found >= limit then break end
    end
  end
  return found
end

-- A list too short to be a puzzle: refused with one word, a warning under 20.
local LEAST, ENOUGH = 2, 20
local function check_list(game)
  local found = 0
  for i = 1, game.words.count() do
    if playable(game.words.entry(i).word) then found = found + 1 end
    if found >= ENOUGH then return end
  end
  local name = tostring(game.words.name)
  if found < LEAST then
    error(game.t(found == 1 and "one-word" or "no-word", { list = name, enough = ENOUGH }), 0)
  end
  game.say(game.t("few-words", { list = name, count = found, enough = ENOUGH }))
end

-- A word of the list with five letters and nothing else (a list may hold phrases).
local function draw_word(game)
  local entry = game.words.draw()
  for _ = 1, game.words.count() do
    if playable(entry.word) then break end
    entry = game.words.draw()
  end
  return entry.word
end

-- What `moves` says the game takes, looked up once a language: moves is asked at every step.
local moves_text = {}
local function moves_description(game)
  local text = moves_text[game.language]
  if not text then
    text = game.t("moves")
    moves_text[game.language] = text
  end
  return text
end

---@type Rule
return {
  id = "guess-five",
  title = "Guess Five",
  about = "Find the hidden five-letter word in six tries.",
  rules = [[
Type a five-letter word of the list. Each letter is marked:
  [a]  right: this letter is in this place
  (a)  elsewhere: the word has this letter in another place
   a   absent: the word has no (more) of this letter
Find the word in six tries. The keyboard shows what you know of each letter;
a letter that is absent shows as -.
With --hard on, letters marked right must stay in place and letters marked elsewhere must be
used again. Your statistics are kept for each word list.]],

  -- What the game says, in English; guess-five.texts/ has it in other languages (--lang). {dot}
  -- is " · ", or " - " with --ascii.
  texts = {
    heading = "Guess Five{dot}try {try} of {tries}",
    ["heading-hard"] = "Guess Five{dot}try {try} of {tries}{dot}hard",
    stats = "Played {played}{dot}won {percent}%{dot}streak {streak} (best {best})",
    moves = "a five-letter word of the list",
    length = "type a word of {length} letters",
    unknown = "'{word}' is not in the word list",
    tried = "you tried '{word}' already",
    ["hard-place"] = "hard mode: letter {place} must be {letter}",
    ["hard-use"] = "hard mode: the guess must use {letter}",
    ["no-word"] = "{list} has only no five-letter word: Guess Five needs a list of {enough} or more (--words LIST).",
    ["one-word"] = "{list} has only one five-letter word: Guess Five needs a list of {enough} or more (--words LIST).",
    ["few-words"] = "{list} has only {count} five-letter words: the keyboard, its letters, gives much away."
      .. " Guess Five plays best with {enough} or more (--words LIST).",
    found = "You found {word} in {tries} of {all} tries.",
    lost = "Out of tries: the word was {word}.",
  },

  words = { list = "five-letter", length = LENGTH },
  secret = { "word" },
  -- `tried` (words guessed) and `keys` (the best mark of each letter) are maps, empty at the
  -- start: programs read them as objects whether empty or not.
  maps = { "tried", "keys" },
  -- A program may ask for the list's words (`/words`): a player has the list too.
  share_words = true,

  options = {
    hard = { choices = { "off", "on" }, default = "off", help = "letters you found must be used again" },
    accents = { choices = { "fold", "strict" }, default = "fold", advanced = true, help = "fold: e is also accented e" },
  },

  setup = function(game)
    check_list(game)
    local keyboard = {}
    for i, c in ipairs(game.words.letters(game.options.accents)) do keyboard[i] = c end
    return { word = draw_word(game), rows = {}, tried = {}, keys = {}, keyboard = keyboard, solved = false, over = false }
  end,

  -- The rows of guesses with their marks, the rows still to try, and the keyboard of the
  -- list's letters with the best mark each has had (a key types its letter: guesses are words).
  view = function(state, game)
    local dot = game.ascii and " - " or " · "
    -- While playing, the try to come; once over, the tries taken.
    local try = state.over and #state.rows or math.min(#state.rows + 1, TRIES)
    local heading = game.options.hard == "on" and "heading-hard" or "heading"
    local elements = { { type = "heading", text = game.t(heading, { dot = dot, try = try, tries = TRIES }) } }
    for k = 1, TRIES do
      local row = state.rows[k]
      local letters, marks = {}, {}
      for i = 1, LENGTH do
        letters[i] = row and row.letters[i] or ""
        marks[i] = row and SHOWN[row.marks[i]] or ""
      end
      elements[#elements + 1] = { type = "word", letters = letters, marks = marks, id = "row-" .. k }
    end
    -- The keyboard: the list's letters, thirteen a row.
    local keys, rows, row = {}, {}, {}
    for i, c in ipairs(state.keyboard) do
      keys[i] = { key = c, mark = SHOWN[state.keys[c]] }
      row[#row + 1] = c
      if #row == 13 or i == #state.keyboard then
        rows[#rows + 1] = table.concat(row)
        row = {}
      end
    end
    elements[#elements + 1] = { type = "keyboard", keys = keys, rows = rows }
    if state.over then
      for _, line in ipairs(stats_lines(state.stats, game)) do elements[#elements + 1] = line end
    end
    return elements
  end,

  -- The rule's own player guesses a word the marks allow, at random: what a careful player does.
  bot = function(state, game, _, memo)
    if memo then
      -- In the search's scratch games: the word of the commonest letters.
      for _, word in ipairs(ranked(state, game, memo)) do
        if not state.tried[word] then return word end
      end
    end
    return fitting(state, game, 1)[1]
  end,

  -- For the host's search player (docs/search.md): the word is dealt again from the words the
  -- marks allow (the host empties the secret fields first), and the guesses it weighs are a few
  -- such words.
  search = {
    hints = true,
    deal = function(state, game, _, memo)
      state.word = pick(state, game, allowed(state, game, memo), 1)[1] or game.words.entry(1).word
    end,
    -- The four words of the commonest letters, and two more at random.
    moves = function(state, game, _, memo)
      local found, taken = {}, {}
      for _, word in ipairs(ranked(state, game, memo)) do
        if #found >= 4 then break end
        if not state.tried[word] then
          found[#found + 1] = word
          taken[word] = true
        end
      end
      for _, word in ipairs(pick(state, game, allowed(state, game, memo), 2)) do
        if not taken[word] then found[#found + 1] = word end
      end
      return found
    end,
  },

  moves = function(state, game)
    if state.over then return {} end
    -- A pattern only where Lua's %a knows the letters (an ASCII list); in hard mode the
    -- letters found in place are part of it.
    local ascii = true
    for _, c in ipairs(state.keyboard) do if #c > 1 then ascii = false end end
    if not ascii then return { text = moves_description(game) } end
    local places = {}
    for i = 1, LENGTH do places[i] = "%a" end
    if game.options.hard == "on" then
      for _, row in ipairs(state.rows) do
        for i, mark in ipairs(row.marks) do
          if mark == "right" then places[i] = row.keys[i] end
        end
      end
    end
    return { text = moves_description(game), pattern = table.concat(places) }
  end,

  play = function(state, input, game)
    local typed = letters_of(input)
    if #typed ~= LENGTH then game.refuse(game.t("length", { length = LENGTH })) end
    local entry = game.words.find(input, game.options.accents)
    if not entry then game.refuse(game.t("unknown", { word = input })) end
    local letters = letters_of(entry.word)
    local guess = keys_of(letters, game)
    if state.tried[entry.word] then game.refuse(game.t("tried", { word = entry.word })) end
    if game.options.hard == "on" then
      local problem = hard_mode_problem(state, guess, game)
      if problem then game.refuse(problem) end
    end

    local marks = marks_for(guess, keys_of(letters_of(state.word), game))
    state.rows[#state.rows + 1] = { letters = letters, keys = guess, marks = marks }
    state.tried[entry.word] = true
    local rank = { absent = 1, elsewhere = 2, right = 3 }
    local right = 0
    for i, c in ipairs(guess) do
      local known = state.keys[c]
      if not known or rank[marks[i]] > rank[known] then state.keys[c] = marks[i] end
      if marks[i] == "right" then right = right + 1 end
    end

    state.solved = right == LENGTH
    if state.solved or #state.rows == TRIES then
      state.over = true
      record_game(state, game)
      -- The result's summary says how it ended: no message of its own, said twice.
    end
  end,

  result = function(state, game)
    if not state.over then return nil end
    local summary = state.solved and game.t("found", { word = state.word, tries = #state.rows, all = TRIES })
      or game.t("lost", { word = state.word })
    return {
      winner = state.solved and "player" or nil, score = state.solved and #state.rows or nil, better = "lower", summary = summary,
    }
  end,
}
