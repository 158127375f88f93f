-- Goofspiel (sealed bids) for 2 or 3 seats. Each seat holds the ace to six of one suit; the
-- diamonds, ace to six, are the prizes, shuffled face down. Each round one prize is turned up
-- and every seat bids a card of its hand at once, face down ("bid 4"). When all have bid the
-- bids are shown: the one highest bid takes the prize's value (a tie for highest takes
-- nothing) and the bids are laid aside face up. After six rounds the most points win.

local SUITS = { "spades", "hearts", "clubs" }

local function by_suit(deck, suit)
  local cards = {}
  for _, card in ipairs(deck) do
    if card.suit == suit and card.rank <= 6 then cards[#cards + 1] = card end
  end
  return cards
end

-- Every seat has bid: show the bids, score the prize, turn up the next one.
local function settle(state, game)
  local best, winner, said = 0, nil, {}
  for seat = 1, state.seats do
    local bid = game.cards.turn_up(state.bids[seat])
    said[#said + 1] = ("seat %d %s"):format(seat, bid.label)
    if bid.rank > best then best, winner = bid.rank, seat elseif bid.rank == best then winner = nil end
    state.played[#state.played + 1] = bid
    state.bids[seat] = nil
  end
  local prize = state.prize
  if winner then state.points[winner] = state.points[winner] + prize.rank end
  game.say(("Bids: %s. %s"):format(table.concat(said, ", "),
    winner and ("Seat %d takes %s."):format(winner, prize.label) or "A tie: nobody takes " .. prize.label .. "."))
  state.round = state.round + 1
  state.taken[#state.taken + 1] = prize
  state.prize = #state.prizes > 0 and game.cards.turn_up(game.cards.draw(state.prizes)) or nil
end

---@type Rule
return {
  id = "goofspiel", title = "Goofspiel",
  players = { min = 2, max = 3 },

  -- Every seat that has not bid this round bids at once.
  turn = function(state)
    if not state.prize then return {} end
    local seats = {}
    for seat = 1, state.seats do if not state.bids[seat] then seats[#seats + 1] = seat end end
    return seats
  end,

  setup = function(game)
    local deck = game.cards.standard()
    local state = { seats = game.players, hands = {}, bids = {}, points = {}, played = {}, taken = {}, round = 1 }
    for seat = 1, state.seats do
      state.hands[seat] = game.cards.give(by_suit(deck, SUITS[seat]), seat)
      state.points[seat] = 0
    end
    -- The prizes are diamonds, which no seat bids with.
    state.prizes = game.shuffle(by_suit(deck, "diamonds"))
    state.prize = game.cards.turn_up(game.cards.draw(state.prizes))
    return state
  end,

  view = function(state, game, seat)
    local hand = {}
    for i, card in ipairs(state.hands[seat]) do hand[i] = card.label end
    local lines = {
      ("Round %d. Prize: %s. Prizes left: %d."):format(state.round, state.prize and state.prize.label or "none",
        #state.prizes),
      "Your hand: " .. (#hand > 0 and table.concat(hand, " ") or "empty"),
      "Your bid: " .. (state.bids[seat] and state.bids[seat].label or "none yet"),
    }
    for other = 1, state.seats do
      if other ~= seat then
        local bid = state.bids[other] and "has bid" or "to bid"
        lines[#lines + 1] = ("Seat %d: %d points, %s"):format(other, state.points[other], bid)
      end
    end
    return table.concat(lines, "\n")
  end,

  moves = function(state, game, seat)
    if state.bids[seat] or not state.prize then return {} end
    local moves = {}
    for _, card in ipairs(state.hands[seat]) do moves[#moves + 1] = "bid " .. card.name end
    return moves
  end,

  play = function(state, input, game, seat)
    if state.bids[seat] then game.refuse("you have bid this round: wait for the others") end
    local name = input:match("^bid (%w+)$")
    if not name then game.refuse("bid a card of your hand: bid A, bid 2 ... bid 6") end
    local hand = state.hands[seat]
    for i, card in ipairs(hand) do
      if card.name == name then
        state.bids[seat] = game.cards.take(hand, i)
        game.say(("Seat %d bids."):format(seat))
        for other = 1, state.seats do if not state.bids[other] then return end end
        settle(state, game)
        return
      end
    end
    game.refuse(("you hold no %s"):format(name))
  end,

  -- The bot bids the card whose value is nearest the prize's (the lower of two as near).
  bot = function(state, game, seat)
    local best
    for _, card in ipairs(state.hands[seat]) do
      if not best or math.abs(card.rank - state.prize.rank) < math.abs(best.rank - state.prize.rank) then best = card end
    end
    return "bid " .. best.name
  end,

  result = function(state)
    if state.prize then return nil end
    local best, winners = -1, {}
    for seat = 1, state.seats do
      if state.points[seat] > best then best, winners = state.points[seat], { seat }
      elseif state.points[seat] == best then winners[#winners + 1] = seat end
    end
    return { winner = #winners == 1 and winners[1] or winners, scores = state.points,
             summary = ("Points: %s."):format(table.concat(state.points, ", ")) }
  end,
}
