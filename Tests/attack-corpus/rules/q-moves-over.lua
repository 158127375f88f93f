-- attack corpus: q-moves-over
local list = {}
for i = 1, 10001 do list[i] = "m" .. i end
return {
  id = "q-moves-over", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
