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
  texts = table_.texts { heading = "Memory Triples" },
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
        game.say(("Three of a kind: %s! +%d"):format(table_.face(state, game, card.content), points))
      else
        local seen = (a.seen and 1 or 0) + (b.seen and 1 or 0) + (card.seen and 1 or 0)
        points = -seen * factor
        if points < 0 then
          game.say(("No match, and you had seen %d of them: %d"):format(seen, points))
        else
          game.say("No match: no cost, all three were new.")
        end
      end
    end
    table_.count_choice(state, game, points)
  end,

  result = function(state)
    if not state.over then return nil end
    return {
      winner = "player",
      score = state.score,
      summary = ("Every triple found: score %d in %d flips. Best for %s: %d.%s"):format(
        state.score, state.flips, state.settings, state.best, state.rank and "" or " (Practice: not ranked.)"),
    }
  end,
}
