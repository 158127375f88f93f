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
