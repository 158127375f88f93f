-- Hearts for four: thirteen cards each; the holder of the 2♣ leads it, and each seat in turn
-- plays a card of the suit led if it can. The highest card of the suit led takes the trick
-- and leads the next. Each heart taken costs a point and the Q♠ thirteen; hearts may not be
-- led until one has been played. After each hand the cards are dealt again, until a seat has
-- `--to` points (26, one hand, by default): the fewest points win.

local function points(card)
  if card.suit == "hearts" then return 1 end
  if card.suit == "spades" and card.rank == 12 then return 13 end
  return 0
end

-- Aces high.
local function high(card) return card.rank == 1 and 14 or card.rank end

local function short(card) return (card.name .. card.suit:sub(1, 1)):lower() end

local function deal(state, game)
  local deck = game.shuffle(game.cards.standard())
  state.hands = game.cards.deal(deck, 4, 13)
  for seat, hand in ipairs(state.hands) do
    game.cards.give(hand, seat)
    for _, card in ipairs(hand) do
      if card.suit == "clubs" and card.rank == 2 then state.turn = seat end
    end
  end
  state.trick, state.broken, state.taken = {}, false, { 0, 0, 0, 0 }
end

local function legal(state, seat)
  local hand, trick = state.hands[seat], state.trick
  local cards = {}
  if #trick == 0 then
    for _, card in ipairs(hand) do
      local first = #hand == 13 and card.suit == "clubs" and card.rank == 2
      if (#hand < 13 or first) and (card.suit ~= "hearts" or state.broken) then cards[#cards + 1] = card end
    end
    -- Nothing but hearts in hand: a heart may be led.
    if #cards == 0 and #hand < 13 then for _, card in ipairs(hand) do cards[#cards + 1] = card end end
    return cards
  end
  local led = trick[1].suit
  for _, card in ipairs(hand) do if card.suit == led then cards[#cards + 1] = card end end
  if #cards == 0 then for _, card in ipairs(hand) do cards[#cards + 1] = card end end
  return cards
end

local function finish_trick(state, game)
  local trick, best = state.trick, 1
  for i = 2, 4 do
    if trick[i].suit == trick[1].suit and high(trick[i]) > high(trick[best]) then best = i end
  end
  local winner = (state.leader + best - 2) % 4 + 1
  local won = 0
  for _, card in ipairs(trick) do won = won + points(card) end
  state.taken[winner] = state.taken[winner] + won
  local took = won > 0 and (" and %d point%s"):format(won, won == 1 and "" or "s") or ""
  game.say(("Seat %d takes the trick%s."):format(winner, took))
  state.trick = {}
  state.turn = winner
  if #state.hands[winner] > 0 then return end
  for seat = 1, 4 do state.scores[seat] = state.scores[seat] + state.taken[seat] end
  game.say(("The hand is over: %s."):format(table.concat(state.scores, ", ")))
  state.hand = state.hand + 1
  for seat = 1, 4 do if state.scores[seat] >= tonumber(game.options.to) then state.over = true end end
  if not state.over then deal(state, game) end
end

---@type Rule
return {
  id = "hearts", title = "Hearts",
  players = 4,
  options = {
    to = { choices = { "26", "50", "100" }, default = "26", help = "the points that end the game" },
  },
  turn = function(state) if not state.over then return state.turn end end,

  setup = function(game)
    local state = { scores = { 0, 0, 0, 0 }, hand = 1, over = false }
    deal(state, game)
    return state
  end,

  view = function(state, game, seat)
    local labels = {}
    for i, card in ipairs(state.hands[seat]) do labels[i] = card.label end
    local played = {}
    for i, card in ipairs(state.trick) do played[i] = card.label end
    return table.concat({
      ("Hand %d. Points: %s (this hand: %d)."):format(state.hand, table.concat(state.scores, ", "), state.taken[seat]),
      "Trick: " .. (#played > 0 and table.concat(played, " ") or "none"),
      "Your hand: " .. table.concat(labels, " "),
      ("Seat %d to play."):format(state.turn),
    }, "\n")
  end,

  moves = function(state, game, seat)
    local moves = {}
    for _, card in ipairs(legal(state, seat)) do moves[#moves + 1] = short(card) end
    return moves
  end,

  play = function(state, input, game, seat)
    local hand = state.hands[seat]
    for _, card in ipairs(legal(state, seat)) do
      if short(card) == input then
        for i, held in ipairs(hand) do if held == card then table.remove(hand, i) break end end
        if #state.trick == 0 then state.leader = seat end
        state.trick[#state.trick + 1] = game.cards.turn_up(card)
        if card.suit == "hearts" then state.broken = true end
        game.say(("Seat %d plays %s."):format(seat, card.label))
        if #state.trick == 4 then finish_trick(state, game) else state.turn = seat % 4 + 1 end
        return
      end
    end
    game.refuse("play a card you may play, as 2c or qs")
  end,

  -- The bot plays its lowest card that may be played.
  bot = function(state, game, seat)
    local best
    for _, card in ipairs(legal(state, seat)) do
      if not best or high(card) < high(best) then best = card end
    end
    return short(best)
  end,

  result = function(state)
    if not state.over then return nil end
    local low = math.huge
    for seat = 1, 4 do low = math.min(low, state.scores[seat]) end
    local winners = {}
    for seat = 1, 4 do if state.scores[seat] == low then winners[#winners + 1] = seat end end
    return { winner = #winners == 1 and winners[1] or winners, scores = state.scores,
             summary = ("Points: %s."):format(table.concat(state.scores, ", ")) }
  end,
}
