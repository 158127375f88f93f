-- Galgenmännchen auf Deutsch (gamehost play hangman --lang de).
return {
  title = "Galgenmännchen",
  about = "Der Klassiker: Errate das Wort, bevor das Männchen hängt.",
  rules = [[
Errate das verborgene Wort Buchstabe für Buchstabe. Jeder Fehler fügt dem Männchen ein Stück hinzu:
Kopf, Oberkörper, Unterkörper, linkes Bein, linker Arm, rechter Arm, rechtes Bein. Nach sieben
Fehlern hängt es. Der Schnitt zählt die Fehler pro Wort; ein verlorenes Wort zählt als 9.]],
  -- The labels padded to one width, so the values line up beside the gallows.
  ["word-number"] = "Wort Nr.:        {number}",
  ["current-average"] = "Schnitt aktuell: {whole},{fraction}",
  ["overall-average"] = "Schnitt gesamt:  {whole},{fraction}",
  gallows = "der Galgen, {drawn} von {parts} Teilen des Männchens gezeichnet; {word_number}; {current}; {overall}",
  word = "das Wort",
  another = "Noch ein Wort?",
  yes = "Ja",
  no = "Nein",
  ["yes-or-no"] = "Noch ein Wort? Gib y (ja) oder n (nein) ein",
  ["one-letter"] = "kein gültiger Tipp: gib einen einzelnen Buchstaben ein",
  invalid = "kein gültiger Tipp",
  ["invalid-why"] = "kein gültiger Tipp: {why}",
  repeated = "„{letter}“ hast du schon geraten",
  found = "Richtig geraten!",
  lost = "Schade, das Wort war „{word}“",
  summary = {
    one = "{n} Wort: {guessed} erraten, {hanged} verloren. Fehler pro Wort im Schnitt: {whole},{fraction}.",
    other = "{n} Wörter: {guessed} erraten, {hanged} verloren. Fehler pro Wort im Schnitt: {whole},{fraction}.",
  },

  -- The game's options (--NAME): their help and a form's label.
  ["option.accents"] = "fold: e deckt auch e mit Akzent auf (é, è …)",
  ["option.accents.label"] = "Akzente",
  ["option.order"] = "die Reihenfolge der Wörter",
  ["option.order.label"] = "Reihenfolge",
}
