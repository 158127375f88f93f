-- attack corpus: a __call chain inside nested coroutines
local function attack(state, game)
  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  local co = coroutine.wrap(function() return coroutine.wrap(function() return t() end)() end)
  co()
end
return {
  id = "c-call-in-coroutine", title = "Attack c-call-in-coroutine",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
