-- attack corpus: load() of a 200,000-term and/or chain
local function attack(state, game)
  local f, e = load("return a" .. string.rep(" and a or a", 100000))
  error(tostring(e))
end
return {
  id = "c-load-andor-chain", title = "Attack c-load-andor-chain",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
