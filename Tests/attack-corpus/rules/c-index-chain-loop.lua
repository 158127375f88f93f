-- attack corpus: an __index chain of 1,999 links, looked up in a loop
local function attack(state, game)
  local cur = {}
  local t = cur
  for i = 1, 1999 do local nxt = {}; setmetatable(cur, { __index = nxt }); cur = nxt end
  for i = 1, 1e9 do local _ = t.missing end
end
return {
  id = "c-index-chain-loop", title = "Attack c-index-chain-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
