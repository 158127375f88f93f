-- Drillings-Memory auf Deutsch (gamehost play memory-triples --lang de).
return {
  title = "Drillings-Memory",
  about = "Memory mit Drillingen: Decke drei gleiche Karten auf.",
  rules = [[
Wähle eine Karte über ihre Nummer; drei aufgedeckte Karten sind ein Versuch.
Drei gleiche Karten sind ein Drilling: +3. Ein Versuch ohne Drilling kostet 1 Punkt für jede der
drei Karten, die du schon gesehen hattest. Deine nächste Wahl dreht die anderen wieder um.]],
  heading = "Drillings-Memory",
  score = "Punkte",
  flips = "Züge",
  choose = "Wähle eine Karte (1–{last}).",
  ["theme-short"] = "Das Thema {theme} hat {emoji} Emoji: {dealt} Drillinge ausgeteilt, nicht {asked}.",
  matched = "Karte {card} gehört schon zu einem Drilling",
  ["face-up"] = "Karte {card} liegt schon offen",
  ["not-a-card"] = "„{input}“ ist keine Karte: Gib eine Zahl von 1 bis {last} ein",
  match = "Drilling: {face}! +{points}",
  ["no-match-seen"] = {
    one = "Kein Drilling, und du kanntest eine davon: {points}",
    other = "Kein Drilling, und du kanntest {seen} davon: {points}",
  },
  ["no-match-new"] = "Kein Drilling: kostet nichts, alle drei waren neu.",
  summary = "Alle Drillinge gefunden: Endstand {score} nach {flips}. Bestwert für {settings}: {best}.",
  ["flip-count"] = { one = "{n} Zug", other = "{n} Zügen" },
  practice = "{summary} (Übung: nicht gewertet.)",
  settings = "{theme}, {cards} Karten, Wertung {scoring}",

  -- The game's options (--NAME): their help and a form's label.
  ["option.deck"] = "feste Auslage: die Motive der Reihe nach, mit Kommas getrennt",
  ["option.deck.label"] = "Auslage",
  ["option.pairs"] = "wie viele Drillinge: eine Zahl (vom Thema begrenzt) oder die des Themas",
  ["option.pairs.label"] = "Drillinge",
  ["option.scoring"] = "timed: Tempo zählt; bonus: +1 je gefundene Karte, die unter 6 s offen lag",
  ["option.scoring.label"] = "Wertung",
  ["option.theme"] = "das Emoji-Thema",
  ["option.theme.label"] = "Thema",
}
