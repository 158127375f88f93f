-- attack corpus: m-observe-huge
local big = {}
for i = 1, 60 do big[i] = string.rep("o", 65536) .. i end
return {
  id = "m-observe-huge", title = "Attack",
  observe = function(state, game, seat) return { big = big, n = state.n } end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
