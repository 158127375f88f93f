-- attack corpus: load() of 8 MB of text
local function attack(state, game)
  local f, e = load(string.rep("x=1 ", 2 * 1024 * 1024))
  error(tostring(e))
end
return {
  id = "c-load-huge-text", title = "Attack c-load-huge-text",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
