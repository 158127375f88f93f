-- attack corpus: m-cards-deck-hold
local keep = {}
return {
  id = "m-cards-deck-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local contents = {}
    for i = 1, 10000 do contents[i] = string.format("%05d", i) .. string.rep("c", 251) end
    for i = 1, 1e9 do keep[#keep + 1] = game.cards.deck(contents, 100) end
  end,
  result = function() end,
}
