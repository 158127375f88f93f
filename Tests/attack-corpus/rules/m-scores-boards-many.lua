-- attack corpus: m-scores-boards-many
local keep = {}
return {
  id = "m-scores-boards-many", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 100 do game.scores.submit({ board = string.format("%08d", state.n * 100 + i) .. string.rep("b", 56), value = i, label = string.rep("l", 64) }) end
  end,
  result = function() end,
}
