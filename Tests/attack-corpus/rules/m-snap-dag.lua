-- attack corpus: m-snap-dag
return {
  id = "m-snap-dag", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
    local cur = { leaf = true }
    for i = 1, 60 do cur = { a = cur, b = cur } end
    state.dag = cur
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    state.dag.a.a.extra = state.n
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
