-- attack corpus: q-rules-text
return {
  id = "q-rules-text", title = "Attack",
  rules = string.rep("w", 65000),
  commands = { long = { help = string.rep("x", 1000), run = function() end } },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
