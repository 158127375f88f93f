-- Schere · Stein · Papier auf Deutsch (gamehost play rps --lang de). Getippt wird weiter auf
-- Englisch (rock, paper, scissors) oder mit den Tasten r, p, s: so geht ein gespeichertes Match
-- in jeder Sprache weiter.
-- The texts every sign game shares, then this one's own.
local texts = require("sign-game-de")
for key, text in pairs({
  title = "Schere · Stein · Papier",
  about = "Schlag den Computer in einem Best-of-N-Match.",
  rules = [[
Wähle mit r Stein, mit p Papier oder mit s Schere (oder tippe den englischen Namen: rock,
paper, scissors, egal ob groß oder klein); der Computer wählt im selben Moment. Stein schleift
Schere, Schere schneidet Papier, Papier wickelt Stein ein. Ein Unentschieden wird wiederholt.
Wer zuerst mehr als die Hälfte der Spiele des Matches gewinnt, gewinnt das Match.]],
  ["sign-rock"] = "Stein",
  ["sign-paper"] = "Papier",
  ["sign-scissors"] = "Schere",
  ["rock-beats-scissors"] = "Stein schleift Schere",
  ["paper-beats-rock"] = "Papier wickelt Stein ein",
  ["scissors-beats-paper"] = "Schere schneidet Papier",
  ["sign-list"] = "Stein, Papier, Schere",
}) do texts[key] = text end
return texts
