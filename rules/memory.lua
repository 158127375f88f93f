-- Memory: find the pairs of emoji cards, two at a time (after Stanford's
-- "Memorize"). The deck mechanics (flags, face-up time, shuffling) are the host's game.cards;
-- themes, the deal and the grid are shared with variants in rules/lib/memory-table.lua.
--
-- Choices where the rule book is silent:
-- * Cards are chosen by the number shown beside them in the grid.
-- * Choosing a card that is face up, matched or gone is refused with the reason (it does
--   nothing, and is not a flip); so is a number that is not a card.
-- * "flips" counts the choices that turned a card face up.
-- * --deck A,B,A,B deals a fixed table (for practice and tests); the theme still names the
--   game and colours the backs.
-- * The best score is kept for each theme, deal size and scoring, per version of this file
--   (gamehost scores memory).

local table_ = require("memory-table")

local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

---@type Rule
return {
  id = "memory",
  title = "Memory",
  about = "Turn emoji cards two at a time and find every pair.",
  rules = [[
Choose a card by its number to turn it face up, then a second one.
Two equal cards are a match: +2. Two different cards cost 1 point for each that you had
already seen (turned face up before), so remember what you saw. Your next choice turns the
others face down; matched cards leave the table. The game ends when every pair is found.]],

  options = table_.options("pairs", 2),

  setup = table_.setup(2),
  view = table_.view("Memory"),
  moves = table_.moves,
  -- The rule's own player: a perfect memory, of what it has seen only.
  bot = table_.pairs_bot,

  play = function(state, input, game)
    local i, card = table_.choose(state, input, game)
    local cards = state.cards

    local factor = table_.speed_factor(state, game)
    local up = game.cards.face_up(cards)
    local points = 0
    if #up == 1 then
      local j = up[1]
      local other = cards[j]
      local penalty = (other.seen and 1 or 0) + (card.seen and 1 or 0)
      game.cards.turn_up(cards, i)
      if other.content == card.content then
        other.matched, card.matched = true, true
        points = 2 * factor + table_.bonus(state, game, { i, j })
        game.say(("Match: %s! +%d"):format(table_.face(state, game, card.content), points))
      else
        points = -penalty * factor
        if points < 0 then
          game.say(("No match, and you had seen %s: %d"):format(penalty == 2 and "both" or "one", points))
        else
          game.say("No match: no cost, both were new.")
        end
      end
    else
      for _, j in ipairs(up) do game.cards.turn_down(cards, j) end
      game.cards.turn_up(cards, i)
    end
    table_.count_choice(state, game, points)
  end,

  result = function(state)
    if not state.over then return nil end
    return {
      winner = "player",
      score = state.score,
      summary = ("Every pair found: score %d in %s. Best for %s: %d.%s"):format(
        state.score, plural(state.flips, "flip"), state.settings, state.best, state.rank and "" or " (Practice: not ranked.)"),
    }
  end,
}
