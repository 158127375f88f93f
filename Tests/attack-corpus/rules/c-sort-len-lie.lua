-- attack corpus: table.sort of a table whose __len says 2^40
local function attack(state, game)
  local t = setmetatable({}, { __len = function() return 2^40 end, __index = function(_, i) return i end, __newindex = function() end })
  table.sort(t)
end
return {
  id = "c-sort-len-lie", title = "Attack c-sort-len-lie",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
