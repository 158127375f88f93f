-- attack corpus: m-say-flood
return {
  id = "m-say-flood", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local s = string.rep("m", 65536)
    for i = 1, 1e6 do game.say(s) end
  end,
  result = function() end,
}
