-- Liar's Dice for 2 to 6 seats. Every seat rolls three dice and sees only its own. In turn each
-- bids how many dice of a face lie under all the cups ("bid 3 5": three fives), higher than the
-- bid before it (more dice, or as many of a higher face), or calls the last bid a lie ("liar").
-- Then every cup is lifted: if there are fewer dice of that face than bid, the bidder loses a
-- die, else the caller does; the loser opens the next round, and everyone rolls again. A seat
-- with no dice is out; the last seat with dice wins.

local DICE = 3

local function roll(state, game)
  for seat = 1, state.seats do
    local dice = {}
    for i = 1, state.counts[seat] do dice[i] = game.random(1, 6) end
    table.sort(dice)
    state.dice[seat] = dice
  end
  state.bid = nil
end

local function total(state)
  local n = 0
  for seat = 1, state.seats do n = n + state.counts[seat] end
  return n
end

-- The next seat that still has dice.
local function next_seat(state, seat)
  repeat seat = seat % state.seats + 1 until state.counts[seat] > 0
  return seat
end

local function higher(bid, quantity, face)
  return not bid or quantity > bid.quantity or (quantity == bid.quantity and face > bid.face)
end

local function lift(state, game, caller)
  local bid, shown, count = state.bid, {}, 0
  for seat = 1, state.seats do
    if state.counts[seat] > 0 then
      shown[#shown + 1] = ("seat %d: %s"):format(seat, table.concat(state.dice[seat], " "))
      for _, die in ipairs(state.dice[seat]) do if die == bid.face then count = count + 1 end end
    end
  end
  local loser = count < bid.quantity and bid.seat or caller
  game.say(("Cups up! %s. %d of face %d: seat %d loses a die."):format(table.concat(shown, "; "), count, bid.face, loser))
  state.counts[loser] = state.counts[loser] - 1
  state.turn = state.counts[loser] > 0 and loser or next_seat(state, loser)
  roll(state, game)
end

---@type Rule
return {
  id = "liars-dice", title = "Liar's Dice",
  about = "Bid on the dice under every cup; call a bid a lie.",
  players = { min = 2, max = 6 },
  -- state.dice[seat] is that seat's dice: it sees its own, and nobody else's.
  private = { "dice" },
  turn = function(state) return state.turn end,

  setup = function(game)
    local state = { seats = game.players, counts = {}, dice = {}, turn = 1 }
    for seat = 1, state.seats do state.counts[seat] = DICE end
    roll(state, game)
    return state
  end,

  view = function(state, game, seat)
    local lines = { "Your dice: " .. (#state.dice[seat] > 0 and table.concat(state.dice[seat], " ") or "none") }
    for other = 1, state.seats do
      if other ~= seat then lines[#lines + 1] = ("Seat %d: %d dice"):format(other, state.counts[other]) end
    end
    local bid = state.bid
    lines[#lines + 1] = bid and ("Bid: %d of face %d, by seat %d."):format(bid.quantity, bid.face, bid.seat) or "No bid yet."
    lines[#lines + 1] = ("Seat %d to bid%s."):format(state.turn, bid and " or call liar" or "")
    return table.concat(lines, "\n")
  end,

  moves = function(state)
    local moves = {}
    if state.bid then moves[1] = "liar" end
    for quantity = 1, total(state) do
      for face = 1, 6 do
        if higher(state.bid, quantity, face) then moves[#moves + 1] = ("bid %d %d"):format(quantity, face) end
      end
    end
    return moves
  end,

  play = function(state, input, game, seat)
    if input == "liar" then
      if not state.bid then game.refuse("there is no bid to call yet: bid QUANTITY FACE") end
      game.say(("Seat %d calls liar."):format(seat))
      lift(state, game, seat)
      return
    end
    local quantity, face = input:match("^bid (%d+) (%d)$")
    quantity, face = tonumber(quantity), tonumber(face)
    if not quantity or face < 1 or face > 6 or quantity < 1 or quantity > total(state) then
      game.refuse(("bid QUANTITY FACE, as bid 2 5 (at most %d dice), or liar"):format(total(state)))
    end
    if not higher(state.bid, quantity, face) then game.refuse("bid more dice, or as many of a higher face") end
    state.bid = { quantity = quantity, face = face, seat = seat }
    game.say(("Seat %d bids %d of face %d."):format(seat, quantity, face))
    state.turn = next_seat(state, seat)
  end,

  -- The bot counts its own dice of a face and one in three of everyone else's.
  bot = function(state, game, seat)
    local mine, best = {}, 1
    for _, die in ipairs(state.dice[seat]) do mine[die] = (mine[die] or 0) + 1 end
    for face = 1, 6 do if (mine[face] or 0) > (mine[best] or 0) then best = face end end
    local others = total(state) - #state.dice[seat]
    local bid = state.bid
    if bid and bid.quantity > (mine[bid.face] or 0) + others // 3 then return "liar" end
    for quantity = 1, total(state) do
      for face = best, 6 do
        if higher(bid, quantity, face) then return ("bid %d %d"):format(quantity, face) end
      end
    end
    return "liar"
  end,

  result = function(state)
    local left = {}
    for seat = 1, state.seats do if state.counts[seat] > 0 then left[#left + 1] = seat end end
    if #left > 1 then return nil end
    return { winner = left[1], summary = ("Seat %d is the last with dice."):format(left[1]) }
  end,
}
