-- attack corpus: q-commands-many
local commands = {}
for i = 1, 10000 do commands[string.rep("c", 50) .. i] = { help = string.rep("h", 1000), run = function(state) end } end
return {
  id = "q-commands-many", title = "Attack", commands = commands,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
