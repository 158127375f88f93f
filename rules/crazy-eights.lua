-- Crazy Eights for 2 to 4 seats, on the host's standard cards (docs/lua-api.md, "Cards" and
-- "Seats"). The host shuffles, moves and hides the cards: each hand lies face down and belongs
-- to its seat (game.cards.give), the stock lies face down and is nobody's, the discard pile
-- lies face up. So every seat's observation shows its own hand, the discard pile and how many
-- cards the other hands and the stock hold, and nothing else, with no `observe` hook. This
-- file is the table's rules, the scoring, the view and a bot.
--
-- Choices where the rule book is silent:
-- * A card is typed rank first, then suit: a, 2-10, j, q, k, then c, d, h, s or the suit's
--   sign, in any case, spaces ignored (7h, 10♠, QD, 7 ♥). /moves names each playable card in
--   the short form (7h), in the order of the hand.
-- * A hand is kept sorted as a new deck lies (spades, hearts, diamonds, clubs; ace to king), so
--   a drawn card takes its place in the hand and the list of moves keeps a stable order.
-- * An eight turned up to start the discard pile goes back into the stock at a random place
--   below the stock's top card, so the next card turned is another one.
-- * An eight is played as one move and its suit called as the next move of the same seat
--   (clubs, diamonds, hearts, spades or c, d, h, s). The call holds until the next card is
--   played: only that suit or another eight may follow. An eight that is its player's last
--   card wins at once, with no call.
-- * A seat that has drawn may play any playable card (the drawn one or another) or pass; the
--   face of the drawn card is told to its drawer alone.
-- * The stock is refilled from the discard pile (all but its top card) when a seat draws from
--   an empty stock.
-- * With nothing left to draw (an empty stock, and a discard pile that is only its top card) a
--   seat may pass whether or not it could play, as rule 4 words it. A pass adds one to a count
--   of passes in a row that any card played or drawn sets back to none; when the count reaches
--   the number of seats (every seat has passed in turn with nothing played or drawn between)
--   the game is blocked.
-- * A blocked game with a tie for the lowest hand is a shared win: each of those seats scores
--   the difference to every higher hand.
-- * Each game is scored on its own; the session keeps no running total. When a game ends every
--   hand is turned face up, as players show their cards for the count.
-- * The ranking orders the seats by what their hands hold at the end, lowest (the winner) first;
--   equal hands share a place.

local SUITS = { "spades", "hearts", "diamonds", "clubs" }          -- a new deck's order
local CALLS = { "clubs", "diamonds", "hearts", "spades" }          -- as the moves list them
local SUIT_PLACE = { spades = 1, hearts = 2, diamonds = 3, clubs = 4 }
local SUIT_LETTER = { spades = "s", hearts = "h", diamonds = "d", clubs = "c" }
local SUIT_SIGN = { spades = "♠", hearts = "♥", diamonds = "♦", clubs = "♣" }
local RANK_NAME = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }

-- What a typed suit means: its letter, its name, its sign (black or white), lower case.
local SUIT_OF = {
  s = "spades", h = "hearts", d = "diamonds", c = "clubs",
  spades = "spades", hearts = "hearts", diamonds = "diamonds", clubs = "clubs",
  ["♠"] = "spades", ["♥"] = "hearts", ["♦"] = "diamonds", ["♣"] = "clubs",
  ["♤"] = "spades", ["♡"] = "hearts", ["♢"] = "diamonds", ["♧"] = "clubs",
}
local RANK_OF = { a = 1, j = 11, q = 12, k = 13 }
for rank = 2, 10 do RANK_OF[tostring(rank)] = rank end

-- Rule 6: what a card left in a hand is worth.
local function value(card)
  if card.rank == 8 then return 50 end
  if card.rank >= 11 then return 10 end
  return card.rank
end

local function hand_value(hand)
  local sum = 0
  for _, card in ipairs(hand) do sum = sum + value(card) end
  return sum
end

