-- Blackjack auf Deutsch (gamehost play blackjack --lang de). Die Züge tippt man weiter auf
-- Englisch (hit, stand, double, leave) oder mit ihren Tasten h, s, d, l.
return {
  title = "Blackjack",
  about = "Schlag den Dealer: komm näher an 21, ohne dich zu überkaufen; du startest mit 100 Chips.",
  rules = [[
Du bekommst zwei Karten, der Dealer auch; eine seiner Karten liegt verdeckt. Zahlenkarten
zählen ihren Augenwert, Bube (J), Dame (Q) und König (K) zählen 10, ein Ass 1 oder 11. Komm
näher an 21 als der Dealer, ohne 21 zu überschreiten.
Setze vor jeder Hand 1 bis 25 Chips (gib die Zahl ein) oder verlasse den Tisch (l).
Dann: Karte ziehen (h) nimmt eine Karte; Halten (s) behält deine Hand; Verdoppeln (d) verdoppelt
bei deinen ersten beiden Karten den Einsatz, nimmt genau eine Karte und hält. Über 21 hast du
dich überkauft und verlierst.
Danach deckt der Dealer seine verdeckte Karte auf und zieht, bis er 17 oder mehr hat (auf jeder
17 bleibt er stehen).
Ein Sieg zahlt deinen Einsatz; ein Ass mit einer Zehnerkarte (ein Blackjack) zahlt 3 zu 2.
Die meisten Chips, die du nach einer Hand hältst, kommen auf die Bestenliste.]],
  heading = "Blackjack",
  chips = "Chips",
  best = "Bestwert",
  bet = "Einsatz",
  dealer = "Dealer ({total})",
  ["dealer-hidden"] = "Dealer ({total} + ?)",
  you = "Du ({total})",
  soft = "Soft {total}",
  blackjack = "Blackjack",
  ["your-hand"] = "deine Hand",
  ["dealer-hand"] = "die Hand des Dealers",
  hit = "Karte ziehen",
  stand = "Halten",
  double = "Verdoppeln",
  ["bet-prompt"] = "Setze {min}–{max} Chips (Zahl eingeben) oder verlasse den Tisch.",
  ["bet-button"] = "Setze {chips}",
  leave = "Tisch verlassen",
  shuffle = "Der Dealer mischt die Karten neu.",
  ["two-naturals"] = "Zweimal Blackjack. Unentschieden: Du bekommst deinen Einsatz zurück.",
  natural = "Blackjack! Du gewinnst {amount}.",
  ["dealer-natural"] = "Der Dealer hat Blackjack. Du verlierst {amount}.",
  bust = "Du hast dich mit {total} überkauft. Du verlierst {amount}.",
  ["double-bust"] = "Du verdoppelst und überkaufst dich mit {total}. Du verlierst {amount}.",
  ["dealer-busts"] = "Der Dealer überkauft sich mit {dealer}. Du gewinnst {amount}.",
  higher = "{mine} gegen {dealer}. Du gewinnst {amount}.",
  lower = "{mine} gegen {dealer}. Du verlierst {amount}.",
  push = "{mine} gegen {dealer}. Unentschieden: Du bekommst deinen Einsatz zurück.",
  ["double-late"] = "Verdoppeln geht nur mit deinen ersten beiden Karten",
  ["double-chips"] = "zum Verdoppeln brauchst du {chips} Chips",
  ["bet-range"] = "setze eine ganze Zahl von {min} bis {max} Chips oder verlasse den Tisch (l)",
  ["not-a-move"] = "Karte ziehen (h), Halten (s) oder Verdoppeln (d)",
  hands = { one = "{n} Hand", other = "{n} Händen" },
  -- These count the chips (the rule gives them as n too): „1 Chip“, „2 Chips“.
  ["left-table"] = {
    one = "Du verlässt den Tisch nach {hands} mit {chips} Chip.",
    other = "Du verlässt den Tisch nach {hands} mit {chips} Chips.",
  },
  ["left-table-best"] = {
    one = "Du verlässt den Tisch nach {hands} mit {chips} Chip (Bestwert {best}).",
    other = "Du verlässt den Tisch nach {hands} mit {chips} Chips (Bestwert {best}).",
  },
  broke = "Nach {hands} hast du keine Chips mehr (Bestwert {best}).",
  rank = "Platz {rank}. Bestenliste: {board}",
  practice = "Eine Übungsrunde (mit Seed oder per Skript): nicht gewertet.",
}
