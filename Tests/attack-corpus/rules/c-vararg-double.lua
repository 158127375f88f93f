-- attack corpus: a function calling itself with its varargs doubled
local function attack(state, game)
  local function f(...) return f(..., ...) end
  f(1)
end
return {
  id = "c-vararg-double", title = "Attack c-vararg-double",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
