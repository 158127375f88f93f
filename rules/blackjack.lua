-- Blackjack against the dealer, on the host's standard cards (docs/lua-api.md, game.cards):
-- the deck, the deal, hand totals and labels are the host's; this file is the table's rules,
-- the chips and the drawing.
--
-- Choices where the rule book is silent:
-- * A game is one sitting at the table: you start with 100 chips and play hands until you
--   leave or cannot bet. The most chips you held after a hand is your score on the
--   leaderboard: the 100 you sit down with are not a score, so leaving before a hand puts
--   nothing on the board, and a sitting that only lost scores what was left after its
--   first hand.
-- * One 52-card deck; before a hand, with a quarter of it (13 cards) or fewer left, the
--   dealer gathers every card and shuffles.
-- * Naturals are settled at once: the dealer checks the hole card before you play.
-- * A natural pays 3:2, so a bet of 5 wins 7.5 chips: chips may have halves.
-- * Double down doubles the bet (you need the chips), takes one card, and stands.
-- * No splitting, insurance or surrender.
-- * Each hand's chips won or lost are its reward (game.reward): programs that learn read it,
--   and the search player weighs a move by the hands it leads to, not by a whole sitting.
-- * What the table says is in `texts` (English); blackjack.texts/ has German and Japanese
--   (--lang). The moves typed stay English (hit, stand, ...) in every language, as the keys do.

local START_CHIPS = 100
local MIN_BET, MAX_BET = 1, 25
local BOARD = "Best chips in a sitting"
local RESHUFFLE_AT = 13

local function chips(n)
  return n % 1 == 0 and ("%d"):format(n) or ("%.1f"):format(n)
end

local function shuffled_deck(game)
  return game.shuffle(game.cards.standard())
end

