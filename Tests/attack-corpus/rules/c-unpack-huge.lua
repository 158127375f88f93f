-- attack corpus: table.unpack of a hundred million values
local function attack(state, game)
  pcall(table.unpack, {}, 1, 1e8)
  pcall(table.unpack, {}, math.mininteger, math.maxinteger)
  for i = 1, 1e9 do pcall(table.unpack, {}, 1, 7999) end
end
return {
  id = "c-unpack-huge", title = "Attack c-unpack-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
