-- attack corpus: m-reward-flood
local keep = {}
return {
  id = "m-reward-flood", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 1e9 do game.reward(1, 1e300); game.reward(1, -1e300) end
  end,
  result = function() end,
}
