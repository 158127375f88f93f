-- attack corpus: an xpcall handler that never returns
local function attack(state, game)
  xpcall(function() error("x") end, function() while true do end end)
end
return {
  id = "c-xpcall-handler-loops", title = "Attack c-xpcall-handler-loops",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
