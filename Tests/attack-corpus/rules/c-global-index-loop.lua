-- attack corpus: _G given an __index that never returns, then the host calls the rule
local function attack(state, game)
  setmetatable(_G, { __index = function() while true do end end, __newindex = function() while true do end end })
  local _ = undefined_global
end
return {
  id = "c-global-index-loop", title = "Attack c-global-index-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
