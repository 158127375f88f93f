-- Themes for Memory (--theme NAME). One line per theme: its name, its emoji separated by
-- spaces (repeats are removed), how many pairs to play (a number, or "random" for 2 up to the
-- number of emoji), the colour of the card backs (red, green, yellow, blue, magenta, cyan,
-- orange, purple, pink, brown, gray, white). Add a line to add a theme.
-- Each emoji is one that terminals draw as a two-column picture by default (Unicode
-- Emoji_Presentation=Yes): a single code point, or a flag's two regional indicators; never one
-- that needs U+FE0F to be a picture (🕷️, ✈️: one column in many terminals, breaking the grid)
-- or a sequence joined by U+200D (🧙‍♀️). MemoryTests checks every entry.
return {
  { name = "halloween", emoji = "👻 🎃 🧛 🦇 💀 🌕 🧙 🍬 😈 🍭", pairs = 6, colour = "orange" },
  { name = "animals", emoji = "🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮", pairs = "random", colour = "green" },
  { name = "sports", emoji = "⚽ 🏀 🏈 ⚾ 🎾 🏐 🏉 🎱 🏓 🏸", pairs = 8, colour = "blue" },
  { name = "faces", emoji = "😀 😂 😍 😎 🤔 😴 😭 😡 🥶 🤯", pairs = "random", colour = "yellow" },
  { name = "fruit", emoji = "🍎 🍐 🍊 🍋 🍌 🍉 🍇 🍓 🍒 🍑", pairs = 6, colour = "red" },
  { name = "vehicles", emoji = "🚗 🚕 🚙 🚌 🚑 🚒 🚓 🚜 🛵 🚲 🚁 🚀", pairs = 8, colour = "cyan" },
  { name = "flags", emoji = "🇫🇷 🇯🇵 🇧🇷 🇨🇦 🇮🇹 🇩🇪 🇬🇧 🇺🇸 🇰🇷 🇮🇳", pairs = "random", colour = "magenta" },
}
