-- attack corpus: metatables in the state, restored by the snapshot after a failed move
return {
  id = "c-state-metatable-restore", title = "T",
  setup = function(game)
    local s = { n = 0, items = {} }
    for i = 1, 200 do
      local mt = { __close = function() while true do end end, __index = function() while true do end end }
      s.items[i] = setmetatable({ i = i }, mt)
      mt.__gc = function() while true do end end
      mt.__mode = "kv"
    end
    return s
  end,
  view = function(state) return "n=" .. rawget(state, "n") end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 200 do rawset(state.items[i], "i", -i) end
    if input == "fail" then error("fail after change") end
    collectgarbage()
  end,
  result = function() end,
}
