-- The host API the plain-Lua baselines give a rule (Benchmarks/rps-baseline.lua,
-- Benchmarks/protocol-baseline.lua): what GameHost's `game` does for Rock · Paper · Scissors,
-- written in plain Lua for the stock lua5.4 interpreter. Returns the `game` table and a
-- function that takes the messages said since it was last called.
local messages = {}
local game = {
  options = { match = "best-of-3", opponent = "random" },
  seed = 1,
  say = function(...) messages[#messages + 1] = table.concat({ ... }, "\t") end,
  bell = function() end,
  refuse = function(reason) error({ refusal = reason }, 0) end,
  random = function(m, n) return math.random(m, n) end,
  pick = function(list) return list[math.random(#list)] end,
  now = function() return 0 end,
  match = {},
}

-- Best-of-N scoring, as GameCore's Match does it.
function game.match.length(text)
  if text == "single" then return 1 end
  local n = tonumber(text:match("^best%-of%-(%d+)$"))
  if n and n % 2 == 1 and n <= 99 then return n end
  return nil, "not a match length"
end
function game.match.new(n)
  local needed = n // 2 + 1
  return { match = n, needed = needed, wins = 0, losses = 0, ties = 0, left = needed, over = false }
end
function game.match.record(m, outcome)
  if m.over then error("the match is over") end
  if outcome == "win" then m.wins = m.wins + 1 elseif outcome == "loss" then m.losses = m.losses + 1 else m.ties = m.ties + 1 end
  m.left = m.needed - m.wins
  m.over = m.wins == m.needed or m.losses == m.needed
  m.winner = m.wins == m.needed and "player" or (m.losses == m.needed and "computer" or nil)
  return m
end

local function take_messages()
  local said = messages
  messages = {}
  return said
end

return game, take_messages
