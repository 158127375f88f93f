-- attack corpus: m-shuffle-big
local keep = {}
return {
  id = "m-shuffle-big", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local t = {}
    for i = 1, 100000 do t[i] = i end
    for i = 1, 1e9 do game.shuffle(t); keep[i % 10 + 1] = game.pick(t) end
  end,
  result = function() end,
}
