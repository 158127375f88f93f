-- attack corpus: a gsub replacement table whose __index never returns
local function attack(state, game)
  local repl = setmetatable({}, { __index = function() while true do end end })
  local _ = ("abc"):gsub("%w", repl)
end
return {
  id = "c-pattern-gsub-table-meta", title = "Attack c-pattern-gsub-table-meta",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
