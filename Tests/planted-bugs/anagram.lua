-- Anagram: unscramble three words of the list; five wrong words and the word is lost.

local WORDS, TRIES = 3, 5

local function scramble(game, word)
  local letters = {}
  for _, c in utf8.codes(word) do letters[#letters + 1] = utf8.char(c) end
  game.shuffle(letters)
  local shown = table.concat(letters)
  if shown == word then shown = word:reverse() end
  return shown
end

local function next_word(state, game)
  local entry = game.words.draw()
  state.word = entry.word
  state.shown = scramble(game, entry.word)
  state.tries = 0
end

---@type Rule
return {
  id = "anagram", title = "Anagram",
  words = "animals",
  secret = { "word" },

  setup = function(game)
    local state = { found = 0, done = 0 }
    next_word(state, game)
    return state
  end,

  view = function(state)
    return ("Word %d of %d: %s  (wrong: %d of %d)"):format(state.done + 1, WORDS, state.shown, state.tries, TRIES)
  end,

  moves = function() return { "skip", text = "the word unscrambled", pattern = "%a+" } end,

  play = function(state, input, game)
    local guess = input:lower()
    if guess ~= "skip" then
      if not game.words.contains(guess) then game.refuse(("'%s' is not a word of the list"):format(input)) end
      if guess == state.word then
        state.found = state.found + 1
        game.say("Right!")
      else
        state.tries = state.tries + 1
        game.say("No.")
        if state.tries < TRIES then return end
      end
    end
    state.done = state.done + 1
    if state.done < WORDS then next_word(state, game) end
  end,

  result = function(state)
    if state.done >= WORDS then
      return { winner = state.found == WORDS and "player" or "computer", score = state.found,
               summary = ("%d of %d found."):format(state.found, WORDS) }
    end
  end,
}
