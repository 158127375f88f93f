-- attack corpus: string.pack with alignment padding formats, in a loop
local function attack(state, game)
  local f = string.rep("!16 Xi16 b", 10000)
  for i = 1, 1e9 do pcall(string.pack, f) end
end
return {
  id = "c-pack-alignment", title = "Attack c-pack-alignment",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
