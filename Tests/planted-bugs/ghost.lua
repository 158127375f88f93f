-- Ghost for two: in turn, add a letter. Whoever spells a word of the list (three letters or
-- more), or a start that no word of the list has, loses.

local LETTERS = {}
for c in ("abcdefghijklmnopqrstuvwxyz"):gmatch(".") do LETTERS[#LETTERS + 1] = c end

---@type Rule
return {
  id = "ghost", title = "Ghost",
  words = "animals",
  players = 2,
  turn = function(state) return state.turn end,

  setup = function() return { fragment = "", turn = 1 } end,

  view = function(state) return ("Letters so far: %s"):format(state.fragment == "" and "none" or state.fragment:upper()) end,

  moves = function() return LETTERS end,

  play = function(state, input, game, seat)
    local letter = input:lower()
    if #letter ~= 1 or not letter:match("%l") then game.refuse("type one letter") end
    state.fragment = state.fragment .. letter
    local _, goes_on = game.words.starting(state.fragment, 0)
    if #state.fragment >= 3 and game.words.contains(state.fragment) then
      state.loser, state.why = seat, "spelled a word"
    elseif goes_on == 0 then
      state.loser, state.why = seat, "no word starts so"
    else
      state.turn = 3 - seat
    end
  end,

  bot = function(state, game, seat)
    for _, word in ipairs((game.words.starting(state.fragment, 20))) do
      if #word > #state.fragment + 1 then return word:sub(#state.fragment + 1, #state.fragment + 1):lower() end
    end
    return "e"
  end,

  result = function(state)
    if state.loser then
      return { winner = 3 - state.loser, summary = ("%s: seat %d %s."):format(state.fragment:upper(), state.loser, state.why) }
    end
  end,
}
