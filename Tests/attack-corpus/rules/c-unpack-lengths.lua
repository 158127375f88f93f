-- attack corpus: string.unpack with lying length prefixes and far positions
local function attack(state, game)
  pcall(string.unpack, "s8", "\255\255\255\255\255\255\255\127")
  pcall(string.unpack, "i16", "x", math.maxinteger)
  pcall(string.unpack, "i16", "x", math.mininteger)
  local s = string.rep("\1", 30 * 1024 * 1024)
  for i = 1, 1e9 do pcall(string.unpack, "s4", s, i) end
end
return {
  id = "c-unpack-lengths", title = "Attack c-unpack-lengths",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
