-- attack corpus: q-view-tabs
local V = string.rep("\t", 1024 * 1024 - 100)
return {
  id = "q-view-tabs", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
