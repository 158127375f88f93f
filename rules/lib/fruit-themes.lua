-- Fruit for Apple Pie's tree (--fruit NAME). One line per fruit: its name and plural, the
-- emoji drawn on the tree, and the ASCII mark drawn with --ascii. Add a line to add a fruit.
-- The name is also the option's value, so it stays English; Apple Pie builds its English texts
-- from name and plural, and a new fruit needs its texts in each applepie.texts/ file too
-- (gamehost check names them).
return {
  { name = "apple",      plural = "apples",       emoji = "🍎", ascii = "o" },
  { name = "pear",       plural = "pears",        emoji = "🍐", ascii = "p" },
  { name = "peach",      plural = "peaches",      emoji = "🍑", ascii = "@" },
  { name = "orange",     plural = "oranges",      emoji = "🍊", ascii = "O" },
  { name = "lemon",      plural = "lemons",       emoji = "🍋", ascii = "0" },
  { name = "cherry",     plural = "cherries",     emoji = "🍒", ascii = "6" },
  { name = "grape",      plural = "grapes",       emoji = "🍇", ascii = "%" },
  { name = "strawberry", plural = "strawberries", emoji = "🍓", ascii = "v" },
  { name = "banana",     plural = "bananas",      emoji = "🍌", ascii = ")" },
  { name = "kiwi",       plural = "kiwis",        emoji = "🥝", ascii = "*" },
}