-- Deals one card from the deck into the hand, face up unless `down`.
local function deal(state, hand, game, down)
  local card = game.cards.draw(state.deck)
  if not down then game.cards.turn_up(card) end
  hand[#hand + 1] = card
  return card
end

local function total(hand, game)
  return game.cards.total(hand, "blackjack")
end

local function is_natural(hand, game)
  return #hand == 2 and total(hand, game) == 21
end

-- The largest bet allowed now.
local function max_bet(state)
  return math.min(MAX_BET, math.floor(state.chips))
end

-- Settles the hand: pays `win` times the bet (1 for a win, 1.5 for a natural, 0 for a push,
-- -1 for a loss) and says why and what it paid: the text `key`, filled from `values` and the
-- chips paid (one text a hand, the reason and the payout in one sentence, so a translation
-- can order them as its language does).
local function settle(state, game, win, key, values)
  local amount = state.bet * win
  state.chips = math.tointeger(state.chips + amount) or state.chips + amount  -- whole chips stay integers
  game.reward(1, amount)
  -- The most chips held in the sitting, the stake it began with included (a first hand lost
  -- leaves the best at 100, not 90); the leaderboard takes the most held after a hand, since
  -- the stake is no score.
  state.best = math.max(state.best or START_CHIPS, state.chips)
  state.scored = math.max(state.scored or state.chips, state.chips)
  state.hands = state.hands + 1
  values.amount = chips(math.abs(amount))
  local line = game.t(key, values)
  state.last = line
  game.say(line)
  state.phase = "bet"
  state.bet = 0
  for _, card in ipairs(state.dealer) do game.cards.turn_up(card) end
  -- The result's summary says "You are out of chips": not said twice.
  if max_bet(state) < MIN_BET then state.over = true end
end

-- The dealer turns the hole card and draws to 17 (standing on every 17), then the hands are
-- compared.
local function dealer_plays(state, game)
  game.cards.turn_up(state.dealer[2])
  while total(state.dealer, game) < 17 do deal(state, state.dealer, game) end
  local mine, theirs = total(state.player, game), total(state.dealer, game)
  local values = { mine = mine, dealer = theirs }
  if theirs > 21 then
    settle(state, game, 1, "dealer-busts", values)
  elseif mine > theirs then
    settle(state, game, 1, "higher", values)
  elseif mine < theirs then
    settle(state, game, -1, "lower", values)
  else
    settle(state, game, 0, "push", values)
  end
end

local function start_hand(state, bet, game)
  if #state.deck <= RESHUFFLE_AT then
    state.deck = shuffled_deck(game)
    game.say(game.t("shuffle"))
  end
  state.bet, state.phase, state.last = bet, "play", nil
  state.player, state.dealer = {}, {}
  deal(state, state.player, game)
  deal(state, state.dealer, game)
  deal(state, state.player, game)
  deal(state, state.dealer, game, true)  -- the hole card
  local mine, theirs = is_natural(state.player, game), is_natural(state.dealer, game)
  if mine and theirs then
    settle(state, game, 0, "two-naturals", {})
  elseif mine then
    settle(state, game, 1.5, "natural", {})
  elseif theirs then
    settle(state, game, -1, "dealer-natural", {})
  end
end

local function hit(state, game)
  deal(state, state.player, game)
  local t = total(state.player, game)
  if t > 21 then
    settle(state, game, -1, "bust", { total = t })
  elseif t == 21 then
    dealer_plays(state, game)
  end
end

local function double(state, game)
  if #state.player ~= 2 then game.refuse(game.t("double-late")) end
  if state.chips < 2 * state.bet then game.refuse(game.t("double-chips", { chips = chips(2 * state.bet) })) end
  state.bet = 2 * state.bet
  deal(state, state.player, game)
  local t = total(state.player, game)
  if t > 21 then
    settle(state, game, -1, "double-bust", { total = t })
  else
    dealer_plays(state, game)
  end
end

-- A hand's total as the table says it: "blackjack" for an ace and a ten-card as the first
-- two cards, else "soft 17" or "17" (a plain total asks for no text).
local function show_total(hand, game)
  local t, soft = total(hand, game)
  if #hand == 2 and t == 21 then return game.t("blackjack") end
  return soft and game.t("soft", { total = t }) or t
end

local ALIASES = { h = "hit", s = "stand", d = "double", l = "leave" }

-- The bets offered as buttons (any other from 1 to 25 is typed).
local BET_BUTTONS = { 1, 5, 10, 25 }

-- A hand as the view's cards: the host's labels, a card face down shown as its back.
local function hand_cards(hand, name, game)
  local cards = {}
  for i, card in ipairs(hand) do cards[i] = { face = card.label, up = card.faceUp, id = name .. "-" .. i } end
  return { type = "cards", cards = cards, label = game.t(name == "you" and "your-hand" or "dealer-hand") }
end

---@type Rule
return {
  id = "blackjack",
  title = "Blackjack",
  about = "Beat the dealer to 21 without going over; start with 100 chips.",
  -- At a terminal one key plays: h hit, s stand, d double, l leave.
  keys = { h = "hit", s = "stand", d = "double", l = "leave" },
  rules = [[
You and the dealer get two cards; one of the dealer's lies face down. Cards count their
number, J, Q and K count 10, and an ace 1 or 11. Get closer to 21 than the dealer without
going over.
Before each hand, bet 1 to 25 chips (type the number), or leave the table.
Then: hit (h) takes a card; stand (s) keeps your hand; double (d), on your first two cards,
doubles the bet, takes one card and stands. Over 21 you bust and lose.
The dealer then turns the hole card and draws until 17 or more (standing on every 17).
A win pays your bet; an ace with a ten-card (a natural, or blackjack) pays 3 to 2.
The most chips you hold after a hand goes on the leaderboard.]],

  secret = { "deck" },

  -- What the table says, in English; blackjack.texts/ has it in other languages (--lang).
  -- A hand's outcome is one sentence, its reason and what it paid together.
  texts = {
    heading = "Blackjack",
    chips = "Chips",
    best = "Best",
    bet = "Bet",
    dealer = "Dealer ({total})",
    ["dealer-hidden"] = "Dealer ({total} + ?)",
    you = "You ({total})",
    soft = "soft {total}",
    blackjack = "blackjack",
    ["your-hand"] = "your hand",
    ["dealer-hand"] = "the dealer's hand",
    hit = "Hit",
    stand = "Stand",
    double = "Double",
    ["bet-prompt"] = "Bet {min}-{max} chips (type the number), or leave.",
    ["bet-button"] = "Bet {chips}",
    leave = "Leave",
    shuffle = "The dealer shuffles the deck.",
    ["two-naturals"] = "Two naturals. Push: your bet comes back.",
    natural = "Blackjack! You win {amount}.",
    ["dealer-natural"] = "The dealer has blackjack. You lose {amount}.",
    bust = "You bust with {total}. You lose {amount}.",
    ["double-bust"] = "You double and bust with {total}. You lose {amount}.",
    ["dealer-busts"] = "The dealer busts with {dealer}. You win {amount}.",
    higher = "{mine} against {dealer}. You win {amount}.",
    lower = "{mine} against {dealer}. You lose {amount}.",
    push = "{mine} against {dealer}. Push: your bet comes back.",
    ["double-late"] = "you can double down only on your first two cards",
    ["double-chips"] = "you need {chips} chips to double down",
    ["bet-range"] = "bet a whole number of chips from {min} to {max}, or leave",
    ["not-a-move"] = "hit, stand or double",
    hands = { one = "{n} hand", other = "{n} hands" },
    -- The chips left as `n` too, for a language that says "1 chip" (English has always said
    -- "1 chips" here, and keeps it).
    ["left-table"] = "You leave with {chips} chips after {hands}.",
    ["left-table-best"] = "You leave with {chips} chips after {hands} (best {best}).",
    -- Out of chips only after a hand, so with a best.
    broke = "You are out of chips after {hands} (best {best}).",
    rank = "Rank {rank}. Best: {board}",
    practice = "A practice sitting (seeded or scripted): not ranked.",
  },

  -- The rule's own player, for `gamehost sim blackjack --bot`: basic strategy without splits
  -- (double 11, 10 against 2-9 and 9 against 3-6; stand on hard 17, on 13-16 against 2-6, on
  -- 12 against 4-6, on soft 19 and on soft 18 against 2-8), a flat bet of 5, and it leaves
  -- after 50 hands.
  bot = function(state, game)
    if state.phase == "bet" then
      return state.hands >= 50 and "leave" or tostring(math.min(5, max_bet(state)))
    end
    local mine, soft = total(state.player, game)
    local up = state.dealer[1].rank == 1 and 11 or math.min(state.dealer[1].rank, 10)
    if #state.player == 2 and state.chips >= 2 * state.bet
      and (mine == 11 or (mine == 10 and up <= 9) or (mine == 9 and up >= 3 and up <= 6)) then
      return "double"
    end
    if soft then return (mine >= 19 or (mine == 18 and up <= 8)) and "stand" or "hit" end
    if mine >= 17 or (mine >= 13 and up <= 6) or (mine == 12 and up >= 4 and up <= 6) then return "stand" end
    return "hit"
  end,

  setup = function(game)
    return {
      chips = START_CHIPS, bet = 0, hands = 0, phase = "bet", over = false,
      deck = shuffled_deck(game), player = {}, dealer = {},
    }
  end,

  -- The chips, both hands as cards (the hole card face down), then buttons for what may be
  -- done: hit, stand or double in a hand, a bet or leaving between hands.
  view = function(state, game)
    local elements = {
      { type = "heading", text = game.t("heading") },
      { type = "meter", name = game.t("chips"), value = state.chips },
    }
    -- The best is the most chips held in the sitting: shown from the first hand on.
    if state.best then elements[#elements + 1] = { type = "meter", name = game.t("best"), value = state.best } end
    if #state.player > 0 then
      local hidden = state.dealer[2] and not state.dealer[2].faceUp
      elements[#elements + 1] = hidden and game.t("dealer-hidden", { total = show_total({ state.dealer[1] }, game) })
        or game.t("dealer", { total = show_total(state.dealer, game) })
      elements[#elements + 1] = hand_cards(state.dealer, "dealer", game)
      elements[#elements + 1] = game.t("you", { total = show_total(state.player, game) })
      elements[#elements + 1] = hand_cards(state.player, "you", game)
    end
    if state.over then return elements end
    if state.phase == "play" then
      elements[#elements + 1] = { type = "meter", name = game.t("bet"), value = state.bet }
      local buttons = { { text = game.t("hit"), move = "hit", key = "h" }, { text = game.t("stand"), move = "stand", key = "s" } }
      if #state.player == 2 and state.chips >= 2 * state.bet then
        buttons[3] = { text = game.t("double"), move = "double", key = "d" }
      end
      elements[#elements + 1] = { type = "buttons", buttons = buttons }
    else
      elements[#elements + 1] = game.t("bet-prompt", { min = MIN_BET, max = max_bet(state) })
      local buttons = {}
      for _, bet in ipairs(BET_BUTTONS) do
        if bet <= max_bet(state) then
          buttons[#buttons + 1] = { text = game.t("bet-button", { chips = bet }), move = tostring(bet) }
        end
      end
      buttons[#buttons + 1] = { text = game.t("leave"), move = "leave", key = "l" }
      elements[#elements + 1] = { type = "buttons", buttons = buttons }
    end
    return elements
  end,

  moves = function(state)
    if state.over then return {} end
    if state.phase == "play" then
      local moves = { "hit", "stand" }
      if #state.player == 2 and state.chips >= 2 * state.bet then moves[3] = "double" end
      return moves
    end
    local moves = {}
    for bet = MIN_BET, max_bet(state) do moves[#moves + 1] = tostring(bet) end
    moves[#moves + 1] = "leave"
    return moves
  end,

  play = function(state, input, game)
    local move = ALIASES[input:lower()] or input:lower()
    if state.phase == "bet" then
      local bet = math.tointeger(tonumber(move))
      if move == "leave" then
        state.over = true
      elseif not bet or bet < MIN_BET or bet > max_bet(state) then
        game.refuse(game.t("bet-range", { min = MIN_BET, max = max_bet(state) }))
      else
        start_hand(state, bet, game)
      end
    elseif move == "hit" then
      hit(state, game)
    elseif move == "stand" then
      dealer_plays(state, game)
    elseif move == "double" then
      double(state, game)
    else
      game.refuse(game.t("not-a-move"))
    end
    if state.over and state.scored then
      state.rank = game.scores.submit { board = BOARD, value = state.scored, better = "higher", unit = "chips" }
      state.board = game.scores.summary(BOARD, 5)
    end
  end,

  result = function(state, game)
    if not state.over then return nil end
    local values = { chips = chips(state.chips), n = state.chips, hands = game.t("hands", { n = state.hands }),
                     best = state.best and chips(state.best) }
    local summary = game.t(max_bet(state) < MIN_BET and "broke" or state.best and "left-table-best" or "left-table", values)
    if state.rank then
      summary = summary .. "\n" .. game.t("rank", { rank = state.rank, board = state.board })
    elseif game.scores.practice and state.best then
      summary = summary .. "\n" .. game.t("practice")
    end
    local winner = state.chips > START_CHIPS and "player" or state.chips < START_CHIPS and "dealer" or nil
    return { winner = winner, score = state.chips, summary = summary }
  end,
}