-- The move that plays a card: "7h", "10s", "qd", "as".
local function short_name(card)
  return RANK_NAME[card.rank]:lower() .. SUIT_LETTER[card.suit]
end

-- A card as the host labels it ("7♥", or "7H" under --ascii), for cards we have only by rank
-- and suit (one typed but not held).
local function label_of(rank, suit, game)
  return RANK_NAME[rank] .. (game.ascii and SUIT_LETTER[suit]:upper() or SUIT_SIGN[suit])
end

-- A suit in a sentence: its sign, or its name under --ascii.
local function suit_text(suit, game)
  return game.ascii and suit or SUIT_SIGN[suit]
end

-- The rank and suit a typed card names, or nil.
local function parse_card(input)
  local text = input:lower():gsub("%s+", "")
  local rank, suit = text:match("^(10)(.+)$")
  if not rank then rank, suit = text:match("^([%daqjk])(.+)$") end
  if not rank or not RANK_OF[rank] or not SUIT_OF[suit] then return nil end
  return RANK_OF[rank], SUIT_OF[suit]
end

local function in_deck_order(a, b)
  if a.suit ~= b.suit then return SUIT_PLACE[a.suit] < SUIT_PLACE[b.suit] end
  return a.rank < b.rank
end

local function seat_after(state, seat)
  return seat % state.seats + 1
end

local function top(state)
  return state.discard[1]
end

-- Rule 3: an eight on anything; otherwise the called suit after an eight, else the top card's
-- rank or suit.
local function playable(state, card)
  if card.rank == 8 then return true end
  if state.called then return card.suit == state.called end
  local up = top(state)
  return card.rank == up.rank or card.suit == up.suit
end

