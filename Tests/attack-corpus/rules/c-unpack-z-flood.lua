-- attack corpus: string.unpack of 100,000 z fields
local function attack(state, game)
  local data = string.rep("\0", 100000)
  for i = 1, 1e9 do pcall(string.unpack, string.rep("z", 100000), data) end
end
return {
  id = "c-unpack-z-flood", title = "Attack c-unpack-z-flood",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
