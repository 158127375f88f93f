-- attack corpus: a sort comparator that never returns
local function attack(state, game)
  local t = { 3, 1, 2, 5, 4 }
  table.sort(t, function(a, b) while true do end end)
end
return {
  id = "c-sort-loop-cmp", title = "Attack c-sort-loop-cmp",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
