-- attack corpus: back references over 1 MB
local function attack(state, game)
  local s = string.rep("a", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.match, s, "(a*)%1%1%1b") end
end
return {
  id = "c-pattern-backref", title = "Attack c-pattern-backref",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
