-- attack corpus: weak-keyed tables of objects whose metatables gain __gc later
local function attack(state, game)
  local weak = setmetatable({}, { __mode = "k" })
  local mts = {}
  for i = 1, 1000 do local mt = {}; mts[i] = mt; weak[setmetatable({}, mt)] = string.rep("v", 100) end
  for i = 1, 1000 do mts[i].__gc = function() while true do end end end
  state.weak = weak
  collectgarbage()
end
return {
  id = "c-gc-weak-ephemeron", title = "Attack c-gc-weak-ephemeron",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
