-- attack corpus: utf8.char of 7,999 code points at the top of the range
local function attack(state, game)
  local cps = {}
  for i = 1, 7999 do cps[i] = 0x7FFFFFFF end
  local keep = {}
  for i = 1, 1e9 do keep[i % 1000] = utf8.char(table.unpack(cps, 1, 7999)) end
end
return {
  id = "c-utf8-char-many", title = "Attack c-utf8-char-many",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
