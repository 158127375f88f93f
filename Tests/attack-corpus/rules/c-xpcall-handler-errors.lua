-- attack corpus: an xpcall handler that raises, in a loop
local function attack(state, game)
  for i = 1, 1e9 do xpcall(function() error("x") end, function(m) error(m) end) end
end
return {
  id = "c-xpcall-handler-errors", title = "Attack c-xpcall-handler-errors",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
