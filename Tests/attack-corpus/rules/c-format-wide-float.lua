-- attack corpus: %99.99f of -1e308, ten million times
local function attack(state, game)
  for i = 1, 1e9 do local _ = string.format("%99.99f", -1e308) end
end
return {
  id = "c-format-wide-float", title = "Attack c-format-wide-float",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
