-- The baseline for `gamehost sim rps` and `sim blackjack`: the same game loop over the same
-- rule file, run by the stock lua5.4 interpreter with the host API written in plain Lua (no
-- sandbox, no budget, no Swift). Usage: lua5.4 Benchmarks/sim-baseline.lua RULE.lua GAMES
local path, games = arg[1] or "rules/rps.lua", tonumber(arg[2] or "100000")
package.path = (path:match("^(.*/)") or "./") .. "lib/?.lua;" .. package.path  -- the rule's require
local rule = dofile(path)

local game, take_messages = dofile((arg[0]:match("^(.*/)") or "./") .. "plain-host.lua")
game.texts = rule.texts

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
    take_messages()
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
print(("%d games in %.2f s: %d games/s (player %d)"):format(games, seconds, math.floor(games / seconds), outcomes.player or 0))
