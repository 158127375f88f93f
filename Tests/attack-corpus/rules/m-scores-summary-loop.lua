-- attack corpus: m-scores-summary-loop
local keep = {}
return {
  id = "m-scores-summary-loop", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 100 do game.scores.submit({ board = "b" .. (i % 50), value = i }) end
    for i = 1, 1e9 do keep[i % 10 + 1] = game.scores.summary("b" .. (i % 50), 100); game.scores.best("b1") end
  end,
  result = function() end,
}
