-- Rock · Paper · Scissors: a best-of-N match against the computer.
--
-- This file says which signs there are and what beats what; the game itself (the match, the
-- computer's strategies, what the player sees) is rules/lib/sign-game.lua, shared with the
-- variants. Copy this file to make one: `gamehost new my-game --from rps` (docs/writing-rules.md).

local signs = require("sign-game")

---@type Rule
return signs.rule {
  id = "rps",
  title = "Rock · Paper · Scissors",
  about = "Beat the computer in a best-of-N match.",
  rules = [[
Type Rock, Paper or Scissors (or r, p, s), in any case, to throw; the computer throws at the
same time. Rock blunts Scissors, Scissors cut Paper, Paper wraps Rock. A tie is replayed.
The first to win more than half of the match's games takes the match.]],

  -- The signs, in the order the game lists them (it shows them capitalised: "Rock"); their
  -- short forms; and what beats what: beats[a][b] is the verb for "a beats b".
  signs = { "rock", "paper", "scissors" },
  short = { r = "rock", p = "paper", s = "scissors" },
  beats = {
    rock = { scissors = "blunts" },
    paper = { rock = "wraps" },
    scissors = { paper = "cut" },
  },
}
