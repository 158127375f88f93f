-- attack corpus: m-width-loop
local keep = {}
return {
  id = "m-width-loop", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local s = string.rep("\u{1F468}\u{200D}\u{1F469}", 5000) .. string.rep("\u{301}", 30)
    for i = 1, 1e9 do keep[i % 10 + 1] = game.width(s) end
  end,
  result = function() end,
}
