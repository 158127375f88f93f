-- attack corpus: m-say-to-flood
return {
  id = "m-say-to-flood", title = "Attack", players = 8,
  turn = function(state) return 1 end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state, game, seat) return { "go" } end,
  play = function(state, input, game, seat)
    state.n = state.n + 1
    local s = string.rep("t", 65536)
    for i = 1, 1e6 do game.say_to(i % 8 + 1, s) end
  end,
  bot = function(state, game, seat) return "go" end,
  result = function() end,
}
