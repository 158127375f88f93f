-- attack corpus: __tostring that never returns
local function attack(state, game)
  local o = setmetatable({}, { __tostring = function() while true do end end })
  local _ = tostring(o)
end
return {
  id = "c-tostring-loop", title = "Attack c-tostring-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
