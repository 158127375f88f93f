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
-- * What the game says is its `texts`, in English; crazy-eights.texts/ has them in German and
--   Japanese (--lang). Moves stay as typed in English (card codes, draw, pass, suit names), and
--   the player's own words for draw, pass and the suits (the texts' word-*, suit-*) play too.

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

-- The move that plays a card: "7h", "10s", "qd", "as"; and the card a move names. Made once:
-- moves names every playable card at each step, and play looks the move up.
local SHORT_NAME, CARD_OF = {}, {}
for suit, letter in pairs(SUIT_LETTER) do
  SHORT_NAME[suit] = {}
  for rank, name in ipairs(RANK_NAME) do
    SHORT_NAME[suit][rank] = name:lower() .. letter
    CARD_OF[name:lower() .. letter] = { rank, suit }
  end
end
local function short_name(card)
  return SHORT_NAME[card.suit][card.rank]
end

-- A card as the host labels it ("7♥", or "7H" under --ascii), for cards we have only by rank
-- and suit (one typed but not held).
local function label_of(rank, suit, game)
  return RANK_NAME[rank] .. (game.ascii and SUIT_LETTER[suit]:upper() or SUIT_SIGN[suit])
end

-- A suit in a sentence: its sign, or its name under --ascii.
local function suit_text(suit, game)
  return game.ascii and game.t("suit-" .. suit) or SUIT_SIGN[suit]
end

-- Whether `word` (typed, in lower case) is the player's language's word for text `key`
-- (draw, pass, a suit). Asked only once the English words have not matched, so a move typed
-- in English costs no text.
local function typed(word, key, game)
  return word == game.t(key):lower()
end

-- The rank and suit a typed card names, or nil. A move as /moves names it is looked up.
local function parse_card(input)
  local known = CARD_OF[input]
  if known then return known[1], known[2] end
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
  game.say(game.t("blocked"))
  finish(state, game, winners)
end

local function play_card(state, game, seat, rank, suit)
  local hand = state.hands[seat]
  local at
  for i, card in ipairs(hand) do
    if card.rank == rank and card.suit == suit then at = i end
  end
  if not at then game.refuse(game.t("not-held", { card = label_of(rank, suit, game) })) end
  local card = hand[at]
  if not playable(state, card) then
    if state.called then
      game.refuse(game.t("not-called", { card = card.label, suit = suit_text(state.called, game) }))
    end
    local up = top(state)
    game.refuse(game.t("no-match", { card = card.label, rank = up.name, suit = suit_text(up.suit, game) }))
  end
  game.cards.take(hand, at)
  card.owner = nil                 -- face up on the pile: everyone's to see
  game.cards.turn_up(card)
  game.cards.put(state.discard, card)
  state.called = nil
  state.passes = 0
  game.say(game.t("plays", { name = game.name(seat), card = card.label }))
  if #hand == 0 then
    game.say(game.t("out", { name = game.name(seat) }))
    finish(state, game, { seat })
  elseif card.rank == 8 then
    state.calling = true           -- the same seat calls a suit next
  else
    next_turn(state)
  end
end

local function draw(state, game, seat)
  if state.drawn then game.refuse(game.t("drawn-already")) end
  if not can_draw(state) then game.refuse(game.t("nothing-to-draw")) end
  if #state.stock == 0 then
    game.cards.refill(state.stock, state.discard)     -- rule 5
    game.say(game.t("refill"))
  end
  local card = game.cards.give(game.cards.draw(state.stock), seat)
  -- Into its place in the sorted hand (a walk, cheaper than sorting the hand again).
  local hand = state.hands[seat]
  local at = #hand + 1
  while at > 1 and in_deck_order(card, hand[at - 1]) do at = at - 1 end
  table.insert(hand, at, card)
  state.drawn = true
  state.passes = 0
  game.say(game.t("draws", { name = game.name(seat) }))
  game.say_to(seat, game.t("you-draw", { card = card.label }))
end

local function pass(state, game, seat)
  if not can_pass(state) then
    game.refuse(game.t("draw-first"))
  end
  state.passes = state.passes + 1
  game.say(game.t("passes", { name = game.name(seat) }))
  if state.passes >= state.seats then
    finish_blocked(state, game)
  else
    next_turn(state)
  end
