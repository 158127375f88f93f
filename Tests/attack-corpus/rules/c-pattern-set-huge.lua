-- attack corpus: a character set of 1 MB tried at every position of 1 MB
local function attack(state, game)
  local set = "[" .. string.rep("b", 1024 * 1024) .. "]"
  local s = string.rep("a", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.find, s, set) end
end
return {
  id = "c-pattern-set-huge", title = "Attack c-pattern-set-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
