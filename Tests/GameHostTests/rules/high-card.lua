---@type Rule
return {
  id = "high-card", title = "High Card",
  players = 2,
  turn = function(state) return state.turn end,
  setup = function(game)
    local deck = game.shuffle(game.cards.standard())
    local hands = { game.cards.give({ game.cards.draw(deck) }, 1), game.cards.give({ game.cards.draw(deck) }, 2) }
    return { hands = hands, deck = deck, turn = 1 }
  end,
  view = function(state, game, seat)
    return "Your card: " .. game.cards.show(state.hands[seat]) .. "  Theirs: " .. game.cards.show(state.hands[3 - seat])
  end,
  moves = function(state) return { "show" } end,
  play = function(state, input, game, seat)
    if input ~= "show" then game.refuse("say show") end
    game.cards.turn_up(state.hands[seat][1])
    state.turn = seat == 1 and 2 or nil
  end,
  result = function(state, game)
    if state.turn then return nil end
    local a, b = state.hands[1][1], state.hands[2][1]
    local c = game.cards.compare(a, b)
    return { winner = c > 0 and 1 or c < 0 and 2 or "draw", summary = game.cards.show({ a, b }) }
  end,
}
