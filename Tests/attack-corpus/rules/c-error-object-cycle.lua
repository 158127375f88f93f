-- attack corpus: an uncaught error object that contains itself
local function attack(state, game)
  local e = { msg = "cycle" }
  e.self = e
  e.list = { e, e, e }
  error(e)
end
return {
  id = "c-error-object-cycle", title = "Attack c-error-object-cycle",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
