-- attack corpus: %q of 20 MB of NUL bytes (expands fourfold)
local function attack(state, game)
  local s = string.rep("\0", 20 * 1024 * 1024)
  local _ = string.format("%q", s)
end
return {
  id = "c-format-q-expand", title = "Attack c-format-q-expand",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
