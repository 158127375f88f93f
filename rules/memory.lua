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
  view = table_.view(),
  -- What the game says, in English; memory.texts/ has them in other languages (--lang).
  texts = table_.texts {
    heading = "Memory",
    match = "Match: {face}! +{points}",
    ["no-match-seen-both"] = "No match, and you had seen both: {points}",
    ["no-match-seen-one"] = "No match, and you had seen one: {points}",
    ["no-match-new"] = "No match: no cost, both were new.",
    summary = "Every pair found: score {score} in {flips}. Best for {settings}: {best}.",
    ["flip-count"] = { one = "{n} flip", other = "{n} flips" },
    practice = "(Practice: not ranked.)",
  },
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
        game.say(game.t("match", { face = table_.face(state, game, card.content), points = points }))
      else
        points = -penalty * factor
        if points < 0 then
          game.say(game.t(penalty == 2 and "no-match-seen-both" or "no-match-seen-one", { points = points }))
        else
          game.say(game.t("no-match-new"))
        end
      end
    else
      for _, j in ipairs(up) do game.cards.turn_down(cards, j) end
      game.cards.turn_up(cards, i)
    end
    table_.count_choice(state, game, points)
  end,

  result = function(state, game)
    if not state.over then return nil end
    local summary = game.t("summary", { score = state.score, flips = game.t("flip-count", { n = state.flips }),
                                        settings = table_.settings(state, game), best = state.best })
    return {
      winner = "player",
      score = state.score,
      summary = state.rank and summary or summary .. " " .. game.t("practice"),
    }
  end,
}
