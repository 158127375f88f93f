-- attack corpus: p-multi-seat
return {
  id = "p-multi-seat", title = "Two seats", players = 2,
  turn = function(state) return state.turn end,
  setup = function(game) return { n = 0, turn = 1 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state, game, seat) return { "go" } end,
  play = function(state, input, game, seat) state.n = state.n + 1; state.turn = 3 - state.turn end,
  bot = function(state, game, seat) return "go" end,
  result = function(state) if state.n >= 1000000 then return { winner = 1 } end end,
}
