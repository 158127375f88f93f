-- attack corpus: load() with a reader giving 1 MB pieces without end
local function attack(state, game)
  local piece = string.rep(" ", 1024 * 1024)
  local f, e = load(function() return piece end)
  error(tostring(e))
end
return {
  id = "c-load-reader-big", title = "Attack c-load-reader-big",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
