-- attack corpus: q-title-marks
return {
  id = "q-title-marks", title = "T" .. string.rep("\u{301}", 60),
  about = "A" .. string.rep("\u{301}", 400),
  rules = string.rep("r" .. string.rep("\u{301}", 30), 1000),
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
