-- attack corpus: a 50 MB __name in an arithmetic error message
local function attack(state, game)
  local o = setmetatable({}, { __name = string.rep("n", 50 * 1024 * 1024) })
  local _ = o + 1
end
return {
  id = "c-name-huge", title = "Attack c-name-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
