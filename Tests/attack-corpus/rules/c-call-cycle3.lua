-- attack corpus: a cycle of three tables through __call
local function attack(state, game)
  local a, b, c = {}, {}, {}
  setmetatable(a, { __call = b }); setmetatable(b, { __call = c }); setmetatable(c, { __call = a })
  a(1, 2, 3)
end
return {
  id = "c-call-cycle3", title = "Attack c-call-cycle3",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
