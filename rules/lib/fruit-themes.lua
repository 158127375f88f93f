-- Fruit for Apple Pie's tree (--fruit NAME). One line per fruit: its name, the emoji drawn on
-- the tree, and the ASCII mark drawn with --ascii. Add a line to add a fruit.
return {
  { name = "apple",      emoji = "🍎", ascii = "o" },
  { name = "pear",       emoji = "🍐", ascii = "p" },
  { name = "peach",      emoji = "🍑", ascii = "@" },
  { name = "orange",     emoji = "🍊", ascii = "O" },
  { name = "lemon",      emoji = "🍋", ascii = "0" },
  { name = "cherry",     emoji = "🍒", ascii = "6" },
  { name = "grape",      emoji = "🍇", ascii = "%" },
  { name = "strawberry", emoji = "🍓", ascii = "v" },
  { name = "banana",     emoji = "🍌", ascii = ")" },
  { name = "kiwi",       emoji = "🥝", ascii = "*" },
}
