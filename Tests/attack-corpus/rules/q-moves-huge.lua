-- attack corpus: q-moves-huge
local list = {}
for i = 1, 10000 do list[i] = string.format("%05d", i) .. string.rep("m", 4091) end
return {
  id = "q-moves-huge", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
