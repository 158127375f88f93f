-- attack corpus: m-snap-deep
return {
  id = "m-snap-deep", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    local cur = state
    for i = 1, 199 do cur.d = { i = i }; cur = cur.d end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    state.d.i = state.n
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
