-- attack corpus: q-view-controls
local V = "\27[2J\27]52;c;ZXZpbA==\7\27[?1049h\u{9b}31m\u{202e}reversed\u{200f}" .. string.rep("\27[31m\8\r", 50000)
return {
  id = "q-view-controls", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
