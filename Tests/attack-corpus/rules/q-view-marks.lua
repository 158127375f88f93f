-- attack corpus: q-view-marks
local V = string.rep("a" .. string.rep("\u{301}", 30), 16000)
return {
  id = "q-view-marks", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
