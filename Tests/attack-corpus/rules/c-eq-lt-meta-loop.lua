-- attack corpus: __lt and __le that recurse into each other
local function attack(state, game)
  local mt = {}
  mt.__lt = function(a, b) return b <= a end
  mt.__le = function(a, b) return b < a end
  local x, y = setmetatable({}, mt), setmetatable({}, mt)
  local _ = x < y
end
return {
  id = "c-eq-lt-meta-loop", title = "Attack c-eq-lt-meta-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
