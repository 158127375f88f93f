-- attack corpus: q-view-1mb-word
local V = string.rep("w", 1024 * 1024 - 100)
return {
  id = "q-view-1mb-word", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
