-- attack corpus: _ENV set to nil, then a global touched
local function attack(state, game)
  local _ENV = nil
  x = 1
end
return {
  id = "c-env-nil", title = "Attack c-env-nil",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
