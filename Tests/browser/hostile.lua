-- A rule that prints HTML, script and javascript: links everywhere a rule's text goes: its
-- title, about, options, view, moves, free-text description, messages, refusals and result.
-- The browser tests install it in the server's user rules folder and play it: the page must
-- show all of it as text and run none of it.

local SCRIPT = "<script>alert('script')</script>"
local IMG = "<img src=x onerror=alert('img')>"
local LINK = "<a href=\"javascript:alert('link')\">click me</a> javascript:alert('bare')"

return {
  id = "hostile",
  title = "Hostile <script>alert('title')</script>",
  about = "About <img src=x onerror=alert('about')>",
  options = {
    mood = { choices = { "<b>bold</b>", "<i onmouseover=alert(1)>x</i>" }, default = "<b>bold</b>",
             help = "<script>alert('help')</script>" },
  },
  setup = function() return { n = 0 } end,
  -- A string view at even turns, view elements at odd ones, with the same text in every field.
  view = function(state)
    if state.n % 2 == 0 then
      return SCRIPT .. "\n" .. IMG .. "\n" .. LINK .. "\nturn " .. state.n
    end
    return {
      { type = "heading", text = SCRIPT, id = IMG },
      { type = "text", text = LINK, style = "message", label = IMG },
      IMG,
      { type = "picture", lines = { SCRIPT, IMG }, alt = LINK },
      { type = "meter", name = SCRIPT, value = 1, max = 2, unit = IMG },
      { type = "word", letters = { SCRIPT, "", IMG }, marks = { "hit", "", "miss" }, label = LINK },
      { type = "keyboard", keys = { { key = IMG, move = "javascript:alert('move')" }, { key = SCRIPT } }, rows = { LINK } },
      { type = "buttons", buttons = { { text = LINK, move = "<b>win</b>", key = "<" } } },
      { type = "cards", colour = "red", label = SCRIPT,
        cards = { { face = IMG, label = SCRIPT, id = LINK, move = "<img src=x onerror=alert('move')>", selectable = true },
                  { up = false, id = SCRIPT } } },
      { type = "text", text = "turn " .. state.n, move = "javascript:alert('move')" },
    }
  end,
  moves = function()
    return { "<b>win</b>", "<img src=x onerror=alert('move')>", "javascript:alert('move')",
             text = "<script>alert('text')</script>" }
  end,
  play = function(state, input, game)
    if input == "bad" then game.refuse("<img src=x onerror=alert('refuse')>") end
    game.say(SCRIPT, IMG)
    game.say(LINK)
    game.bell()
    state.n = state.n + 1
    if input == "<b>win</b>" then state.over = true end
  end,
  result = function(state)
    if state.over then return { winner = "player", summary = "<script>alert('summary')</script> " .. IMG } end
  end,
}
