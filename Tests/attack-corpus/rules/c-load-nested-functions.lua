-- attack corpus: load() of functions nested 300 deep
local function attack(state, game)
  local f, e = load(string.rep("return function() ", 300) .. "return 1" .. string.rep(" end", 300))
  error(tostring(e))
end
return {
  id = "c-load-nested-functions", title = "Attack c-load-nested-functions",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
