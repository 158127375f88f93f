-- attack corpus: m-puzzle-hold
local keep = {}
return {
  id = "m-puzzle-hold", title = "Attack",
  words = "animals",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local w = string.rep("\u{e9}", 128)
    for i = 1, 1e9 do keep[#keep + 1] = game.words.puzzle(w) end
  end,
  result = function() end,
}
