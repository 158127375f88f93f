-- attack corpus: q-state-key-marks
return {
  id = "q-state-key-marks", title = "Attack",
  setup = function(game) return { n = 0, ["k" .. string.rep("\u{301}", 200000)] = 1, [string.rep("\u{301}", 200000) .. "z"] = 2 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
