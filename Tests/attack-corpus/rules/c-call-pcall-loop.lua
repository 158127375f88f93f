-- attack corpus: a __call chain caught by pcall, again and again
local function attack(state, game)
  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  for i = 1, 1e9 do pcall(t) end
end
return {
  id = "c-call-pcall-loop", title = "Attack c-call-pcall-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
