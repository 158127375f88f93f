-- attack corpus: m-big-steps
local view = string.rep("v", 1000000)
return {
  id = "m-big-steps", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return view end,
  moves = function() return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; for i = 1, 15 do game.say(string.rep("s", 65536)) end end,
  result = function() end,
}
