-- attack corpus: m-cards-show-hold
local keep = {}
return {
  id = "m-cards-show-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local hand = game.cards.deck((function() local c = {} for i = 1, 10000 do c[i] = string.format("%05d", i) .. string.rep("s", 251) end return c end)())
    for i = 1, #hand do hand[i].faceUp = true end
    for i = 1, 1e9 do keep[#keep + 1] = game.cards.show(hand) end
  end,
  result = function() end,
}
