-- attack corpus: __call found through an __index chain of 1,999 links
local function attack(state, game)
  local base = {}
  local mt = {}
  local cur = mt
  for i = 1, 1999 do local nxt = {}; setmetatable(cur, { __index = nxt }); cur = nxt end
  local t = setmetatable({}, mt)
  mt.__call = t
  t()
end
return {
  id = "c-call-via-index", title = "Attack c-call-via-index",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
