-- attack corpus: q-option-choices-marks
local choices = {}
for i = 1, 10000 do choices[i] = "c" .. i .. string.rep("\u{301}", 30) end
return {
  id = "q-option-choices-marks", title = "Attack",
  options = { mode = { choices = choices, default = choices[1], help = "marked choices" } },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
