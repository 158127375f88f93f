-- attack corpus: table.move over the whole integer range, and into a proxy
local function attack(state, game)
  pcall(table.move, {}, 1, math.maxinteger, 2)
  pcall(table.move, {}, -2^62, 2^62, 1)
  local sink = setmetatable({}, { __newindex = function() end })
  local src = setmetatable({}, { __index = function() return 1 end })
  table.move(src, 1, 1e12, 1, sink)
end
return {
  id = "c-move-huge", title = "Attack c-move-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
