-- Memory auf Deutsch (gamehost play memory --lang de).
return {
  title = "Memory",
  about = "Decke Emoji-Karten paarweise auf und finde jedes Paar.",
  rules = [[
Wähle eine Karte über ihre Nummer, um sie aufzudecken, dann eine zweite.
Zwei gleiche Karten sind ein Paar: +2. Zwei verschiedene Karten kosten je 1 Punkt für jede, die
du schon gesehen hattest (schon einmal aufgedeckt), also merk dir, was du gesehen hast. Deine
nächste Wahl dreht die anderen wieder um; Paare verlassen den Tisch. Das Spiel endet, wenn jedes
Paar gefunden ist.]],
  heading = "Memory",
  score = "Punkte",
  flips = "Züge",
  choose = "Wähle eine Karte (1–{last}).",
  ["theme-short"] = "Das Thema {theme} hat {emoji} Emoji: {dealt} ausgeteilt, nicht {asked}.",
  matched = "Karte {card} ist schon Teil eines Paars",
  ["face-up"] = "Karte {card} liegt schon offen",
  ["not-a-card"] = "„{input}“ ist keine Karte: gib eine Zahl von 1 bis {last} ein",
  match = "Paar: {face}! +{points}",
  ["no-match-seen-both"] = "Kein Paar, und du kanntest beide: {points}",
  ["no-match-seen-one"] = "Kein Paar, und du kanntest eine: {points}",
  ["no-match-new"] = "Kein Paar: kostet nichts, beide waren neu.",
  summary = "Alle Paare gefunden: {score} Punkte in {flips}. Bestwert für {settings}: {best}.",
  ["flip-count"] = { one = "{n} Zug", other = "{n} Zügen" },
  practice = "(Übung: nicht gewertet.)",
  settings = "{theme}, {cards} Karten, Wertung {scoring}",

  -- The game's options (--NAME): their help and a form's label.
  ["option.deck"] = "feste Auslage: die Motive der Reihe nach, mit Kommas getrennt",
  ["option.deck.label"] = "Auslage",
  ["option.pairs"] = "wie viele Paare: eine Zahl (vom Thema begrenzt) oder die des Themas",
  ["option.pairs.label"] = "Paare",
  ["option.scoring"] = "timed: Tempo zählt; bonus: +1 je gefundene Karte, die unter 6 s offen lag",
  ["option.scoring.label"] = "Wertung",
  ["option.theme"] = "das Emoji-Thema",
  ["option.theme.label"] = "Thema",
}
