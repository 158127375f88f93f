-- What every sign game (rps, rpsls, and a copy of either) says, in German: their
-- translations (rps.texts/de.lua) take these and add their signs.
return {
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

  -- The options every sign game has (--NAME): their help and a form's label.
  ["option.match"] = "wann das Match endet: ein beliebiges ungerades best-of-N bis 99",
  ["option.match.label"] = "Match",
  ["option.opponent"] = "wie der Computer wählt",
  ["option.opponent.label"] = "Gegner",
}
