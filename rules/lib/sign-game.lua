-- The engine of the sign games: Rock · Paper · Scissors (rules/rps.lua) and its variants such
-- as Rock · Paper · Scissors · Lizard · Spock (rules/rpsls.lua). A best-of-N match against the
-- computer, or between two people (`--seats 2`) who throw at once; a rule file gives the signs
-- and what beats what, and `rule(spec)` returns the whole rule table.
--
-- Choices where the rule book is silent:
-- * Two people throw in either order; neither sees the other's throw (nor that it was a
--   particular sign) until both have thrown. Seat 1's wins are the match's `wins`, seat 2's
--   its `losses`.
-- * A tie is replayed and counted; it never brings the end of the match closer.
-- * Signs are shown capitalised, as the games' titles name them ("Rock", "Spock"); the player
--   types them in any case, or their short forms.
-- * What the game says is in the player's language where the rule has a translation
--   (rps.texts/de.lua), signs' names too; what the player types is not: the English names and
--   the short forms, in every language, so a game kept or recorded in one language plays
--   again in any other.
-- * The `frequency` and `pattern` opponents predict the player's next sign: the sign thrown
--   most (frequency), or the sign thrown most after the player's last sign (pattern, which
--   falls back to frequency when that sign has never been followed). Ties between predictions,
--   and between the signs that beat a prediction, are broken at random through the seeded
--   source, and so is the first throw. A prediction is followed only as far as it has earned:
--   counting how the signs that beat its predictions so far would have done against the
--   player's throws (right, wrong, made), the computer plays what beats the prediction with
--   the probability max(0, right - wrong - 1) / (made + 2), and otherwise throws at random. So
--   a player who keeps to a sign or a cycle is found out, while a fixed sequence that leads the
--   predictions astray (s p r against frequency) meets a random opponent, not a beaten one.
--   (No predicting opponent is proof against every fixed sequence: one that feeds it a sign
--   and then turns, such as r r r s s, wins a little more than half of short matches.)
-- * After the match, any further throw is refused; the host offers a new match (y/n).

local M = {}

-- The pictures of the signs the built-in games know, drawn on their buttons.
local PICTURES = { rock = "✊", paper = "✋", scissors = "✌️", lizard = "🦎", spock = "🖖" }

---@class SignGameSpec
---@field id string
---@field title string
---@field about string
---@field rules string
---@field signs string[]                          the signs, in the order they are listed
---@field short table<string, string>             short forms: r = "rock"
---@field beats table<string, table<string, string>>  beats[a][b] is the verb for "a beats b"
---@field pictures? table<string, string>         an emoji for each sign, on its button (default: PICTURES)
---@field texts? table<string, string|table>      texts of the rule's own, or in place of those M.texts gives

-- A sign in English, as players see it: "Rock", "Spock".
local function english_name(sign) return (sign:gsub("^%l", string.upper)) end

-- The keys of a sign's texts: its name ("sign-rock") and what it beats ("rock-beats-scissors").
-- A key is letters, digits, '-', '_' and '.', whatever a sign holds.
local function key_part(sign) return (sign:gsub("[^%w_.-]", "_")) end
local function sign_key(sign) return "sign-" .. key_part(sign) end
local function beats_key(sign, beaten) return key_part(sign) .. "-beats-" .. key_part(beaten) end

