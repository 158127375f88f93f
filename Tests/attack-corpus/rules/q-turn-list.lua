-- attack corpus: q-turn-list
return {
  id = "q-turn-list", title = "Attack", players = 8,
  turn = function(state) local t = {} for i = 1, 100000 do t[i] = (i % 8) + 1 end return t end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
