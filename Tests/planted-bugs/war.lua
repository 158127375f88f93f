-- War for two: each seat flips the top card of its pile; the higher card takes both, to the
-- bottom of its pile (a tie leaves them for the next flip). An empty pile, or six rounds,
-- ends the game; the longer pile wins.

local ROUNDS = 6

---@type Rule
return {
  id = "war", title = "War",
  players = 2,
  turn = function(state) return state.turn end,

  setup = function(game)
    local deck = game.shuffle(game.cards.standard())
    local piles = { {}, {} }
    for i = 1, 20 do game.cards.move(deck, piles[i % 2 + 1]) end   -- ten cards each
    return { piles = piles, table = {}, turn = 1, rounds = 0 }
  end,

  view = function(state, game, seat)
    return ("Your pile: %d cards. Theirs: %d. Table: %s"):format(#state.piles[seat], #state.piles[3 - seat],
      #state.table > 0 and game.cards.show(state.table) or "empty")
  end,

  moves = function() return { "flip" } end,

  play = function(state, input, game, seat)
    if input ~= "flip" then game.refuse("type flip") end
    local card = game.cards.turn_up(game.cards.move(state.piles[seat], state.table))
    card.by = seat
    if seat == 1 then state.turn = 2 return end
    state.turn = 1
    state.rounds = state.rounds + 1
    local order = game.cards.compare(state.table[2], state.table[1])   -- seat 1's card, seat 2's
    if order == 0 then game.say("War! The cards stay.") return end
    local winner = order > 0 and 1 or 2
    while #state.table > 0 do
      game.cards.put(state.piles[winner], game.cards.turn_down(game.cards.take(state.table, 1)), "bottom")
    end
    game.say(("Seat %d takes the cards."):format(winner))
  end,

  result = function(state)
    local a, b = #state.piles[1], #state.piles[2]
    if a > 0 and b > 0 and state.rounds < ROUNDS then return nil end
    local winner = a > b and 1 or b > a and 2 or "draw"
    return { winner = winner, scores = { a, b }, summary = ("Piles: %d and %d."):format(a, b) }
  end,
}
