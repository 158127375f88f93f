-- attack corpus: q-say-marks
return {
  id = "q-say-marks", title = "Attack q-say-marks",
  setup = function(game) return { n = 0 } end,
  view = function(state, game) return "n=" .. tostring(state.n) end,
  moves = function(state, game) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; local s = string.rep("s" .. string.rep("\u{301}", 30), 1000); for i = 1, 40 do game.say(s) end end,
  result = function(state, game) return nil end,
}
