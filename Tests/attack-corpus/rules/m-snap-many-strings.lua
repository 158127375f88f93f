-- attack corpus: m-snap-many-strings
return {
  id = "m-snap-many-strings", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    state.strs = {}
    for i = 1, 40 do state.strs[i] = string.rep(string.char(64 + i % 26), 1024 * 1024) end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    state.strs[state.n % 40 + 1] = string.rep("z", 1024 * 1024 - state.n)
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
