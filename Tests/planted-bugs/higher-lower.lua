-- Higher or Lower: say whether the next card ranks higher or lower; ten right in a row wins.
-- Aces are high; a card of the same rank does not count either way.

local GOAL = 10

---@type Rule
return {
  id = "higher-lower",
  title = "Higher or Lower",
  about = "Say whether the next card is higher or lower; ten right in a row wins.",

  -- The deck is the state's, but no program may read the cards to come.
  secret = { "deck" },

  setup = function(game)
    local deck = game.shuffle(game.cards.standard())
    local first = game.cards.turn_up(game.cards.draw(deck))
    return { deck = deck, shown = { first }, streak = 0, lost = false }
  end,

  view = function(state, game)
    return ("Cards: %s\nRight in a row: %d of %d"):format(game.cards.show(state.shown), state.streak, GOAL)
  end,

  moves = function() return { "higher", "lower" } end,

  play = function(state, input, game)
    if input ~= "higher" and input ~= "lower" then game.refuse("say higher or lower") end
    local last = state.shown[#state.shown]
    local card = game.cards.turn_up(game.cards.draw(state.deck))
    card.called = input                 -- a field of our own: it stays on the card
    state.shown[#state.shown + 1] = card
    local order = game.cards.compare(card, last)   -- -1, 0 or 1, aces high
    if order == 0 then
      game.say(card.label .. ": the same rank, it does not count.")
    elseif (order > 0) == (input == "higher") then
      state.streak = state.streak + 1
      game.say(card.label .. ": right!")
    else
      state.lost = true
      game.say(card.label .. ": wrong.")
    end
  end,

  result = function(state)
    if state.lost then
      return { winner = "computer", score = state.streak, summary = ("%d right before a miss."):format(state.streak) }
    end
    if state.streak >= GOAL then
      return { winner = "player", score = state.streak, summary = ("%d right in a row!"):format(GOAL) }
    end
  end,
}
