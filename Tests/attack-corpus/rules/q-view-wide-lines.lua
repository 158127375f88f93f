-- attack corpus: q-view-wide-lines
local V = string.rep(string.rep("\u{6F22}", 2000) .. "\n", 170)
return {
  id = "q-view-wide-lines", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
