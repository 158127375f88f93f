-- attack corpus: q-state-equiv-keys
return {
  id = "q-state-equiv-keys", title = "Attack",
  setup = function(game) return { n = 0, m = { ["\u{e9}"] = 1, ["e\u{301}"] = 2 } } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
