-- attack corpus: table.remove from the front of a 5-million-item list, over and over
local function attack(state, game)
  local t = {}
  for i = 1, 5e6 do t[i] = i end
  for i = 1, 5e6 do table.remove(t, 1) end
end
return {
  id = "c-remove-shift", title = "Attack c-remove-shift",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
