-- attack corpus: table.concat of a million items with a 64-byte separator, a hundred times
local function attack(state, game)
  local t = {}
  for i = 1, 1e6 do t[i] = "abcdefgh" end
  local sep = string.rep("-", 64)
  for i = 1, 100 do local _ = table.concat(t, sep) end
end
return {
  id = "c-concat-big-sep", title = "Attack c-concat-big-sep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
