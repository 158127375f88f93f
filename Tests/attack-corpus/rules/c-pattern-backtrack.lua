-- attack corpus: find with a hundred optional items on 100,000 bytes
local function attack(state, game)
  local s = string.rep("a", 100000)
  local _ = s:find(string.rep("a?", 100) .. string.rep("a", 100) .. "b")
end
return {
  id = "c-pattern-backtrack", title = "Attack c-pattern-backtrack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
