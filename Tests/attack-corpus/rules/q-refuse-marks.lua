-- attack corpus: q-refuse-marks
return {
  id = "q-refuse-marks", title = "Attack q-refuse-marks",
  setup = function(game) return { n = 0 } end,
  view = function(state, game) return "n=" .. tostring(state.n) end,
  moves = function(state, game) return { "go" } end,
  play = function(state, input, game) game.refuse(string.rep("\u{301}", 200000)) end,
  result = function(state, game) return nil end,
}
