-- Shared by the word games (Apple Pie, Hangman).

local M = {}

-- The letters a to z not guessed yet: what /moves offers. (Any letter of any script is
-- accepted as a guess; listing a to z keeps /moves from giving a word's letters away.)
function M.unguessed(guessed)
  local seen, moves = {}, {}
  for _, g in ipairs(guessed) do seen[g] = true end
  for c in ("abcdefghijklmnopqrstuvwxyz"):gmatch(".") do
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
