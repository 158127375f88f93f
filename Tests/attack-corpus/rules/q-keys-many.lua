-- attack corpus: q-keys-many
local keys = {}
for i = 1, 100000 do keys["k" .. i] = "go" end
for i = 32, 126 do keys[string.char(i)] = "go" end
return {
  id = "q-keys-many", title = "Attack", keys = keys,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
