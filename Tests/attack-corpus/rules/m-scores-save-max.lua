-- attack corpus: m-scores-save-max
local keep = {}
return {
  id = "m-scores-save-max", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local v = string.rep("v", 60000)
    for i = 1, 200 do game.scores.save("name-" .. i, { text = v, n = i }) end
    for i = 1, 100 do keep[#keep + 1] = game.scores.load("name-" .. i) end
  end,
  result = function() end,
}
