-- Shared by Memory and its variants: themes, the deal, and the card grid.

local THEMES = require("memory-themes")

local M = {}

M.themes = THEMES

function M.theme_names()
  local names = {}
  for i, theme in ipairs(THEMES) do names[i] = theme.name end
  return names
end

-- The theme's emoji as a list, repeats removed.
function M.emoji_of(theme)
  local list, seen = {}, {}
  for e in theme.emoji:gmatch("%S+") do
    if not seen[e] then
      seen[e] = true
      list[#list + 1] = e
    end
  end
  return list
end

function M.find_theme(name)
  for _, theme in ipairs(THEMES) do
    if theme.name == name then return theme end
  end
end

-- The theme for a new game: --theme for every game (so a game's replay line deals it
-- again); a random one when asked for.
function M.choose_theme(game)
  local name = game.options.theme
  if name ~= "random" then return M.find_theme(name) end
  return game.pick(THEMES)
end

-- How many sets to deal: --pairs (at least 2), or the theme's own (a number or "random"), at
-- least 6 (fewer is over before it is a game), and at most the number of emoji the theme has.
-- The texts this table says, in English (`game.t` gives them in the player's language
-- where the rule's translations have them: memory.texts/de.lua). A rule adds its own.
function M.texts(own)
  local texts = {
    heading = own.heading,
    score = "Score",
    flips = "Flips",
    choose = "Choose a card (1-{last}).",
    ["theme-short"] = "The {theme} theme has {emoji} emoji: {dealt} dealt, not {asked}.",
    matched = "card {card} is already matched",
    ["face-up"] = "card {card} is already face up",
    ["not-a-card"] = "'{input}' is not a card: type a number from 1 to {last}",
    -- The settings a best score is for, as the summary names them (the board's own name
    -- stays English, so that every language ranks on one board).
    settings = "{theme}, {cards} cards, {scoring} scoring",
  }
  for key, text in pairs(own) do texts[key] = text end
  return texts
end

-- The game's settings in the player's language, for its summary.
function M.settings(state, game)
  return game.t("settings", { theme = state.theme, cards = #state.cards, scoring = game.options.scoring })
end

M.fewest_sets = 6
function M.set_count(game, theme, emoji)
  local asked = game.options.pairs ~= "theme"
  local wanted = asked and tonumber(game.options.pairs) or theme.pairs
  local fewest = asked and 2 or math.min(M.fewest_sets, #emoji)
  if wanted == "random" then wanted = game.random(fewest, #emoji) end
  local sets = math.max(fewest, math.min(math.tointeger(wanted) or fewest, #emoji))
  -- Fewer than asked: said, not done silently.
  if game.options.pairs ~= "theme" and sets < (tonumber(game.options.pairs) or 0) then
    game.say(game.t("theme-short", { theme = theme.name, emoji = #emoji, dealt = sets, asked = game.options.pairs }))
  end
  return sets
end

-- The contents of --deck: the entries between commas, in table order, spaces around each
-- removed ("A, B" is A and B).
function M.deck_contents(text)
  local contents = {}
  for c in (text .. ","):gmatch("([^,]*),") do contents[#contents + 1] = c:match("^%s*(.-)%s*$") end
  return contents
end

local function times(n) return n == 1 and "once" or n == 2 and "twice" or n .. " times" end

-- Why --deck cannot be played with `copies` of each card (a table where some card could never
-- be matched), or nil when it can: every content must appear exactly `copies` times.
function M.deck_problem(text, copies)
  if text == "" then return nil end
  local counts, order = {}, {}
  for i, c in ipairs(M.deck_contents(text)) do
    if c == "" then return ("card %d is empty: give each card's content, separated by commas"):format(i) end
    if not counts[c] then order[#order + 1] = c end
    counts[c] = (counts[c] or 0) + 1
  end
  for _, c in ipairs(order) do
    if counts[c] ~= copies then
      return ("'%s' appears %s, but each card must appear exactly %s (%s)"):format(c, times(counts[c]), times(copies),
        copies == 2 and "a pair" or copies == 3 and "three of a kind" or copies .. " of a kind")
    end
  end
  return nil
end

-- A shuffled deck with `copies` of each of `sets` emoji drawn at random from the theme, or
-- the fixed deal of --deck (contents in table order, separated by commas; the option's check
-- has made sure that every content appears `copies` times).
function M.deal(game, theme, copies)
  if game.options.deck ~= "" then
    local cards = {}
    for i, c in ipairs(M.deck_contents(game.options.deck)) do cards[i] = game.cards.deck({ c })[1] end
    return cards
  end
  local emoji = M.emoji_of(theme)
  local sets = M.set_count(game, theme, emoji)
  game.shuffle(emoji)
  local chosen = {}
  for i = 1, sets do chosen[i] = emoji[i] end
  return game.shuffle(game.cards.deck(chosen, copies))
end

-- Letters for --ascii: each distinct content gets A, B, C... in order of first appearance.
function M.ascii_names(cards)
  local names, next_letter = {}, 0
  for _, card in ipairs(cards) do
    if not names[card.content] then
      names[card.content] = string.char(65 + next_letter % 26) .. (next_letter >= 26 and tostring(next_letter // 26) or "")
      next_letter = next_letter + 1
    end
  end
  return names
end

-- A card's content as the player sees it: its letter with --ascii, else the emoji itself.
function M.face(state, game, content)
  return game.ascii and M.ascii_names(state.cards)[content] or content
end

-- The grid: each card with its number as its label and its move. A card face down shows its
-- back; a matched card shows its face until the next choice, then leaves the table (matched
-- and face down: a gap). Positions do not change, so a card's number is its id. The backs
-- are in the theme's colour.
function M.grid(state, game)
  local names = game.ascii and M.ascii_names(state.cards) or nil
  local cards = {}
  for i, card in ipairs(state.cards) do
    local entry = { label = tostring(i), id = "card-" .. i, up = card.faceUp and not card.removed, matched = card.matched }
    if entry.up then entry.face = names and names[card.content] or card.content end
    if not state.over and not card.faceUp and not card.matched then
      entry.selectable = true
      entry.move = tostring(i)
    end
    cards[i] = entry
  end
  local theme = M.find_theme(state.theme)
  return { type = "cards", cards = cards, columns = math.ceil(math.sqrt(#cards)), colour = theme and theme.colour or "white" }
end

-- A `setup` hook dealing `copies` of each chosen emoji.
function M.setup(copies)
  return function(game)
    local theme = M.choose_theme(game)
    return {
      theme = theme.name,
      cards = M.deal(game, theme, copies),
      score = 0,
      flips = 0,
      over = false,
      last_choice = game.now(),
    }
  end
end

-- A `view` hook: the title (the rule's text `heading`) with the theme, the score and flips,
-- the grid, and the prompt.
function M.view()
  return function(state, game)
    local elements = {
      { type = "heading", text = table.concat({ game.t("heading"), state.theme }, game.ascii and " - " or " · ") },
      { type = "meter", name = game.t("score"), value = state.score },
      { type = "meter", name = game.t("flips"), value = state.flips },
      M.grid(state, game),
    }
    if not state.over then elements[#elements + 1] = game.t("choose", { last = #state.cards }) end
    return elements
  end
end

-- The cards a player may choose now: face down and unmatched.
function M.moves(state)
  if state.over then return {} end
  local moves = {}
  for i, card in ipairs(state.cards) do
    if not card.faceUp and not card.matched then moves[#moves + 1] = tostring(i) end
  end
  return moves
end

-- A player of pairs with a perfect memory (Memory's bot): it reads the face of a card only
-- once it has been seen, as a player would. First the card of a pair it knows, else one never
-- seen; then the first card's match when it has seen it, else another card never seen. So it
-- never pays for a card it had seen.
function M.pairs_bot(state, game)
  local up, seen, new = {}, {}, {}
  for i, card in ipairs(state.cards) do
    if card.faceUp then
      up[#up + 1] = i
    elseif not card.matched then
      if card.seen then seen[#seen + 1] = i else new[#new + 1] = i end
    end
  end
  local cards = state.cards
  if #up == 1 then
    local first = cards[up[1]]
    for _, i in ipairs(seen) do
      if cards[i].content == first.content then return tostring(i) end
    end
  else
    -- A pair it knows: two seen cards, or a seen card and one face up now (it turns down as
    -- this choice is made, and is chosen next).
    for a = 1, #seen do
      for b = a + 1, #seen do
        if cards[seen[a]].content == cards[seen[b]].content then return tostring(seen[a]) end
      end
      for _, k in ipairs(up) do
        if not cards[k].matched and cards[k].content == cards[seen[a]].content then return tostring(seen[a]) end
      end
    end
  end
  if #new > 0 then return tostring(game.pick(new)) end
  return tostring(game.pick(seen))
end

-- The card a player typed, refused when it cannot be chosen: not a card, matched, face up.
function M.choose(state, input, game)
  local i = M.card_index(state, input, game)
  local card = state.cards[i]
  if card.matched then game.refuse(game.t("matched", { card = i })) end
  if card.faceUp then game.refuse(game.t("face-up", { card = i })) end
  return i, card
end

-- The card number a player typed, or a refusal naming the valid range.
function M.card_index(state, input, game)
  local i = math.tointeger(tonumber(input))
  if not i or i < 1 or i > #state.cards then
    game.refuse(game.t("not-a-card", { input = input, last = #state.cards }))
  end
  return i
end

-- Points scale with speed in timed scoring: x max(10 - s, 1), s the whole seconds since the
-- previous choice (since the start for the first).
function M.speed_factor(state, game)
  if game.options.scoring ~= "timed" then return 1 end
  return math.max(10 - math.floor(game.now() - state.last_choice), 1)
end

M.BONUS_SECONDS = 6

-- Bonus scoring: +1 for each matched card that had less than 6 s of face-up time.
function M.bonus(state, game, indices)
  if game.options.scoring ~= "bonus" then return 0 end
  local bonus = 0
  for _, k in ipairs(indices) do
    if game.cards.face_up_time(state.cards, k) < M.BONUS_SECONDS then bonus = bonus + 1 end
  end
  return bonus
end

-- The common options of Memory games, which deal `copies` of each card (2 for pairs).
function M.options(default_sets, copies)
  local names = M.theme_names()
  local theme_choices = { "random" }
  for _, n in ipairs(names) do theme_choices[#theme_choices + 1] = n end
  return {
    theme = { choices = theme_choices, default = "random", help = "the emoji theme" },
    pairs = {
      choices = { "theme" }, accept = "%d+", default = "theme",
      help = default_sets .. " to deal: a number (kept within the theme's emoji), or the theme's own",
      check = function(value)
        if value ~= "theme" and tonumber(value) < 2 then return "deal at least 2" end
      end,
    },
    scoring = {
      choices = { "classic", "timed", "bonus" }, default = "classic",
      help = "timed: faster is worth more; bonus: +1 per card matched within 6 s face up",
    },
    deck = {
      accept = ".*", default = "", advanced = true,
      help = "a fixed deal: contents in table order, separated by commas",
      check = function(value) return M.deck_problem(value, copies) end,
    },
  }
end

-- After a choice: its points, one more flip, the time of the choice (for timed scoring), and
-- the end of the game once every card is matched (the best score for its settings is kept).
function M.count_choice(state, game, points)
  state.score = state.score + points
  state.flips = state.flips + 1
  state.last_choice = game.now()
  if game.cards.all_matched(state.cards) then
    state.over = true
    -- One board for each setting that changes the score: the theme, the deal's size, the scoring.
    state.settings = ("%s, %d cards, %s scoring"):format(state.theme, #state.cards, game.options.scoring)
    local board = "Best score: " .. state.settings
    state.rank = game.scores.submit { board = board, value = state.score, better = "higher" }
    state.best = game.scores.best(board) or state.score  -- nil where the host keeps no board
  end
end

return M
