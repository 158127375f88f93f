-- attack corpus: m-colour-hold
local keep = {}
return {
  id = "m-colour-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local s = string.rep("c", 65536)
    for i = 1, 1e9 do keep[#keep + 1] = game.colour(s, "red") end
  end,
  result = function() end,
}
