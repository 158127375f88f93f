-- attack corpus: m-words-letters-loop
local keep = {}
return {
  id = "m-words-letters-loop", title = "Attack",
  words = "russian",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 1e9 do keep[i % 100 + 1] = game.words.letters(); keep[i % 100 + 200] = game.words.find(string.rep("\u{301}", 900)) end
  end,
  result = function() end,
}
