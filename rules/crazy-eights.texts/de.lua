-- Verrückte Achten auf Deutsch (gamehost play crazy-eights --lang de). Karten werden weiter mit
-- den englischen Kürzeln getippt (7h, qd); ziehen, passen und die Farben auch auf Deutsch.
return {
  title = "Verrückte Achten",
  about = "Lege passend zur obersten Karte nach Wert oder Farbe ab, Achten sind Joker: Wer zuerst alle "
    .. "Karten los ist, gewinnt.",
  rules = [[
2 bis 4 Spieler, ein Blatt mit 52 Karten. Bei zwei Spielern bekommt jeder 7 Karten, bei drei oder
vier je 5; die nächste Karte wird aufgedeckt und beginnt den Ablagestapel (eine Acht kommt zurück
in den Nachziehstapel). Der Geber wechselt jedes Spiel nach links, gespielt wird links vom Geber
aus.
Wenn du dran bist, lege eine Karte ab, die im Wert oder in der Farbe zur obersten Karte passt.
Karten tippst du mit englischen Kürzeln, erst den Wert (a, 2–10, j, q, k), dann die Farbe (c Kreuz,
d Karo, h Herz, s Pik): etwa 7h, 10s, qd oder 7♥.
Eine Acht ist ein Joker: Du darfst sie auf jede Karte legen und wünschst dir die Farbe, die folgen
muss (Kreuz, Karo, Herz, Pik oder c, d, h, s).
Statt abzulegen kannst du eine Karte ziehen (ziehen); dann lege eine passende Karte ab oder passe
(passen). Ohne zu ziehen darfst du nur passen, wenn nichts mehr zu ziehen ist. Ist der
Nachziehstapel leer, wird der Ablagestapel bis auf die oberste Karte zum neuen Nachziehstapel
gemischt.
Wer als Erster seine letzte Karte ablegt, gewinnt und bekommt die Punkte der Karten, die die
anderen noch auf der Hand haben: eine Acht 50, König, Dame oder Bube 10, ein Ass 1, jede andere
Karte ihren Zahlenwert. Passen alle Spieler nacheinander, ist das Spiel blockiert: Die niedrigste
Hand gewinnt und bekommt die Differenz zu jeder anderen Hand.]],
  heading = "Verrückte Achten",
  ["game-number"] = "Spiel {number}",
  deals = "{name} gibt",
  ["top-card"] = "Oberste Karte:",
  ["top-card-label"] = "die oberste Karte des Ablagestapels",
  ["suit-called"] = "Gewünschte Farbe: {suit}",
  stock = "Nachziehstapel",
  discards = "Ablagestapel",
  ["your-hand"] = { one = "Deine Hand, {name} ({n} Karte):", other = "Deine Hand, {name} ({n} Karten):" },
  hand = { one = "{name} ({n} Karte):", other = "{name} ({n} Karten):" },
  ["your-hand-label"] = "deine Hand",
  ["hand-label"] = "Hand von {name}",
  cards = { one = "Karte", other = "Karten" },
  over = "Das Spiel ist vorbei.",
  ["call-prompt"] = "Wünsch dir eine Farbe:",
  ["match-called"] = "Lege {suit} ab – oder eine Acht.",
  match = "Lege {rank} oder {suit} ab – oder eine Acht.",
  ["prompt-drawn"] = "Du hast gezogen: Lege ab oder passe.",
  ["prompt-draw"] = "Du bist dran: Lege ab oder ziehe.",
  ["prompt-pass"] = "Du bist dran: Lege ab oder passe.",
  ["button-draw"] = "Ziehen",
  ["button-pass"] = "Passen",
  ["to-call"] = "{name} wünscht sich gleich eine Farbe.",
  ["to-play"] = "{name} ist dran.",
  ["suit-clubs"] = "Kreuz",
  ["suit-diamonds"] = "Karo",
  ["suit-hearts"] = "Herz",
  ["suit-spades"] = "Pik",
  ["word-draw"] = "ziehen",
  ["word-pass"] = "passen",
  ["back-to-stock"] = "{card} wird aufgedeckt und kommt zurück in den Nachziehstapel.",
  plays = "{name} legt {card}",
  out = "{name} hat keine Karten mehr.",
  refill = "Der Ablagestapel bis auf die oberste Karte wird zum neuen Nachziehstapel gemischt.",
  draws = "{name} zieht eine Karte",
  ["you-draw"] = "Du ziehst {card}",
  passes = "{name} passt",
  calls = "{name} wünscht sich {suit}",
  blocked = "Niemand kann ablegen oder ziehen: Das Spiel ist blockiert.",
  ["not-a-card"] = "„{input}“ ist weder eine Karte noch „ziehen“ oder „passen“: Gib eine Karte ein, etwa 7h oder {example}",
  ["not-held"] = "Du hast {card} nicht auf der Hand",
  ["not-called"] = "Gewünscht ist {suit}, und {card} ist kein {suit}: Lege {suit} oder eine Acht ab",
  ["no-match"] = "{card} passt weder zu {rank} noch zu {suit}",
  ["drawn-already"] = "Du hast in diesem Zug schon gezogen: Lege eine Karte ab oder passe",
  ["nothing-to-draw"] = "Es gibt nichts mehr zu ziehen: Lege eine Karte ab oder passe",
  ["draw-first"] = "Zieh erst eine Karte: Passen darfst du nur nach dem Ziehen oder wenn nichts mehr zu ziehen ist",
  ["call-first"] = "Wünsch dir eine Farbe für deine Acht: Kreuz, Karo, Herz oder Pik (c, d, h, s)",
  wins = { one = "{name} gewinnt und bekommt {points} Punkt.", other = "{name} gewinnt und bekommt {points} Punkte." },
  ["blocked-win"] = {
    one = "Blockiert: {name} hat die niedrigste Hand ({value}) und bekommt {points} Punkt.",
    other = "Blockiert: {name} hat die niedrigste Hand ({value}) und bekommt {points} Punkte.",
  },
  ["blocked-share"] = {
    one = "Blockiert: {names} haben gleich niedrige Hände ({value}) und bekommen je {points} Punkt.",
    other = "Blockiert: {names} haben gleich niedrige Hände ({value}) und bekommen je {points} Punkte.",
  },
  comma = ", ",
  ["and"] = "{names} und {last}",
}
