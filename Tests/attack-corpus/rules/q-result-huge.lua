-- attack corpus: q-result-huge
return {
  id = "q-result-huge", title = "Attack q-result-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state, game) return "n=" .. tostring(state.n) end,
  moves = function(state, game) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1 end,
  result = function(state, game) if state.n > 0 then return { summary = string.rep("r" .. string.rep("\u{301}", 30), 60000), winner = string.rep("w", 1e6), score = 1 } end end,
}
