-- attack corpus: utf8.codes over 50 MB of stray continuation bytes, and from any position
local function attack(state, game)
  local s = "a" .. string.rep("\x80", 50 * 1024 * 1024)
  for i = 1, 1e9 do pcall(function() for p, c in utf8.codes(s) do end end) end
end
return {
  id = "c-utf8-codes-stray", title = "Attack c-utf8-codes-stray",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
