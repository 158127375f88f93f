-- attack corpus: a million live coroutines kept in the state's upvalue
local function attack(state, game)
  local keep = {}
  for i = 1, 1e7 do keep[i] = coroutine.create(function() coroutine.yield() end); coroutine.resume(keep[i]) end
end
return {
  id = "c-coroutine-many", title = "Attack c-coroutine-many",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
