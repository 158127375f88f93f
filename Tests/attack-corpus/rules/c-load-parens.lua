-- attack corpus: load() of 100,000 nested parentheses
local function attack(state, game)
  local f, e = load("return " .. string.rep("(", 1e5) .. "1" .. string.rep(")", 1e5))
  error(tostring(e))
end
return {
  id = "c-load-parens", title = "Attack c-load-parens",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
