-- attack corpus: q-text-pattern
return {
  id = "q-text-pattern", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { text = "anything", pattern = string.rep("%a?", 66) .. "%d" } end,
  play = function(state, input, game) state.n = state.n + 1; if state.n > 1e9 then return end game.refuse("no") end,
  result = function() end,
}
