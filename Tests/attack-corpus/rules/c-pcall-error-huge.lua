-- attack corpus: errors carrying 50 MB strings, caught in a loop
local function attack(state, game)
  local s = string.rep("e", 50 * 1024 * 1024)
  for i = 1, 1e9 do pcall(error, s .. i) end
end
return {
  id = "c-pcall-error-huge", title = "Attack c-pcall-error-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