-- The texts a sign game says, in English, by key (`game.t` gives them in the player's
-- language where the rule's translations have them: rps.texts/de.lua): the engine's, and
-- those made from the spec's tables: each sign's name ("sign-rock" = "Rock"), what beats what
-- ("rock-beats-scissors" = "Rock blunts Scissors") and the list of signs ("sign-list"). A
-- translation gives every one of them; `spec.texts` adds texts or replaces them.
---@param spec SignGameSpec
---@return table<string, string|table>
function M.texts(spec)
  local texts = {
    ["one-game"] = "One game decides",
    ["best-of"] = "Best of {n}: first to {needed} wins",
    score = "You {wins}{dot}Computer {losses}{dot}Ties {ties}",
    ["score-seats"] = "{one} {wins}{dot}{two} {losses}{dot}Ties {ties}",
    ["your-throw"] = "Your throw:",
    waiting = "You threw {sign}; waiting for seat {seat}.",
    ["not-a-sign"] = "'{input}' is not a sign: type {signs} ({keys})",
    thrown = "{name} has thrown.",
    ["throw-tie"] = "You: {you}{dot}Computer: {cpu}{dash}a tie, replayed.",
    ["throw-win"] = "You: {you}{dot}Computer: {cpu}{dash}{beat}: you win this one.",
    ["throw-loss"] = "You: {you}{dot}Computer: {cpu}{dash}{beat}: the computer wins this one.",
    ["seats-tie"] = "{one}: {a}{dot}{two}: {b}{dash}a tie, replayed.",
    ["seats-win"] = "{one}: {a}{dot}{two}: {b}{dash}{beat}: {winner} wins this one.",
    need = "You need {you}, the computer {computer}.",
    ["more-wins"] = { one = "{n} more win", other = "{n} more wins" },
    ["you-win-match"] = "You win the match {wins}:{losses} after {throws} ({ties}).",
    ["computer-wins-match"] = "The computer wins the match {wins}:{losses} after {throws} ({ties}).",
    ["seat-wins-match"] = "{winner} wins the match {high}:{low} after {throws} ({ties}).",
    ["throw-count"] = { one = "{n} throw", other = "{n} throws" },
    ["tie-count"] = { one = "{n} tie", other = "{n} ties" },
  }
  local names = {}
  for i, sign in ipairs(spec.signs) do
    names[i] = english_name(sign)
    texts[sign_key(sign)] = names[i]
    for beaten, verb in pairs(spec.beats[sign] or {}) do
      texts[beats_key(sign, beaten)] = names[i] .. " " .. verb .. " " .. english_name(beaten)
    end
  end
  -- "Rock, Paper or Scissors"
  texts["sign-list"] = table.concat(names, ", ", 1, #names - 1) .. " or " .. names[#names]
  for key, text in pairs(spec.texts or {}) do texts[key] = text end
  return texts
end

---@param spec SignGameSpec
---@return Rule
function M.rule(spec)
  local SIGNS, SHORT, BEATS = spec.signs, spec.short, spec.beats
  local SIGN_PICTURES = spec.pictures or PICTURES
  local SIGN_KEYS, BEATS_KEYS = {}, {}
  for _, sign in ipairs(SIGNS) do
    assert(BEATS[sign], "sign-game: beats has no entry for '" .. sign .. "'")
    SIGN_KEYS[sign], BEATS_KEYS[sign] = sign_key(sign), {}
    for beaten in pairs(BEATS[sign]) do BEATS_KEYS[sign][beaten] = beats_key(sign, beaten) end
  end

  -- Rule 1: each sign beats the ones in its BEATS entry and loses to the others.
  local function outcome(you, cpu)
    if you == cpu then return "tie" end
    return BEATS[you][cpu] and "win" or "loss"
  end

  -- The signs that beat `sign`, in SIGNS order.
  local function beaters(sign)
    local list = {}
    for _, s in ipairs(SIGNS) do
      if BEATS[s][sign] then list[#list + 1] = s end
    end
    return list
  end

  -- The signs with the highest count, in SIGNS order (every sign when none is counted).
  local function most_frequent(counts)
    local best, best_count = {}, 0
    for _, sign in ipairs(SIGNS) do
      local count = counts[sign] or 0
      if count > best_count then
        best, best_count = { sign }, count
      elseif count == best_count then
        best[#best + 1] = sign
      end
    end
    return best
  end

  local function frequency_prediction(state)
    local counts = {}
    for _, t in ipairs(state.throws) do counts[t.player] = (counts[t.player] or 0) + 1 end
    return most_frequent(counts)
  end

  -- Order-1 Markov: what the player threw after their last sign, in the past.
  local function pattern_prediction(state)
    local throws = state.throws
    local last = throws[#throws]
    local counts, seen = {}, false
    for i = 1, #throws - 1 do
      if throws[i].player == last.player then
        local next_sign = throws[i + 1].player
        counts[next_sign] = (counts[next_sign] or 0) + 1
        seen = true
      end
    end
    if seen then return most_frequent(counts) end
    return frequency_prediction(state)
  end

  -- The predicting opponents: each returns the signs it predicts (a tie is several).
  local PREDICTORS = { frequency = frequency_prediction, pattern = pattern_prediction }

  -- The computer's throw, and the sign that beats its prediction (nil for `random` and for the
  -- first throw, when there is nothing to predict from).
  local function computer_throw(state, game)
    local predict = PREDICTORS[game.options.opponent]
    if not predict or #state.throws == 0 then return game.pick(SIGNS), nil end
    local counter = game.pick(beaters(game.pick(predict(state))))
    local record = state.predictions
    local trust = math.max(0, record.right - record.wrong - 1) / (record.made + 2)
    if game.random() < trust then return counter, counter end
    return game.pick(SIGNS), counter
  end

  -- How the prediction's counter would have done against the player's sign.
  local function score_prediction(state, counter, you)
    local record = state.predictions
    record.made = record.made + 1
    local result = outcome(counter, you)
    if result == "win" then
      record.right = record.right + 1
    elseif result == "loss" then
      record.wrong = record.wrong + 1
    end
  end

  local function parse_sign(input)
    local word = input:lower()
    if SHORT[word] then return SHORT[word] end
    for _, sign in ipairs(SIGNS) do
      if sign == word then return sign end
    end
  end

  -- game.t costs about a sixth of a step. A text with few values (a sign's name, a throw's
  -- message by its two signs, a count) is asked for once and kept here, by language (and
  -- --ascii, for the separators), under an id of its key and values ("throw rock paper"); a
  -- text of the score is asked for each time. A cache, not game data: every text, and the
  -- state, are the same without it.
  local said = {}
  local function keep(game, id, make)
    local language = game.ascii and game.language .. " ascii" or game.language
    local texts = said[language]
    if not texts then
      texts = {}
      said[language] = texts
    end
    local text = texts[id]
    if not text then
      text = make()
      texts[id] = text
    end
    return text
  end

  -- A text without values: a label, a sign's name.
  local function fixed(game, key) return keep(game, key, function() return game.t(key) end) end

  -- A sign as players see it: "Rock", "Spock".
  local function name(game, sign) return fixed(game, SIGN_KEYS[sign]) end

  -- "Rock blunts Scissors".
  local function beats(game, sign, beaten) return fixed(game, BEATS_KEYS[sign][beaten]) end

  -- "2 more wins", "7 throws".
  local function count(game, key, n)
    return keep(game, key .. " " .. n, function() return game.t(key, { n = n }) end)
  end

  -- The short forms in the order of the signs, "r", "p", "s" (not pairs() order, which may
  -- differ between runs).
  local function shorts()
    local list = {}
    for _, sign in ipairs(SIGNS) do
      local found = {}
      for short, s in pairs(SHORT) do
        if s == sign then found[#found + 1] = short end
      end
      table.sort(found)
      for _, short in ipairs(found) do list[#list + 1] = short end
    end
    return list
  end

  -- A big button for each sign: its name and picture (none under --ascii), its key (the
  -- first of its one-letter short forms) and its move.
  local function sign_buttons(game)
    local buttons = {}
    for i, sign in ipairs(SIGNS) do
      local picture = not game.ascii and SIGN_PICTURES[sign]
      local key
      for _, short in ipairs(shorts()) do
        if not key and SHORT[short] == sign and #short == 1 then key = short end
      end
      buttons[i] = { text = name(game, sign) .. (picture and " " .. picture or ""), move = sign, key = key }
    end
    return { type = "buttons", buttons = buttons }
  end

  -- The separators of the texts, in ASCII with --ascii.
  local function dot(game) return game.ascii and " - " or " · " end
  local function dash(game) return game.ascii and " -- " or " — " end

  local function score_line(state, game)
    local values = { wins = state.wins, losses = state.losses, ties = state.ties, dot = dot(game) }
    if not state.pending then return game.t("score", values) end
    values.one, values.two = game.name(1), game.name(2)
    return game.t("score-seats", values)
  end

  local function length_name(n, game)
    if n == 1 then return fixed(game, "one-game") end
    return keep(game, "best-of " .. n, function() return game.t("best-of", { n = n, needed = n // 2 + 1 }) end)
  end

  -- A throw against the computer: "You: Rock · Computer: Scissors — Rock blunts Scissors: you
  -- win this one."
  local function throw_message(game, you, cpu, result)
    return keep(game, "throw " .. you .. " " .. cpu, function()
      local values = { you = name(game, you), cpu = name(game, cpu), dot = dot(game), dash = dash(game) }
      if result == "win" then
        values.beat = beats(game, you, cpu)
      elseif result == "loss" then
        values.beat = beats(game, cpu, you)
      end
      return game.t("throw-" .. result, values)
    end)
  end

  -- "You need 2 more wins, the computer 1 more win."
  local function need_message(game, you, computer)
    return game.t("need", { you = count(game, "more-wins", you), computer = count(game, "more-wins", computer) })
  end

  return {
    id = spec.id,
    title = spec.title,
    about = spec.about,
    rules = spec.rules,
    -- What the game says, in English; rps.texts/ and the like have it in other languages (--lang).
    texts = M.texts(spec),
    -- Each short form is a key: at a terminal one key plays its sign.
    keys = SHORT,

    options = {
      match = {
        choices = { "single", "best-of-3", "best-of-5" },
        accept = "best%-of%-%d+",
        default = "best-of-3",
        help = "how the match ends: any odd best-of-N up to 99",
        check = function(value, game)
          local _, problem = game.match.length(value)
          return problem
        end,
      },
      opponent = {
        choices = { "random", "frequency", "pattern" },
        default = "random",
        help = "how the computer chooses",
      },
    },

    -- One person against the computer, or two people.
    players = { min = 1, max = 2 },

    setup = function(game)
      local state = game.match.new(game.match.length(game.options.match))
      state.throws = {}
      if game.players == 2 then
        state.pending = {}   -- this round's throws so far, by seat: secret until both are in
      elseif PREDICTORS[game.options.opponent] then
        state.predictions = { made = 0, right = 0, wrong = 0 }
      end
      return state
    end,

    -- Both people throw at once: each seat that has not thrown in this round is to move.
    turn = function(state, game)
      if game.players == 1 then return 1 end
      local seats = {}
      for seat = 1, 2 do
        if state.pending[seat] == nil then seats[#seats + 1] = seat end
      end
      return seats
    end,

    -- The rule's own player, for `gamehost sim rps --bot`: half the time it throws what beats
    -- the sign the computer has thrown most (the first in SIGNS order on a tie), else any sign
    -- (a player that never varied could tie a predicting opponent forever).
    bot = function(state, game, seat)
      if game.random(2) == 1 then return game.pick(SIGNS) end
      -- The other side's signs: the computer's, or the other seat's.
      local counts = {}
      for _, t in ipairs(state.throws) do
        local theirs = seat == 2 and t.player or t.computer
        counts[theirs] = (counts[theirs] or 0) + 1
      end
      return beaters(most_frequent(counts)[1])[1]
    end,

    -- What a program sees (--json): the score and the last throw, as a player does; not the
    -- whole history, which would make every step of a long match cost more than the last.
    -- With two people, a seat sees whether the other has thrown, never what.
    observe = function(state, game, seat)
      local seen = {
        match = state.match, needed = state.needed, wins = state.wins, losses = state.losses, ties = state.ties,
        left = state.left, over = state.over, winner = state.winner, throws = #state.throws,
        last = state.throws[#state.throws],
      }
      if state.pending then
        seen.thrown = state.pending[seat]
        seen.other_has_thrown = state.pending[3 - seat] ~= nil
      end
      return seen
    end,

    -- The match and its score, then a button for each sign while the seat is to throw.
    view = function(state, game, seat)
      local elements = { { type = "heading", text = length_name(state.match, game) }, score_line(state, game) }
      if not state.over then
        if state.pending and state.pending[seat] then
          elements[#elements + 1] = game.t("waiting", { sign = name(game, state.pending[seat]), seat = 3 - seat })
        else
          elements[#elements + 1] = fixed(game, "your-throw")
          elements[#elements + 1] = sign_buttons(game)
        end
      end
      return elements
    end,

    moves = function(state, game, seat)
      if state.over or (state.pending and state.pending[seat]) then return {} end
      return { table.unpack(SIGNS) }
    end,

    play = function(state, input, game, seat)
      local you = parse_sign(input)
      if not you then
        game.refuse(game.t("not-a-sign",
          { input = input, signs = fixed(game, "sign-list"), keys = table.concat(shorts(), ", ") }))
      end
      if state.pending then
        -- Two people: the first throw waits, unseen, for the second.
        state.pending[seat] = you
        if not (state.pending[1] and state.pending[2]) then
          game.say(game.t("thrown", { name = game.name(seat) }))
          return
        end
        local one, two = state.pending[1], state.pending[2]
        state.pending = {}
        local result = outcome(one, two)
        game.match.record(state, result)
        state.throws[#state.throws + 1] = { player = one, computer = two, outcome = result }
        local values = {
          one = game.name(1), a = name(game, one), two = game.name(2), b = name(game, two), dot = dot(game), dash = dash(game),
        }
        if result == "win" then
          values.beat, values.winner = beats(game, one, two), values.one
        elseif result == "loss" then
          values.beat, values.winner = beats(game, two, one), values.two
        end
        game.say(game.t(result == "tie" and "seats-tie" or "seats-win", values))
        return
      end
      local cpu, counter = computer_throw(state, game)
      if counter then score_prediction(state, counter, you) end
      local result = outcome(you, cpu)
      game.match.record(state, result)
      state.throws[#state.throws + 1] = { player = you, computer = cpu, outcome = result }

      game.say(throw_message(game, you, cpu, result))
      -- The score itself is the view's line; the message says what is left to win.
      if not state.over then game.say(need_message(game, state.needed - state.wins, state.needed - state.losses)) end
    end,

    result = function(state, game)
      if not state.over then return nil end
      if game.players == 2 then
        local seat = state.winner == "player" and 1 or 2
        return {
          winner = seat, ranking = { seat, 3 - seat }, scores = { state.wins, state.losses },
          summary = game.t("seat-wins-match", {
            winner = game.name(seat), high = math.max(state.wins, state.losses), low = math.min(state.wins, state.losses),
            throws = count(game, "throw-count", #state.throws), ties = count(game, "tie-count", state.ties),
          }),
        }
      end
      return {
        winner = state.winner,
        score = state.wins,
        summary = game.t(state.winner == "player" and "you-win-match" or "computer-wins-match", {
          wins = state.wins, losses = state.losses,
          throws = count(game, "throw-count", #state.throws), ties = count(game, "tie-count", state.ties),
        }),
      }
    end,
  }
end

return M
