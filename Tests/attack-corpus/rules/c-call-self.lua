-- attack corpus: a table whose __call is itself, set after setmetatable
local function attack(state, game)
  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  t()
end
return {
  id = "c-call-self", title = "Attack c-call-self",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