end

local function call_suit(state, game, seat, input)
  local word = input:lower():gsub("%s+", "")
  local suit = SUIT_OF[word]
  if not suit then
    for _, name in ipairs(CALLS) do
      if typed(word, "suit-" .. name, game) then suit = name end
    end
  end
  if not suit then game.refuse(game.t("call-first")) end
  state.called = suit
  state.calling = false
  game.say(game.t("calls", { name = game.name(seat), suit = game.t("suit-" .. suit) }))
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

  -- What the game says, in English; crazy-eights.texts/ has them in other languages (--lang).
  texts = {
    heading = "Crazy Eights",
    ["game-number"] = "game {number}",
    deals = "{name} deals",
    ["top-card"] = "Top card:",
    ["top-card-label"] = "the top of the discard pile",
    ["suit-called"] = "Suit called: {suit}",
    stock = "Stock",
    discards = "Discards",
    ["your-hand"] = { one = "Your hand, {name} ({n} card):", other = "Your hand, {name} ({n} cards):" },
    hand = { one = "{name} ({n} card):", other = "{name} ({n} cards):" },
    ["your-hand-label"] = "your hand",
    ["hand-label"] = "{name}'s hand",
    cards = { one = "card", other = "cards" },
    over = "The game is over.",
    ["call-prompt"] = "Call a suit:",
    ["match-called"] = "Match {suit}, or play an eight.",
    match = "Match {rank} or {suit}, or play an eight.",
    ["prompt-drawn"] = "You drew: play a card, or pass.",
    ["prompt-draw"] = "Your turn: play a card, or draw.",
    ["prompt-pass"] = "Your turn: play a card, or pass.",
    ["button-draw"] = "Draw",
    ["button-pass"] = "Pass",
    ["to-call"] = "{name} to call a suit.",
    ["to-play"] = "{name} to play.",
    -- A suit as a word: in sentences under --ascii, in calls, on the buttons; typed, it calls.
    ["suit-clubs"] = "clubs",
    ["suit-diamonds"] = "diamonds",
    ["suit-hearts"] = "hearts",
    ["suit-spades"] = "spades",
    -- What a player types to draw or pass, besides draw and pass.
    ["word-draw"] = "draw",
    ["word-pass"] = "pass",
    ["back-to-stock"] = "{card} is turned up and goes back into the stock.",
    plays = "{name} plays {card}",
    out = "{name} has no cards left.",
    refill = "The discard pile but its top card is shuffled into a new stock.",
    draws = "{name} draws a card",
    ["you-draw"] = "You draw {card}",
    passes = "{name} passes",
    calls = "{name} calls {suit}",
    blocked = "No one can play or draw: the game is blocked.",
    ["not-a-card"] = "'{input}' is not a card, draw or pass: type a card such as 7h or {example}",
    ["not-held"] = "you do not hold {card}",
    ["not-called"] = "{card} is not a {suit}, the suit called: play a {suit} or an eight",
    ["no-match"] = "{card} matches neither {rank} nor {suit}",
    ["drawn-already"] = "you have drawn already this turn: play a card or pass",
    ["nothing-to-draw"] = "there is nothing left to draw: play a card or pass",
    ["draw-first"] = "draw a card first: you may pass only after drawing, or when nothing is left to draw",
    ["call-first"] = "call a suit for your eight: clubs, diamonds, hearts or spades (c, d, h, s)",
    wins = "{name} wins and scores {points}.",
    ["blocked-win"] = "Blocked: {name} has the lowest hand ({value}) and scores {points}.",
    ["blocked-share"] = "Blocked: {names} share the lowest hand ({value}) and score {points} each.",
    -- Names in a list: "Ann, Bob and Cy".
    comma = ", ",
    ["and"] = "{names} and {last}",
  },

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
      game.say(game.t("back-to-stock", { card = starter.label }))
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
    -- Rule 3 (playable) written out: moves runs at every step, where a call per card costs.
    local list = {}
    local called, up = state.called, top(state)
    for _, card in ipairs(state.hands[seat]) do
      if card.rank == 8 or (called and card.suit == called)
        or (not called and (card.rank == up.rank or card.suit == up.suit)) then
        list[#list + 1] = SHORT_NAME[card.suit][card.rank]
      end
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
      local rank, suit = parse_card(input)
      if rank then
        play_card(state, game, seat, rank, suit)
      elseif typed(word, "word-draw", game) then
        draw(state, game, seat)
      elseif typed(word, "word-pass", game) then
        pass(state, game, seat)
      else
        game.refuse(game.t("not-a-card", { input = input, example = "10" .. suit_text("spades", game) }))
      end
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
      { type = "heading", text = table.concat({ game.t("heading"), game.t("game-number", { number = game.game_number }),
                                                 game.t("deals", { name = game.name(state.dealer) }) }, dot) },
      game.t("top-card"),
      { type = "cards", cards = { { face = up.label, id = short_name(up) } }, label = game.t("top-card-label") },
    }
    if state.called then elements[#elements + 1] = game.t("suit-called", { suit = suit_text(state.called, game) }) end
    elements[#elements + 1] = { type = "meter", name = game.t("stock"), value = #state.stock }
    elements[#elements + 1] = { type = "meter", name = game.t("discards"), value = #state.discard }
    for s, hand in ipairs(state.hands) do
      if s == seat or state.over then
        elements[#elements + 1] = game.t(s == seat and "your-hand" or "hand", { name = game.name(s), n = #hand })
        local cards = {}
        for i, card in ipairs(hand) do
          cards[i] = { face = card.label, id = short_name(card) }
          if s == seat and mine and not state.calling and playable(state, card) then
            cards[i].selectable = true
            cards[i].move = short_name(card)
          end
        end
        local label = s == seat and game.t("your-hand-label") or game.t("hand-label", { name = game.name(s) })
        elements[#elements + 1] = { type = "cards", cards = cards, label = label }
      else
        -- Another seat's hand lies face down: how many cards it holds, and nothing else.
        elements[#elements + 1] = { type = "meter", name = game.name(s), value = #hand, unit = game.t("cards", { n = #hand }) }
      end
    end
    local turn = state.turn
    if state.over then
      elements[#elements + 1] = game.t("over")
    elseif mine then
      if state.calling then
        elements[#elements + 1] = game.t("call-prompt")
        local buttons = {}
        for i, suit in ipairs(CALLS) do
          -- A button names the suit with a capital, where the language has one (Clubs, Kreuz).
          local name = game.t("suit-" .. suit):gsub("^%l", string.upper)
          buttons[i] = { text = game.ascii and name or SUIT_SIGN[suit] .. " " .. name, move = suit, key = SUIT_LETTER[suit] }
        end
        elements[#elements + 1] = { type = "buttons", buttons = buttons }
      else
        elements[#elements + 1] = state.called and game.t("match-called", { suit = suit_text(state.called, game) })
          or game.t("match", { rank = up.name, suit = suit_text(up.suit, game) })
        elements[#elements + 1] = game.t(state.drawn and "prompt-drawn" or can_draw(state) and "prompt-draw" or "prompt-pass")
        local buttons = {}
        if can_draw(state) then buttons[#buttons + 1] = { text = game.t("button-draw"), move = "draw" } end
        if can_pass(state) then buttons[#buttons + 1] = { text = game.t("button-pass"), move = "pass" } end
        elements[#elements + 1] = { type = "buttons", buttons = buttons }
      end
    else
      elements[#elements + 1] = game.t(state.calling and "to-call" or "to-play", { name = game.name(turn) })
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
    -- `n` picks the form of "points" where a language counts them (German: 1 Punkt).
    local summary
    if not state.blocked then
      summary = game.t("wins", { name = game.name(winners[1]), points = points, n = points })
    elseif #winners == 1 then
      summary = game.t("blocked-win", { name = game.name(winners[1]), value = state.values[winners[1]],
                                        points = points, n = points })
    else
      local names = {}
      for i, seat in ipairs(winners) do names[i] = game.name(seat) end
      local listed = game.t("and", { names = table.concat(names, game.t("comma"), 1, #names - 1), last = names[#names] })
      summary = game.t("blocked-share", { names = listed, value = state.values[winners[1]], points = points, n = points })
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
