-- attack corpus: load() of a long bracket with a million = signs
local function attack(state, game)
  local eq = string.rep("=", 1e6)
  local f, e = load("return [" .. eq .. "[" .. string.rep("x", 1e6) .. "]" .. eq .. "]")
  error(tostring(e))
end
return {
  id = "c-load-long-bracket", title = "Attack c-load-long-bracket",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
