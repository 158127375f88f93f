-- attack corpus: table.concat over 2^31 items that __index makes
local function attack(state, game)
  local t = setmetatable({}, { __index = function(_, i) return "x" end })
  local _ = table.concat(t, "", 1, 2^31)
end
return {
  id = "c-concat-index-fn", title = "Attack c-concat-index-fn",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
