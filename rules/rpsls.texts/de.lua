-- Schere · Stein · Papier · Echse · Spock auf Deutsch (gamehost play rpsls --lang de).
-- Getippt wird weiter auf Englisch (rock, paper, scissors, lizard, spock) oder mit den Tasten
-- r, p, s, l, k: so geht ein gespeichertes Match in jeder Sprache weiter.
-- The texts every sign game shares, then this one's own.
local texts = require("sign-game-de")
for key, text in pairs({
  title = "Schere · Stein · Papier · Echse · Spock",
  about = "Die Variante mit fünf Handzeichen: Schlag den Computer in einem Best-of-N-Match.",
  rules = [[
Wähle mit r Stein, mit p Papier, mit s Schere, mit l Echse oder mit k Spock (oder tippe den
englischen Namen: rock, paper, scissors, lizard, spock, egal ob groß oder klein); der Computer
wählt im selben Moment. Schere schneidet Papier, Papier bedeckt Stein, Stein zerquetscht Echse,
Echse vergiftet Spock, Spock zertrümmert Schere, Schere köpft Echse, Echse frisst Papier,
Papier widerlegt Spock, Spock verdampft Stein, Stein zerquetscht Schere. Ein Unentschieden wird
wiederholt.]],
  ["sign-rock"] = "Stein",
  ["sign-paper"] = "Papier",
  ["sign-scissors"] = "Schere",
  ["sign-lizard"] = "Echse",
  ["sign-spock"] = "Spock",
  ["rock-beats-scissors"] = "Stein zerquetscht Schere",
  ["rock-beats-lizard"] = "Stein zerquetscht Echse",
  ["paper-beats-rock"] = "Papier bedeckt Stein",
  ["paper-beats-spock"] = "Papier widerlegt Spock",
  ["scissors-beats-paper"] = "Schere schneidet Papier",
  ["scissors-beats-lizard"] = "Schere köpft Echse",
  ["lizard-beats-spock"] = "Echse vergiftet Spock",
  ["lizard-beats-paper"] = "Echse frisst Papier",
  ["spock-beats-scissors"] = "Spock zertrümmert Schere",
  ["spock-beats-rock"] = "Spock verdampft Stein",
  ["sign-list"] = "Stein, Papier, Schere, Echse, Spock",
}) do texts[key] = text end
return texts
