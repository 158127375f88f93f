-- attack corpus: __pairs returning an iterator that never ends
local function attack(state, game)
  local t = setmetatable({}, { __pairs = function(t) return function() return 1, 1 end, t, nil end })
  for k, v in pairs(t) do end
end
return {
  id = "c-pairs-infinite", title = "Attack c-pairs-infinite",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
