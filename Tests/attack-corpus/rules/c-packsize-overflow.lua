-- attack corpus: string.packsize of formats that overflow
local function attack(state, game)
  pcall(string.packsize, string.rep("i16", 2^20))
  pcall(string.packsize, string.rep("c2147483647", 100))
  for i = 1, 1e9 do pcall(string.packsize, string.rep("c1000000000", 40)) end
end
return {
  id = "c-packsize-overflow", title = "Attack c-packsize-overflow",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
