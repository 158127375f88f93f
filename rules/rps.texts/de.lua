-- Schere · Stein · Papier auf Deutsch (gamehost play rps --lang de). Getippt wird weiter auf
-- Englisch (rock, paper, scissors) oder mit den Tasten r, p, s: so geht ein gespeichertes Match
-- in jeder Sprache weiter.
return {
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
  ["one-game"] = "Ein Spiel entscheidet",
  ["best-of"] = "Best of {n}: Wer zuerst {needed} gewinnt, siegt",
  score = "Du {wins}{dot}Computer {losses}{dot}Unentschieden {ties}",
  ["score-seats"] = "{one} {wins}{dot}{two} {losses}{dot}Unentschieden {ties}",
  ["your-throw"] = "Deine Wahl:",
  waiting = "Deine Wahl: {sign}. Warte auf Platz {seat}.",
  ["not-a-sign"] = "„{input}“ gilt nicht: tippe {keys} für {signs}",
  thrown = "{name} hat gewählt.",
  ["throw-tie"] = "Du: {you}{dot}Computer: {cpu}{dash}unentschieden, noch einmal.",
  ["throw-win"] = "Du: {you}{dot}Computer: {cpu}{dash}{beat}: Das Spiel geht an dich.",
  ["throw-loss"] = "Du: {you}{dot}Computer: {cpu}{dash}{beat}: Das Spiel geht an den Computer.",
  ["seats-tie"] = "{one}: {a}{dot}{two}: {b}{dash}unentschieden, noch einmal.",
  ["seats-win"] = "{one}: {a}{dot}{two}: {b}{dash}{beat}: Das Spiel geht an {winner}.",
  need = "Du brauchst noch {you}, der Computer noch {computer}.",
  ["more-wins"] = { one = "{n} Sieg", other = "{n} Siege" },
  ["you-win-match"] = "Du gewinnst das Match {wins}:{losses} nach {throws} ({ties}).",
  ["computer-wins-match"] = "Der Computer gewinnt das Match {wins}:{losses} nach {throws} ({ties}).",
  ["seat-wins-match"] = "{winner} gewinnt das Match {high}:{low} nach {throws} ({ties}).",
  ["throw-count"] = { one = "{n} Runde", other = "{n} Runden" },
  ["tie-count"] = "{n} Unentschieden",
}
