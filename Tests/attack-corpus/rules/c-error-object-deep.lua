-- attack corpus: an uncaught error object nested 100,000 tables deep
local function attack(state, game)
  local e = {}
  local cur = e
  for i = 1, 100000 do cur.next = {}; cur = cur.next end
  error(e)
end
return {
  id = "c-error-object-deep", title = "Attack c-error-object-deep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
