-- attack corpus: a gsub replacement of 10,000 copies of %0 on 10,000 matches
local function attack(state, game)
  local s = string.rep("x", 10000)
  local _ = s:gsub("x", string.rep("%0", 10000))
end
return {
  id = "c-pattern-gsub-repl-grow", title = "Attack c-pattern-gsub-repl-grow",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
