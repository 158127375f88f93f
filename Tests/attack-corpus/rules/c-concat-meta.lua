-- attack corpus: __concat that returns itself, across a 200-operand concatenation
local function attack(state, game)
  local o = setmetatable({}, {})
  getmetatable(o).__concat = function(a, b) return o end
  for i = 1, 1e9 do
    local _ = o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o
  end
end
return {
  id = "c-concat-meta", title = "Attack c-concat-meta",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
