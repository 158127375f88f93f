-- attack corpus: select('#') over 7,999 values, in a loop
local function attack(state, game)
  local t = {}
  for i = 1, 7999 do t[i] = i end
  for i = 1, 1e9 do local _ = select("#", table.unpack(t, 1, 7999)) end
end
return {
  id = "c-select-wide", title = "Attack c-select-wide",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
