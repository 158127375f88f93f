-- attack corpus: m-pad-hold
local keep = {}
return {
  id = "m-pad-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local s = string.rep("\u{301}", 30) .. "x"
    for i = 1, 1e9 do keep[#keep + 1] = game.pad(s, 1000) end
  end,
  result = function() end,
}
