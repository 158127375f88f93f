-- Shared by the word games (Apple Pie, Hangman).

local M = {}

-- The letters of the word list not guessed yet: what /moves offers. (Any letter of any script
-- is accepted as a guess; offering every letter of the list, not of the word, keeps /moves
-- from giving the word away, and a kana or Greek list offers its own letters.)
function M.unguessed(guessed, game)
  local seen, moves = {}, {}
  for _, g in ipairs(guessed) do seen[g] = true end
  for _, c in ipairs(game.words.letters(game.options.accents)) do
    if not seen[c] then moves[#moves + 1] = c end
  end
  return moves
end

-- The word as a player sees it, a character a slot: itself once shown, "" while hidden. The
-- view's `word` element draws it; the games keep it in the state beside `masked`, since the
-- puzzle itself is secret.
function M.shown_letters(puzzle)
  local letters = {}
  for i, c in ipairs(puzzle.slots) do letters[i] = c or "" end
  return letters
end

-- Every character of `word`, shown: a word that is over, found or not.
function M.whole_word(word, game)
  local puzzle = game.words.puzzle(word, game.options.accents)
  game.words.guess(puzzle, word)
  return M.shown_letters(puzzle)
end

-- A puzzle of `word` after the letters the player guessed, when it shows what the player sees
-- (the masked word): a word the player cannot rule out.
local function fitting_puzzle(state, game, word)
  local puzzle = game.words.puzzle(word, game.options.accents)
  for _, c in ipairs(state.guessed) do game.words.guess(puzzle, c) end
  return puzzle.masked == state.masked and puzzle or nil
end

-- For the host's search player (docs/search.md), which calls it with the secret fields (the
-- word, its hint, the puzzle) emptied: deals the word in play again, at random among the list's
-- words that show what the player sees. A word already shown whole (lost) stays as shown.
function M.deal(state, game)
  local n = game.words.count()
  local start = game.random(n)
  for k = 0, n - 1 do
    local entry = game.words.entry((start + k) % n + 1)
    local puzzle = fitting_puzzle(state, game, entry.word)
    if puzzle then
      state.word, state.hint, state.puzzle, state.guessed = entry.word, entry.hint, puzzle, puzzle.guessed
      return
    end
  end
  local puzzle = game.words.puzzle(state.masked, game.options.accents)
  for _, c in ipairs(state.guessed) do game.words.guess(puzzle, c) end
  state.word, state.puzzle, state.guessed = state.masked, puzzle, puzzle.guessed
end

-- A good player's letter, from what the player sees: the letter not yet guessed that the most
-- of the words still possible hold (ties at random). Nil when no word of the list fits.
function M.likely_letter(state, game)
  local counts, order = {}, {}
  for i = 1, game.words.count() do
    local word = game.words.entry(i).word
    local puzzle = fitting_puzzle(state, game, word)
    if puzzle then
      local has = {}
      for _, code in utf8.codes(word) do
        local c = game.words.letter(utf8.char(code), game.options.accents)
        if c and not has[c] then
          has[c] = true
          if not counts[c] then order[#order + 1] = c end
          counts[c] = (counts[c] or 0) + 1
        end
      end
    end
  end
  local tried = {}
  for _, c in ipairs(state.guessed) do tried[c] = true end
  local best, ties = 0, {}
  for _, c in ipairs(order) do
    if not tried[c] then
      if counts[c] > best then best, ties = counts[c], { c } elseif counts[c] == best then ties[#ties + 1] = c end
    end
  end
  return #ties > 0 and game.pick(ties) or nil
end

-- The view's keyboard: the list's letters, thirteen a row, then any other letter guessed, each
-- marked once guessed (hit: in the word; miss: not), and played by a tap while it may still be
-- guessed.
function M.keyboard(puzzle, game, playing)
  local hit, tried, listed = {}, {}, {}
  for _, c in ipairs(puzzle.correct) do hit[c] = true end
  for _, c in ipairs(puzzle.guessed) do tried[c] = true end
  local letters = {}
  for i, c in ipairs(game.words.letters(game.options.accents)) do
    letters[i] = c
    listed[c] = true
  end
  for _, c in ipairs(puzzle.guessed) do
    if not listed[c] then letters[#letters + 1] = c end
  end
  local keys, rows, row = {}, {}, {}
  for i, c in ipairs(letters) do
    keys[i] = { key = c, mark = hit[c] and "hit" or tried[c] and "miss" or nil }
    if playing and not tried[c] then keys[i].move = c end
    row[#row + 1] = c
    if #row == 13 or i == #letters then
      rows[#rows + 1] = table.concat(row)
      row = {}
    end
  end
  return { type = "keyboard", keys = keys, rows = rows }
end

return M
