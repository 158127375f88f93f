-- attack corpus: m-snap-grow-restore
return {
  id = "m-snap-grow-restore", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    state.big = {}
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 2000 do state.big[#state.big + 1] = string.rep("g", 16384) .. i end
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
