-- attack corpus: an xpcall handler recursing without end
local function attack(state, game)
  local function h(m) return h(m) .. "" end
  xpcall(error, h, "x")
end
return {
  id = "c-xpcall-handler-recurse", title = "Attack c-xpcall-handler-recurse",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
