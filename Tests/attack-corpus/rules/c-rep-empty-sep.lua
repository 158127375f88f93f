-- attack corpus: string.rep of an empty piece with a huge count and a long separator
local function attack(state, game)
  local _ = string.rep("", 2^40, string.rep("s", 1024))
end
return {
  id = "c-rep-empty-sep", title = "Attack c-rep-empty-sep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
