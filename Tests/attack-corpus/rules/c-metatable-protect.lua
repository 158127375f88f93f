-- attack corpus: __metatable lies and a protected metatable on the state
local function attack(state, game)
  state.o = setmetatable({}, { __metatable = string.rep("x", 1e6), __index = function() while true do end end })
  local _ = state.o.anything
end
return {
  id = "c-metatable-protect", title = "Attack c-metatable-protect",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
