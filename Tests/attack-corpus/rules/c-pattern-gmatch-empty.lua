-- attack corpus: gmatch with an empty pattern over 50 MB
local function attack(state, game)
  local s = string.rep("e", 50 * 1024 * 1024)
  local n = 0
  for _ in s:gmatch("") do n = n + 1 end
end
return {
  id = "c-pattern-gmatch-empty", title = "Attack c-pattern-gmatch-empty",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
