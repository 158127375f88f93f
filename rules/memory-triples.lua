-- Memory Triples: find three of a kind instead of pairs. A variant written only in Lua on the
-- host's card API (game.cards) and Memory's shared table (rules/lib/memory-table.lua): no
-- Swift was changed for it.
--
-- Rules: choose cards one at a time. When a third card turns up next to two face-up cards,
-- three equal cards are a match (+3); otherwise each of the three you had already seen costs
-- 1 point. The next choice turns those three face down first; matched cards then leave the
-- table.

local table_ = require("memory-table")

---@type Rule
return {
  id = "memory-triples",
  title = "Memory Triples",
  about = "Memory with three of a kind: turn three cards that match.",
  rules = [[
Choose a card by its number; turn three cards to make a try.
Three equal cards are a match: +3. A try that fails costs 1 point for each of the three
cards you had already seen. Your next choice turns the others face down.]],

  options = table_.options("triples", 3),

  setup = table_.setup(3),
  view = table_.view(),
  -- What the game says, in English; memory-triples.texts/ has them in other languages (--lang).
  texts = table_.texts {
    heading = "Memory Triples",
    match = "Three of a kind: {face}! +{points}",
    ["no-match-seen"] = "No match, and you had seen {seen} of them: {points}",
    ["no-match-new"] = "No match: no cost, all three were new.",
    summary = "Every triple found: score {score} in {flips}. Best for {settings}: {best}.",
    ["flip-count"] = { one = "{n} flip", other = "{n} flips" },
    -- A practice game's summary: the summary, then that it is not ranked.
    practice = "{summary} (Practice: not ranked.)",
  },
  moves = table_.moves,

  play = function(state, input, game)
    local i, card = table_.choose(state, input, game)
    local cards = state.cards

    local factor = table_.speed_factor(state, game)
    local up = game.cards.face_up(cards)
    local points = 0
    if #up >= 3 then
      for _, j in ipairs(up) do game.cards.turn_down(cards, j) end
      up = {}
    end
    game.cards.turn_up(cards, i)
    if #up == 2 then
      local a, b = cards[up[1]], cards[up[2]]
      if a.content == card.content and b.content == card.content then
        a.matched, b.matched, card.matched = true, true, true
        points = 3 * factor + table_.bonus(state, game, { up[1], up[2], i })
        game.say(game.t("match", { face = table_.face(state, game, card.content), points = points }))
      else
        local seen = (a.seen and 1 or 0) + (b.seen and 1 or 0) + (card.seen and 1 or 0)
        points = -seen * factor
        if points < 0 then
          -- n picks the form where a language counts them (German: eine davon).
          game.say(game.t("no-match-seen", { seen = seen, points = points, n = seen }))
        else
          game.say(game.t("no-match-new"))
        end
      end
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
      summary = state.rank and summary or game.t("practice", { summary = summary }),
    }
  end,
}
