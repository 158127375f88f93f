-- attack corpus: eight lazy .- items on 100,000 bytes
local function attack(state, game)
  local s = string.rep("a", 100000)
  for i = 1, 1e9 do pcall(string.find, s, ".-.-.-.-.-.-.-.-b") end
end
return {
  id = "c-pattern-lazy-stack", title = "Attack c-pattern-lazy-stack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
