-- Go Fish for 2 to 5 seats. On your turn ask another seat for a rank you hold ("ask 2 Q"): it
-- hands over every card of that rank and you ask again; if it has none, go fish: draw from the
-- stock, and the turn passes. Four cards of a rank make a book, laid face up. With an empty
-- hand you draw (or pass, when the stock is empty too). When every book is made, or after 300
-- asks, the most books win.

local ASKS = 300

local function next_seat(state, seat) return seat % state.seats + 1 end

local function books_made(state)
  local n = 0
  for _, books in ipairs(state.books) do n = n + #books // 4 end
  return n
end

-- Every rank the seat holds four of goes from its hand to its books, face up.
local function lay_books(state, game, seat)
  local hand, count = state.hands[seat], {}
  for _, card in ipairs(hand) do count[card.rank] = (count[card.rank] or 0) + 1 end
  for rank = 1, 13 do
    if count[rank] == 4 then
      local i = 1
      while i <= #hand do
        if hand[i].rank == rank then
          local books = state.books[seat]
          books[#books + 1] = game.cards.turn_up(game.cards.take(hand, i))
        else
          i = i + 1
        end
      end
      game.say(("Seat %d lays down a book of %s."):format(seat, state.books[seat][#state.books[seat]].name))
    end
  end
end

local function draw(state, game, seat)
  local card = game.cards.give(game.cards.draw(state.stock), seat)
  local hand = state.hands[seat]
  hand[#hand + 1] = card
  game.say(("Seat %d draws a card."):format(seat))
  game.say_to(seat, ("You draw %s."):format(card.label))
  lay_books(state, game, seat)
end

local function holds(hand, name)
  for _, card in ipairs(hand) do if card.name == name then return true end end
  return false
end

---@type Rule
return {
  id = "go-fish", title = "Go Fish",
  players = { min = 2, max = 5 },
  turn = function(state) return state.turn end,

  setup = function(game)
    local seats = game.players
    local deck = game.shuffle(game.cards.standard())
    local hands = game.cards.deal(deck, seats, seats <= 3 and 7 or 5)
    local state = { hands = hands, stock = deck, books = {}, turn = 1, seats = seats, asks = 0 }
    for seat, hand in ipairs(hands) do
      game.cards.give(hand, seat)
      state.books[seat] = {}
      lay_books(state, game, seat)
    end
    return state
  end,

  view = function(state, game, seat)
    local hand = state.hands[seat]
    local labels = {}
    for i, card in ipairs(hand) do labels[i] = card.label end
    local lines = { "Your hand: " .. (#labels > 0 and table.concat(labels, " ") or "empty") }
    for other = 1, state.seats do
      if other ~= seat then
        lines[#lines + 1] = ("Seat %d: %d cards, %d books"):format(other, #state.hands[other], #state.books[other] // 4)
      end
    end
    local books = #state.books[seat] // 4
    lines[#lines + 1] = ("Stock: %d cards. Your books: %d. Seat %d to ask."):format(#state.stock, books, state.turn)
    return table.concat(lines, "\n")
  end,

  moves = function(state, game, seat)
    local hand = state.hands[seat]
    if #hand == 0 then return { #state.stock > 0 and "draw" or "pass" } end
    local moves, asked = {}, {}
    for _, card in ipairs(hand) do
      if not asked[card.name] then
        asked[card.name] = true
        for other = 1, state.seats do
          if other ~= seat then moves[#moves + 1] = ("ask %d %s"):format(other, card.name) end
        end
      end
    end
    return moves
  end,

  play = function(state, input, game, seat)
    local hand = state.hands[seat]
    if input == "draw" or input == "pass" then
      if #hand > 0 then game.refuse("ask a seat for a rank you hold: ask SEAT RANK") end
      if input == "draw" and #state.stock == 0 then game.refuse("the stock is empty: pass") end
      if input == "pass" and #state.stock > 0 then game.refuse("draw: the stock is not empty") end
      if input == "draw" then draw(state, game, seat) end
      state.turn = next_seat(state, seat)
      return
    end
    local target, name = input:match("^ask (%d) (%w+)$")
    target = tonumber(target)
    if not target or target == seat or target > state.seats then game.refuse("ask another seat for a rank: ask SEAT RANK") end
    if not holds(hand, name) then game.refuse("ask for a rank you hold") end
    state.asks = state.asks + 1
    local from, given = state.hands[target], 0
    local i = 1
    while i <= #from do
      if from[i].name == name then
        hand[#hand + 1] = game.cards.give(game.cards.take(from, i), seat)
        given = given + 1
      else
        i = i + 1
      end
    end
    if given > 0 then
      game.say(("Seat %d gives seat %d %d of %s."):format(target, seat, given, name))
      lay_books(state, game, seat)
      return
    end
    game.say(("Seat %d has no %s: go fish."):format(target, name))
    if #state.stock > 0 then draw(state, game, seat) end
    state.turn = next_seat(state, seat)
  end,

  result = function(state)
    if books_made(state) < 13 and state.asks < ASKS then return nil end
    local scores, best = {}, 0
    for seat = 1, state.seats do
      scores[seat] = #state.books[seat] // 4
      best = math.max(best, scores[seat])
    end
    local winners = {}
    for seat = 1, state.seats do if scores[seat] == best then winners[#winners + 1] = seat end end
    local summary = ("Books: %s."):format(table.concat(scores, ", "))
    return { winner = #winners == 1 and winners[1] or winners, scores = scores, summary = summary }
  end,
}
