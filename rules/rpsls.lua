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
Type rock, paper, scissors, lizard or spock (or r, p, s, l, k); the computer throws at once.
Scissors cut paper, paper covers rock, rock crushes lizard, lizard poisons Spock, Spock smashes
scissors, scissors decapitate lizard, lizard eats paper, paper disproves Spock, Spock vaporizes
rock, rock crushes scissors. A tie is replayed.]],

  -- The signs, in the order that breaks ties between the computer's predictions; their short
  -- forms; and what beats what: beats[a][b] is the verb for "a beats b".
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
