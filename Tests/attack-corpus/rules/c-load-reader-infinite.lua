-- attack corpus: load() with a reader that never stops giving text
local function attack(state, game)
  local f, e = load(function() return "-- comment comment comment comment\n" end)
  error(tostring(e))
end
return {
  id = "c-load-reader-infinite", title = "Attack c-load-reader-infinite",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
