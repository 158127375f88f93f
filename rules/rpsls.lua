-- rpsls: a variant of rps, made with `gamehost new rpsls --from rps`.
-- Rock · Paper · Scissors · Lizard · Spock: each sign beats two
-- and loses to two. The game itself is rules/lib/sign-game.lua, as for rps: only the signs,
-- the tables of what beats what, and the texts are new.

local signs = require("sign-game")

---@type Rule
return signs.rule {
  id = "rpsls",
  title = "Rock · Paper · Scissors · Lizard · Spock",
  about = "The five-sign version: beat the computer in a best-of-N match.",
  rules = [[
Type Rock, Paper, Scissors, Lizard or Spock (or r, p, s, l, k), in any case; the computer
throws at once. Scissors cut Paper, Paper covers Rock, Rock crushes Lizard, Lizard poisons
Spock, Spock smashes Scissors, Scissors decapitate Lizard, Lizard eats Paper, Paper disproves
Spock, Spock vaporizes Rock, Rock crushes Scissors. A tie is replayed.]],

  -- The signs, in the order the game lists them (it shows them capitalised: "Rock"); their
  -- short forms; and what beats what: beats[a][b] is the verb for "a beats b".
  signs = { "rock", "paper", "scissors", "lizard", "spock" },
  short = { r = "rock", p = "paper", s = "scissors", l = "lizard", k = "spock" },
  beats = {
    rock = { scissors = "crushes", lizard = "crushes" },
    paper = { rock = "covers", spock = "disproves" },
    scissors = { paper = "cut", lizard = "decapitate" },
    lizard = { spock = "poisons", paper = "eats" },
    spock = { scissors = "smashes", rock = "vaporizes" },
  },
}
