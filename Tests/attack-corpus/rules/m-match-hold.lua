-- attack corpus: m-match-hold
local keep = {}
return {
  id = "m-match-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 1e9 do keep[#keep + 1] = game.match.new(999) end
  end,
  result = function() end,
}
