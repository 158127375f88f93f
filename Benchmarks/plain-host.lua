-- The host API the plain-Lua baselines give a rule (Benchmarks/sim-baseline.lua,
-- Benchmarks/protocol-baseline.lua): what GameHost's `game` does for Rock · Paper · Scissors,
-- Blackjack and Memory, written in plain Lua for the stock lua5.4 interpreter. Returns the `game`
-- table and a function that takes the messages said since it was last called.
local messages = {}
local game_best  -- the best score submitted, for scores.best
local rewards = {}  -- what each seat earned (game.reward)
local game = {
  options = {
    match = "best-of-3", opponent = "random",                                  -- rps
    theme = "random", pairs = "theme", scoring = "classic", deck = "",          -- memory
  },
  game_number = 1,
  ascii = false,
  seed = 1,
  say = function(...) messages[#messages + 1] = table.concat({ ... }, "\t") end,
  bell = function() end,
  reward = function(seat, amount) rewards[seat] = (rewards[seat] or 0) + amount end,  -- blackjack
  refuse = function(reason) error({ refusal = reason }, 0) end,
  random = function(m, n) return math.random(m, n) end,
  pick = function(list) return list[math.random(#list)] end,
  now = function() return 0 end,
  match = {},
  cards = {},
  scores = {
    submit = function(score) game_best = math.max(game_best or score.value, score.value) return 1 end,
    summary = function() return "" end,
    best = function() return game_best end,
  },
  colour = function(text) return text end,
  pad = function(text) return text end,
}

function game.shuffle(list)
  for i = #list, 2, -1 do
    local j = math.random(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- Standard cards, as game.cards.standard makes them (one deck, no jokers).
local NAMES = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }
local SUITS = { { "spades", "♠", "black" }, { "hearts", "♥", "red" }, { "diamonds", "♦", "red" }, { "clubs", "♣", "black" } }
function game.cards.standard()
  local deck = {}
  for _, suit in ipairs(SUITS) do
    for rank = 1, 13 do
      deck[#deck + 1] = {
        rank = rank, name = NAMES[rank], suit = suit[1], label = NAMES[rank] .. suit[2], colour = suit[3], faceUp = false,
      }
    end
  end
  return deck
end
-- Memory-style cards, as game.cards.deck makes them, and the functions Memory uses.
function game.cards.deck(contents, copies)
  local deck, seen = {}, {}
  for _, c in ipairs(contents) do
    if not seen[c] then
      seen[c] = true
      for _ = 1, copies or 1 do
        deck[#deck + 1] = { content = c, faceUp = false, matched = false, seen = false, removed = false, upTime = 0 }
      end
    end
  end
  return deck
end
function game.cards.turn_down(cards, i)
  local card = cards[i]
  if card.faceUp then
    card.upTime = card.upTime + (card.upSince and game.now() - card.upSince or 0)
    card.upSince, card.faceUp, card.seen = nil, false, true
    if card.matched then card.removed = true end
  end
  return card
end
function game.cards.face_up(cards)
  local up = {}
  for i, card in ipairs(cards) do if card.faceUp then up[#up + 1] = i end end
  return up
end
function game.cards.all_matched(cards)
  for _, card in ipairs(cards) do if not card.matched then return false end end
  return true
end
function game.cards.face_up_time(cards, i)
  local card = cards[i]
  return card.upTime + (card.upSince and game.now() - card.upSince or 0)
end
function game.cards.draw(deck, n)
  if n == nil then
    if #deck == 0 then error("no card left") end
    return table.remove(deck, 1)
  end
  local drawn = {}
  for i = 1, n do drawn[i] = table.remove(deck, 1) end
  return drawn
end
function game.cards.turn_up(card, i)
  if i then card = card[i] end
  if not card.faceUp then card.faceUp, card.upSince = true, game.now() end
  return card
end
function game.cards.total(hand)
  local total, ace = 0, false
  for _, card in ipairs(hand) do
    total = total + math.min(card.rank, 10)
    if card.rank == 1 then ace = true end
  end
  if ace and total + 10 <= 21 then return total + 10, true end
  return total, false
end
function game.cards.show(hand)
  local labels = {}
  for i, card in ipairs(hand) do labels[i] = card.faceUp and card.label or "??" end
  return table.concat(labels, " ")
end

-- Best-of-N scoring, as GameCore's Match does it.
function game.match.length(text)
  if text == "single" then return 1 end
  local n = tonumber(text:match("^best%-of%-(%d+)$"))
  if n and n % 2 == 1 and n <= 99 then return n end
  return nil, "not a match length"
end
function game.match.new(n)
  local needed = n // 2 + 1
  return { match = n, needed = needed, wins = 0, losses = 0, ties = 0, left = needed, over = false }
end
function game.match.record(m, outcome)
  if m.over then error("the match is over") end
  if outcome == "win" then m.wins = m.wins + 1 elseif outcome == "loss" then m.losses = m.losses + 1 else m.ties = m.ties + 1 end
  m.left = m.needed - m.wins
  m.over = m.wins == m.needed or m.losses == m.needed
  m.winner = m.wins == m.needed and "player" or (m.losses == m.needed and "computer" or nil)
  return m
end

-- The rule's texts (`game.t`), in its own language: `game.texts` is the rule's `texts`; each
-- {name} is filled in, and a text that counts takes its form by `values.n`.
game.language = "en"
function game.t(key, values)
  local text = game.texts and game.texts[key]
  if type(text) == "table" then text = (values and values.n == 1 and text.one) or text.other end
  return (tostring(text):gsub("{([%w_]+)}", function(name)
    local v = values and values[name]
    if v ~= nil then return tostring(v) end
  end))
end

local function take_messages()
  local said = messages
  messages = {}
  return said
end

return game, take_messages
