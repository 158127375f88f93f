-- attack corpus: r-counter
return {
  id = "r-counter", title = "Counter",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    if input ~= "go" then return game.refuse("type go") end
    state.n = state.n + 1
    local r = game.scores.load("counter") or { played = 0, deep = { hits = 0 }, list = { 0, 0 } }
    r.played = r.played + 1
    r.deep.hits = r.deep.hits + 2
    r.list[1] = r.list[1] + 1
    game.scores.save("counter", r)
    game.scores.submit({ board = "moves", value = state.n })
  end,
  result = function() end,
}
