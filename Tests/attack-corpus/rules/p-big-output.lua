-- attack corpus: p-big-output
return {
  id = "p-big-output", title = "Big steps",
  setup = function(game) return { n = 0 } end,
  view = function(state) return string.rep("view line of text\n", 30000) end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; for i = 1, 15 do game.say(string.rep("x", 60000)) end end,
  result = function(state) return nil end,
}
