-- attack corpus: warn and print floods in one step
local function attack(state, game)
  warn("@on")
  local big = string.rep("w", 65536)
  for i = 1, 1e5 do warn(big); print(big) end
end
return {
  id = "c-warn-print-flood", title = "Attack c-warn-print-flood",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
