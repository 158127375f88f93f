-- attack corpus: q-moves-prefixes
local list = {}
for i = 1, 10000 do list[i] = string.rep("p", i % 4000 + 1) .. i end
return {
  id = "q-moves-prefixes", title = "Attack",
  keys = { a = list[1], b = list[2] },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
