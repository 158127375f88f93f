-- attack corpus: utf8.codepoint over a whole 10 MB string
local function attack(state, game)
  local s = string.rep("\u{e9}", 5 * 1024 * 1024)
  for i = 1, 1e9 do pcall(utf8.codepoint, s, 1, -1) end
end
return {
  id = "c-utf8-codepoint-all", title = "Attack c-utf8-codepoint-all",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
