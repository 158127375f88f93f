-- attack corpus: string.pack with a 4 MB format of i16
local function attack(state, game)
  local f = string.rep("i16", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.pack, f, 1) end
end
return {
  id = "c-pack-long-format", title = "Attack c-pack-long-format",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
