-- The engine of the sign games: Rock · Paper · Scissors (rules/rps.lua) and its variants such
-- as Rock · Paper · Scissors · Lizard · Spock (rules/rpsls.lua). A best-of-N match against the
-- computer; a rule file gives the signs and what beats what, and
-- `rule(spec)` returns the whole rule table.
--
-- Choices where the rule book is silent:
-- * A tie is replayed and counted; it never brings the end of the match closer.
-- * The `frequency` opponent, before the player has thrown, predicts the first sign (ties
--   between predictions break in the order of `signs`: rock < paper < scissors), so it opens
--   with what beats rock. `pattern` falls back to `frequency` when the player's last sign has
--   never been followed by another. Against a prediction the computer plays the first sign (in
--   `signs` order) that beats it.
-- * After the match, any further throw is refused; the host offers a new match (y/n).

local M = {}

---@class SignGameSpec
---@field id string
---@field title string
---@field about string
---@field rules string
---@field signs string[]                          the signs, in the order that breaks ties
---@field short table<string, string>             short forms: r = "rock"
---@field beats table<string, table<string, string>>  beats[a][b] is the verb for "a beats b"

---@param spec SignGameSpec
---@return Rule
function M.rule(spec)
  local SIGNS, SHORT, BEATS = spec.signs, spec.short, spec.beats
  for _, sign in ipairs(SIGNS) do
    assert(BEATS[sign], "sign-game: beats has no entry for '" .. sign .. "'")
  end

  -- Rule 1: each sign beats the ones in its BEATS entry and loses to the others.
  local function outcome(you, cpu)
    if you == cpu then return "tie" end
    return BEATS[you][cpu] and "win" or "loss"
  end

  -- The first sign (in SIGNS order) that beats `sign`: what to throw against a prediction.
  local function beater(sign)
    for _, s in ipairs(SIGNS) do
      if BEATS[s][sign] then return s end
    end
  end

  -- The sign with the highest count; ties go to the earlier sign in SIGNS.
  local function most_frequent(counts)
    local best, best_count = nil, -1
    for _, sign in ipairs(SIGNS) do
      if (counts[sign] or 0) > best_count then best, best_count = sign, counts[sign] or 0 end
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
    if last then
      local counts, seen = {}, false
      for i = 1, #throws - 1 do
        if throws[i].player == last.player then
          local next_sign = throws[i + 1].player
          counts[next_sign] = (counts[next_sign] or 0) + 1
          seen = true
        end
      end
      if seen then return most_frequent(counts) end
    end
    return frequency_prediction(state)
  end

  local OPPONENTS = {
    random = function(state, game) return game.pick(SIGNS) end,
    frequency = function(state) return beater(frequency_prediction(state)) end,
    pattern = function(state) return beater(pattern_prediction(state)) end,
  }

  local function parse_sign(input)
    local word = input:lower()
    if SHORT[word] then return SHORT[word] end
    for _, sign in ipairs(SIGNS) do
      if sign == word then return sign end
    end
  end

  -- "rock, paper or scissors (r, p, s)"
  local function sign_list()
    local shorts = {}
    for _, sign in ipairs(SIGNS) do
      for short, s in pairs(SHORT) do
        if s == sign then shorts[#shorts + 1] = short end
      end
    end
    return table.concat(SIGNS, ", ", 1, #SIGNS - 1) .. " or " .. SIGNS[#SIGNS] .. " (" .. table.concat(shorts, ", ") .. ")"
  end

  local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

  local function score_line(state)
    return ("You %d · Computer %d · Ties %d"):format(state.wins, state.losses, state.ties)
  end

  local function length_name(n)
    return n == 1 and "One game decides" or ("Best of %d: first to %d wins"):format(n, n // 2 + 1)
  end

  return {
    id = spec.id,
    title = spec.title,
    about = spec.about,
    rules = spec.rules,

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

    setup = function(game)
      local state = game.match.new(game.match.length(game.options.match))
      state.throws = {}
      return state
    end,

    -- The rule's own player, for `gamehost sim rps --bot`: half the time it throws what beats
    -- the sign the computer has thrown most (rock first), else any sign (a player that never
    -- varied could tie a predicting opponent forever).
    bot = function(state, game)
      if game.random(2) == 1 then return game.pick(SIGNS) end
      local counts = {}
      for _, t in ipairs(state.throws) do counts[t.computer] = (counts[t.computer] or 0) + 1 end
      return beater(most_frequent(counts))
    end,

    -- What a program sees (--json): the score and the last throw, as a player does; not the
    -- whole history, which would make every step of a long match cost more than the last.
    observe = function(state)
      return {
        match = state.match, needed = state.needed, wins = state.wins, losses = state.losses, ties = state.ties,
        left = state.left, over = state.over, winner = state.winner, throws = #state.throws,
        last = state.throws[#state.throws],
      }
    end,

    view = function(state)
      local lines = { length_name(state.match), score_line(state) }
      if not state.over then
        lines[#lines + 1] = "Your throw: " .. sign_list() .. "?"
      end
      return table.concat(lines, "\n")
    end,

    moves = function(state)
      if state.over then return {} end
      return { table.unpack(SIGNS) }
    end,

    play = function(state, input, game)
      local you = parse_sign(input)
      if not you then
        game.refuse(("'%s' is not a sign: type %s"):format(input, sign_list()))
      end
      local cpu = OPPONENTS[game.options.opponent](state, game)
      local result = outcome(you, cpu)
      game.match.record(state, result)
      state.throws[#state.throws + 1] = { player = you, computer = cpu, outcome = result }

      local how
      if result == "tie" then
        how = "a tie, replayed"
      elseif result == "win" then
        how = ("%s %s %s: you win this one"):format(you, BEATS[you][cpu], cpu)
      else
        how = ("%s %s %s: the computer wins this one"):format(cpu, BEATS[cpu][you], you)
      end
      game.say(("You: %s · Computer: %s — %s."):format(you, cpu, how))
      if not state.over then
        game.say(("Score %d:%d. You need %s, the computer %s."):format(
          state.wins, state.losses, plural(state.needed - state.wins, "more win"),
          plural(state.needed - state.losses, "more win")))
      end
    end,

    result = function(state)
      if not state.over then return nil end
      local who = state.winner == "player" and "You win" or "The computer wins"
      return {
        winner = state.winner,
        score = state.wins,
        summary = ("%s the match %d:%d after %s (%s)."):format(
          who, state.wins, state.losses, plural(#state.throws, "throw"), plural(state.ties, "tie")),
      }
    end,
  }
end

return M
