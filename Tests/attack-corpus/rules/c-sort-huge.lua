-- attack corpus: table.sort of five million integers, repeated
local function attack(state, game)
  local t = {}
  for i = 1, 5e6 do t[i] = (i * 7919) % 1000003 end
  for i = 1, 100 do table.sort(t) end
end
return {
  id = "c-sort-huge", title = "Attack c-sort-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
