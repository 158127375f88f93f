-- attack corpus: a metatable whose own __index offers __gc
local function attack(state, game)
  local mt = setmetatable({}, { __index = { __gc = function() while true do end end } })
  local o = setmetatable({}, mt)
  o = nil
  collectgarbage()
end
return {
  id = "c-gc-mt-of-mt", title = "Attack c-gc-mt-of-mt",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
