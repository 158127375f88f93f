-- attack corpus: a list that grows without end
local function attack(state, game)
  local t = {}
  local i = 0
  while true do i = i + 1; t[i] = { i } end
end
return {
  id = "c-table-grow", title = "Attack c-table-grow",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
