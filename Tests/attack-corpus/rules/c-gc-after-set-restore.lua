-- attack corpus: __gc added after setmetatable, in the state, restored after a failed move
return {
  id = "c-gc-after-set-restore", title = "Attack",
  setup = function(game)
    local mt = {}
    local state = { n = 0, obj = setmetatable({}, mt), objs = {} }
    mt.__gc = function() while true do end end
    for i = 1, 100 do
      local m = {}
      state.objs[i] = setmetatable({}, m)
      rawset(m, "__gc", function() while true do end end)
    end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail", "drop" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    if input == "fail" then state.obj = nil; state.objs = nil; error("fail after changing the state") end
    if input == "drop" then state.obj = nil; state.objs = nil; collectgarbage(); collectgarbage() end
  end,
  result = function(state) end,
}
