-- attack corpus: utf8.offset to the ten-millionth character, in a loop
local function attack(state, game)
  local s = string.rep("\u{e9}", 15 * 1024 * 1024)
  for i = 1, 1e9 do local _ = utf8.offset(s, 1e7) end
end
return {
  id = "c-utf8-offset-far", title = "Attack c-utf8-offset-far",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
