-- attack corpus: an uncaught error object whose __tostring never returns
local function attack(state, game)
  error(setmetatable({}, { __tostring = function() while true do end end }))
end
return {
  id = "c-error-object-tostring", title = "Attack c-error-object-tostring",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
