-- attack corpus: m-snap-wide
return {
  id = "m-snap-wide", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    state.w = {}
    for i = 1, 1000000 do state.w[i] = { i } end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    state.w[state.n] = { -state.n }
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
