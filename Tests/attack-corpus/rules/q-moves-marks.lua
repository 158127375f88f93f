-- attack corpus: q-moves-marks
local list = {}
for i = 1, 10000 do list[i] = string.format("%05d", i) .. string.rep("a" .. string.rep("\u{301}", 30), 60) end
local bad = {}
for i = 1, 10000 do bad[i] = "b" .. i .. string.rep("\u{301}", 31) end
return {
  id = "q-moves-marks", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) if state.n % 2 == 0 then return list end return bad end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
