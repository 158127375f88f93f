-- attack corpus: a __close handler that never returns
local function attack(state, game)
  do
    local x <close> = setmetatable({}, { __close = function() while true do end end })
  end
end
return {
  id = "c-close-loop", title = "Attack c-close-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
