-- attack corpus: keeping strings of 50 MB each until the cap
local function attack(state, game)
  local keep = {}
  for i = 1, 100 do keep[i] = string.rep("x", 50 * 1024 * 1024 + i) end
end
return {
  id = "c-rep-near-cap-hold", title = "Attack c-rep-near-cap-hold",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
