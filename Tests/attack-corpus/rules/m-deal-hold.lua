-- attack corpus: m-deal-hold
local keep = {}
return {
  id = "m-deal-hold", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 1e9 do
      local deck = game.cards.standard({ decks = 8 })
      keep[#keep + 1] = game.cards.deal(deck, 416, 1)
    end
  end,
  result = function() end,
}
