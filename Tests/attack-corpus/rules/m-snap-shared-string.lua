-- attack corpus: m-snap-shared-string
return {
  id = "m-snap-shared-string", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    local s = string.rep("s", 28 * 1024 * 1024)
    state.refs = {}
    for i = 1, 200 do state.refs[i] = s end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    state.refs[1] = state.refs[2]
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
