-- attack corpus: doubling a string until the memory cap
local function attack(state, game)
  local s = "x"
  while true do s = s .. s end
end
return {
  id = "c-concat-double", title = "Attack c-concat-double",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
