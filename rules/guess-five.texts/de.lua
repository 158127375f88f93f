-- Guess Five auf Deutsch (gamehost play guess-five --lang de).
return {
  title = "Fünf Buchstaben",
  about = "Finde das verborgene Wort aus fünf Buchstaben in sechs Versuchen.",
  rules = [[
Gib ein Wort mit fünf Buchstaben aus der Liste ein. Jeder Buchstabe wird markiert:
  [a]  richtig: Dieser Buchstabe steht an dieser Stelle.
  (a)  woanders: Das Wort hat diesen Buchstaben an einer anderen Stelle.
   a   fehlt: Das Wort hat diesen Buchstaben nicht (oder nicht öfter).
Finde das Wort in sechs Versuchen. Die Tastatur zeigt, was du über jeden Buchstaben weißt;
ein fehlender Buchstabe erscheint als -.
Mit --hard on müssen richtig markierte Buchstaben an ihrer Stelle bleiben und woanders markierte
wieder vorkommen. Deine Statistik wird für jede Wortliste getrennt geführt.]],
  -- Kept short ("Versuch 2/6", "max."): the heading, statistics and result fit 40 columns.
  heading = "Fünf Buchstaben{dot}Versuch {try}/{tries}",
  ["heading-hard"] = "Fünf Buchstaben{dot}Versuch {try}/{tries}{dot}schwer",
  stats = "Spiele {played}{dot}{percent} % Siege{dot}Serie {streak}, max. {best}",
  moves = "ein Wort mit fünf Buchstaben aus der Liste",
  length = "gib ein Wort mit {length} Buchstaben ein",
  unknown = "„{word}“ steht nicht in der Wortliste",
  tried = "„{word}“ hast du schon versucht",
  ["hard-place"] = "schwerer Modus: an Stelle {place} muss „{letter}“ stehen",
  ["hard-use"] = "schwerer Modus: das Wort muss „{letter}“ enthalten",
  ["no-word"] = "{list} hat kein Wort mit fünf Buchstaben: Das Spiel braucht eine Liste mit {enough} oder mehr"
    .. " (--words LISTE).",
  ["one-word"] = "{list} hat nur ein Wort mit fünf Buchstaben: Das Spiel braucht eine Liste mit {enough} oder mehr"
    .. " (--words LISTE).",
  ["few-words"] = "{list} hat nur {count} Wörter mit fünf Buchstaben: Die Tastatur mit ihren Buchstaben verrät"
    .. " viel. Am besten spielt es sich mit {enough} oder mehr (--words LISTE).",
  found = "Gefunden: „{word}“ in {tries} von {all} Versuchen.",
  lost = "Keine Versuche mehr: Das Wort war „{word}“.",

  -- The game's options (--NAME): their help and a form's label.
  ["option.accents"] = "fold: e gilt auch als e mit Akzent (é, è …)",
  ["option.accents.label"] = "Akzente",
  ["option.hard"] = "gefundene Buchstaben musst du wieder verwenden",
  ["option.hard.label"] = "Schwerer Modus",
}
