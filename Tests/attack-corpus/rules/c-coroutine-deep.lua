-- attack corpus: coroutines resuming coroutines without end
local function attack(state, game)
  local function f() return coroutine.wrap(f)() end
  f()
end
return {
  id = "c-coroutine-deep", title = "Attack c-coroutine-deep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
