-- attack corpus: __gc rawset into a metatable after setmetatable, then collected
local function attack(state, game)
  for i = 1, 1000 do
    local mt = {}
    local o = setmetatable({}, mt)
    rawset(mt, "__gc", function() while true do end end)
  end
  collectgarbage(); collectgarbage()
end
return {
  id = "c-gc-rawset-local", title = "Attack c-gc-rawset-local",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
