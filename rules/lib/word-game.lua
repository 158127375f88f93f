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

-- A sorted copy of a list.
function M.sorted(list)
  local copy = {}
  for i, v in ipairs(list) do copy[i] = v end
  table.sort(copy)
  return copy
end

return M
