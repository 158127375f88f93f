-- attack corpus: %b() over a million nested parentheses
local function attack(state, game)
  local s = string.rep("(", 1e6) .. string.rep(")", 1e6)
  for i = 1, 1e9 do pcall(string.find, s, "%b()x") end
end
return {
  id = "c-pattern-balance-deep", title = "Attack c-pattern-balance-deep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
