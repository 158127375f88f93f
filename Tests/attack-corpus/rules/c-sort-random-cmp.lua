-- attack corpus: table.sort of 200,000 items with a comparator that answers at random
local function attack(state, game)
  local t = {}
  for i = 1, 200000 do t[i] = i end
  for i = 1, 1e9 do pcall(table.sort, t, function(a, b) return math.random() < 0.5 end) end
end
return {
  id = "c-sort-random-cmp", title = "Attack c-sort-random-cmp",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
