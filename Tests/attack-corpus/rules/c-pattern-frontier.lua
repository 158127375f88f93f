-- attack corpus: frontier patterns over 10 MB
local function attack(state, game)
  local s = string.rep("a b ", 2.5 * 1024 * 1024)
  for i = 1, 1e9 do pcall(string.find, s, "%f[%w]%w+%f[%W]%s%f[%w]%w+%f[%W]x") end
end
return {
  id = "c-pattern-frontier", title = "Attack c-pattern-frontier",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
