-- attack corpus: q-option-many
local options = {}
for i = 1, 10000 do options["o" .. i] = { choices = { "a", "b" }, default = "a", help = string.rep("h", 1000) } end
return {
  id = "q-option-many", title = "Attack", options = options,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
