-- The baseline for `gamehost sim rps`: the same game loop over the same rule file, run by the
-- stock lua5.4 interpreter with the host API written in plain Lua (no sandbox, no budget, no
-- Swift). Usage: lua5.4 Benchmarks/rps-baseline.lua rules/rps.lua GAMES
local path, games = arg[1] or "rules/rps.lua", tonumber(arg[2] or "100000")
package.path = (path:match("^(.*/)") or "./") .. "lib/?.lua;" .. package.path  -- the rule's require
local rule = dofile(path)

local messages = {}
local game = {
  options = { match = "best-of-3", opponent = "random" },
  seed = 1,
  say = function(...) messages[#messages + 1] = table.concat({ ... }, "\t") end,
  bell = function() end,
  refuse = function(reason) error({ refusal = reason }) end,
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

local function play_one()
  local state = rule.setup(game)
  local count = 0
  while true do
    local outcome = rule.result(state, game)
    if outcome then return outcome.winner or "none", count end
    local legal = rule.moves(state, game)
    local move = legal[math.random(#legal)]
    local ok, err = pcall(rule.play, state, move, game)
    if not ok then error(err) end
    count = count + 1
    messages = {}
  end
end

math.randomseed(1)
local start = os.clock()
local outcomes = {}
for _ = 1, games do
  local winner = play_one()
  outcomes[winner] = (outcomes[winner] or 0) + 1
end
local seconds = os.clock() - start
print(("%d games in %.2f s: %d games/s (player %d, computer %d)"):format(
  games, seconds, math.floor(games / seconds), outcomes.player or 0, outcomes.computer or 0))