-- Rule 4: a draw needs a card in the stock, or discards under the top card to refill it.
local function can_draw(state)
  return not state.drawn and (#state.stock > 0 or #state.discard > 1)
end

-- Rule 4: a pass comes after a draw, or when nothing is left to draw.
local function can_pass(state)
  return state.drawn or (#state.stock == 0 and #state.discard <= 1)
end

-- The next seat's turn: it has not drawn yet.
local function next_turn(state)
  state.turn = seat_after(state, state.turn)
  state.drawn = false
end

-- The game is over: every hand is shown, and the winners (the seat that went out, or the
-- lowest hands of a blocked game) score.
local function finish(state, game, winners)
  state.over = true
  state.values = {}
  for seat, hand in ipairs(state.hands) do
    state.values[seat] = hand_value(hand)
    for _, card in ipairs(hand) do game.cards.turn_up(card) end
  end
  local low = state.values[winners[1]]
  state.points = {}
  for seat = 1, state.seats do state.points[seat] = 0 end
  for _, winner in ipairs(winners) do
    for seat = 1, state.seats do state.points[winner] = state.points[winner] + state.values[seat] - low end
  end
  state.winners = winners
end

-- Rule 6, a blocked game: the lowest hands win.
local function finish_blocked(state, game)
  local low = math.huge
  for _, hand in ipairs(state.hands) do low = math.min(low, hand_value(hand)) end
  local winners = {}
  for seat, hand in ipairs(state.hands) do
    if hand_value(hand) == low then winners[#winners + 1] = seat end
  end
  state.blocked = true
  game.say("No one can play or draw: the game is blocked.")
  finish(state, game, winners)
end

local function play_card(state, game, seat, input)
  local rank, suit = parse_card(input)
  if not rank then
    game.refuse(("'%s' is not a card, draw or pass: type a card such as 7h or 10%s"):format(input, suit_text("spades", game)))
  end
  local hand = state.hands[seat]
  local at
  for i, card in ipairs(hand) do
    if card.rank == rank and card.suit == suit then at = i end
  end
  if not at then game.refuse(("you do not hold %s"):format(label_of(rank, suit, game))) end
  local card = hand[at]
  if not playable(state, card) then
    if state.called then
      game.refuse(("%s is not a %s, the suit called: play a %s or an eight"):format(
        card.label, suit_text(state.called, game), suit_text(state.called, game)))
    end
    local up = top(state)
    game.refuse(("%s matches neither %s nor %s"):format(card.label, up.name, suit_text(up.suit, game)))
  end
  game.cards.take(hand, at)
  card.owner = nil                 -- face up on the pile: everyone's to see
  game.cards.turn_up(card)
  game.cards.put(state.discard, card)
  state.called = nil
  state.passes = 0
  game.say(("%s plays %s"):format(game.name(seat), card.label))
  if #hand == 0 then
    game.say(("%s has no cards left."):format(game.name(seat)))
    finish(state, game, { seat })
  elseif card.rank == 8 then
    state.calling = true           -- the same seat calls a suit next
  else
    next_turn(state)
  end
end

local function draw(state, game, seat)
  if state.drawn then game.refuse("you have drawn already this turn: play a card or pass") end
  if not can_draw(state) then game.refuse("there is nothing left to draw: play a card or pass") end
  if #state.stock == 0 then
    game.cards.refill(state.stock, state.discard)     -- rule 5
    game.say("The discard pile but its top card is shuffled into a new stock.")
  end
  local card = game.cards.give(game.cards.draw(state.stock), seat)
  local hand = state.hands[seat]
  hand[#hand + 1] = card
  table.sort(hand, in_deck_order)
  state.drawn = true
  state.passes = 0
  game.say(("%s draws a card"):format(game.name(seat)))
  game.say_to(seat, ("You draw %s"):format(card.label))
end

local function pass(state, game, seat)
  if not can_pass(state) then
    game.refuse("draw a card first: you may pass only after drawing, or when nothing is left to draw")
  end
  state.passes = state.passes + 1
  game.say(("%s passes"):format(game.name(seat)))
  if state.passes >= state.seats then
    finish_blocked(state, game)
  else
    next_turn(state)
  end
end

local function call_suit(state, game, seat, input)
  local suit = SUIT_OF[input:lower():gsub("%s+", "")]
  if not suit then game.refuse("call a suit for your eight: clubs, diamonds, hearts or spades (c, d, h, s)") end
  state.called = suit
  state.calling = false
  game.say(("%s calls %s"):format(game.name(seat), suit))
  next_turn(state)
end

-- For the bot: how many non-eights of each suit the hand holds, and the points in them.
local function suit_counts(hand)
  local count, points = {}, {}
  for _, suit in ipairs(SUITS) do count[suit], points[suit] = 0, 0 end
  for _, card in ipairs(hand) do
    if card.rank ~= 8 then
      count[card.suit] = count[card.suit] + 1
      points[card.suit] = points[card.suit] + value(card)
    end
  end
  return count, points
end

-- The suit the hand holds most of (then the one with most points to shed, then deck order).
local function longest_suit(hand)
  local count, points = suit_counts(hand)
  local best = SUITS[1]
  for _, suit in ipairs(SUITS) do
    if count[suit] > count[best] or (count[suit] == count[best] and points[suit] > points[best]) then best = suit end
  end
  return best
end

---@type Rule
return {
  id = "crazy-eights",
  title = "Crazy Eights",
  about = "Match the top card by rank or suit, eights are wild: the first to play every card wins.",
  rules = [[
2 to 4 seats, one 52-card deck. Two seats get 7 cards each, three or four get 5 each; the next
card turned up starts the discard pile (an eight goes back into the stock). The deal passes
left each game, and play goes left from the dealer.
On your turn play a card that matches the top card's rank or suit, such as 7h, 10s, qd or 7♥.
An eight is wild: play it on anything and call the suit that must follow (clubs, diamonds,
hearts, spades, or c, d, h, s).
Instead of playing you may draw one card (draw); then play a card that matches, or pass. You
may pass without drawing only when nothing is left to draw. An empty stock is refilled from
the discard pile under its top card.
The first seat to play its last card wins and scores the cards left in the other hands: an
eight 50, a king, queen or jack 10, an ace 1, any other card its number. If every seat passes
in a row, the game is blocked: the lowest hand wins and scores the difference to each other
hand.]],

  players = { min = 2, max = 4 },

  turn = function(state) return state.turn end,

  setup = function(game)
    local seats = game.players
    local deck = game.shuffle(game.cards.standard())      -- rule 1
    -- Seat 1 deals the first game; the deal passes left each game after.
    local dealer = (game.game_number - 1) % seats + 1
    local first = dealer % seats + 1
    -- Rule 1: one card at a time round the table, from the dealer's left.
    local dealt = game.cards.deal(deck, seats, seats == 2 and 7 or 5)
    local hands = {}
    for k, hand in ipairs(dealt) do
      table.sort(hand, in_deck_order)
      hands[(first + k - 2) % seats + 1] = game.cards.give(hand, (first + k - 2) % seats + 1)
    end
    -- Rule 2: an eight turned up goes back into the stock, at a random place below the top.
    local starter = game.cards.draw(deck)
    while starter.rank == 8 do
      -- Every seat sees it (turned up, then down: seen), so it is no secret in the stock.
      game.cards.turn_down(game.cards.turn_up(starter))
      game.say(("%s is turned up and goes back into the stock."):format(starter.label))
      table.insert(deck, game.random(2, #deck + 1), starter)
      starter = game.cards.draw(deck)
    end
    game.cards.turn_up(starter)
    return {
      seats = seats, dealer = dealer, turn = first,
      hands = hands, stock = deck, discard = { starter },
      called = nil, calling = false, drawn = false, passes = 0, over = false,
    }
  end,

  moves = function(state, game, seat)
    if state.over or seat ~= state.turn then return {} end
    if state.calling then return { table.unpack(CALLS) } end
    local list = {}
    for _, card in ipairs(state.hands[seat]) do
      if playable(state, card) then list[#list + 1] = short_name(card) end
    end
    if can_draw(state) then list[#list + 1] = "draw" end
    if can_pass(state) then list[#list + 1] = "pass" end
    return list
  end,

  play = function(state, input, game, seat)
    local word = input:lower()
    if state.calling then
      call_suit(state, game, seat, input)
    elseif word == "draw" then
      draw(state, game, seat)
    elseif word == "pass" then
      pass(state, game, seat)
    else
      play_card(state, game, seat, input)
    end
  end,

  -- The top of the discard pile, how many cards the stock and the other hands hold, your hand
  -- (a tap plays a card that may be played now), and buttons to draw, pass or call a suit.
  -- Once the game is over every hand lies face up and is shown.
  view = function(state, game, seat)
    local dot = game.ascii and " - " or " · "
    local up = top(state)
    local mine = seat == state.turn and not state.over
    local elements = {
      { type = "heading",
        text = ("Crazy Eights%sgame %d%s%s deals"):format(dot, game.game_number, dot, game.name(state.dealer)) },
      "Top card:",
      { type = "cards", cards = { { face = up.label, id = short_name(up) } }, label = "the top of the discard pile" },
    }
    if state.called then elements[#elements + 1] = ("Suit called: %s"):format(suit_text(state.called, game)) end
    elements[#elements + 1] = { type = "meter", name = "Stock", value = #state.stock }
    elements[#elements + 1] = { type = "meter", name = "Discards", value = #state.discard }
    for s, hand in ipairs(state.hands) do
      local count = #hand == 1 and "card" or "cards"
      if s == seat or state.over then
        local whose = s == seat and ("Your hand, %s"):format(game.name(s)) or game.name(s)
        elements[#elements + 1] = ("%s (%d %s):"):format(whose, #hand, count)
        local cards = {}
        for i, card in ipairs(hand) do
          cards[i] = { face = card.label, id = short_name(card) }
          if s == seat and mine and not state.calling and playable(state, card) then
            cards[i].selectable = true
            cards[i].move = short_name(card)
          end
        end
        local label = s == seat and "your hand" or ("%s's hand"):format(game.name(s))
        elements[#elements + 1] = { type = "cards", cards = cards, label = label }
      else
        -- Another seat's hand lies face down: how many cards it holds, and nothing else.
        elements[#elements + 1] = { type = "meter", name = game.name(s), value = #hand, unit = count }
      end
    end
    local turn = state.turn
    if state.over then
      elements[#elements + 1] = "The game is over."
    elseif mine then
      if state.calling then
        elements[#elements + 1] = "Call a suit:"
        local buttons = {}
        for i, suit in ipairs(CALLS) do
          local name = suit:gsub("^%l", string.upper)
          buttons[i] = { text = game.ascii and name or SUIT_SIGN[suit] .. " " .. name, move = suit, key = SUIT_LETTER[suit] }
        end
        elements[#elements + 1] = { type = "buttons", buttons = buttons }
      else
        local match = state.called and suit_text(state.called, game) or (up.name .. " or " .. suit_text(up.suit, game))
        elements[#elements + 1] = ("Match %s, or play an eight."):format(match)
        elements[#elements + 1] = state.drawn and "You drew: play a card, or pass."
          or can_draw(state) and "Your turn: play a card, or draw."
          or "Your turn: play a card, or pass."
        local buttons = {}
        if can_draw(state) then buttons[#buttons + 1] = { text = "Draw", move = "draw" } end
        if can_pass(state) then buttons[#buttons + 1] = { text = "Pass", move = "pass" } end
        elements[#elements + 1] = { type = "buttons", buttons = buttons }
      end
    else
      local doing = state.calling and "%s to call a suit." or "%s to play."
      elements[#elements + 1] = doing:format(game.name(turn))
    end
    return elements
  end,

  result = function(state, game)
    if not state.over then return nil end
    local order = {}
    for seat = 1, state.seats do order[seat] = seat end
    table.sort(order, function(a, b)
      if state.values[a] ~= state.values[b] then return state.values[a] < state.values[b] end
      return a < b
    end)
    -- The lowest hand first; equal hands share a place.
    local places = {}
    for _, seat in ipairs(order) do
      local place = places[#places]
      if place and state.values[place[1]] == state.values[seat] then
        place[#place + 1] = seat
      else
        places[#places + 1] = { seat }
      end
    end
    local ranking = {}
    for i, place in ipairs(places) do ranking[i] = #place == 1 and place[1] or place end
    local winners = state.winners
    local points = state.points[winners[1]]
    local summary
    if not state.blocked then
      summary = ("%s wins and scores %d."):format(game.name(winners[1]), points)
    elseif #winners == 1 then
      summary = ("Blocked: %s has the lowest hand (%d) and scores %d."):format(game.name(winners[1]),
        state.values[winners[1]], points)
    else
      local names = {}
      for i, seat in ipairs(winners) do names[i] = game.name(seat) end
      summary = ("Blocked: %s share the lowest hand (%d) and score %d each."):format(
        table.concat(names, ", ", 1, #names - 1) .. " and " .. names[#names], state.values[winners[1]], points)
    end
    return {
      winner = #winners == 1 and winners[1] or winners,
      scores = state.points, score = points, ranking = ranking, summary = summary,
    }
  end,

  -- A player may ask the host's search player for a move (/hint).
  search = { hints = true },

  -- The rule's own player: a matching card that is not an eight when it has one (of the suit
  -- it holds most of, then the one worth most, to shed points); an eight only when nothing
  -- else matches, calling its longest suit; a draw when it cannot play; a pass only when it
  -- must.
  bot = function(state, game, seat)
    local hand = state.hands[seat]
    if state.calling then return longest_suit(hand) end
    local count = suit_counts(hand)
    local best, eight
    for _, card in ipairs(hand) do
      if playable(state, card) then
        if card.rank == 8 then
          eight = eight or card
        elseif not best or count[card.suit] > count[best.suit]
          or (count[card.suit] == count[best.suit] and value(card) > value(best)) then
          best = card
        end
      end
    end
    local card = best or eight
    if card then return short_name(card) end
    return can_draw(state) and "draw" or "pass"
  end,
}
