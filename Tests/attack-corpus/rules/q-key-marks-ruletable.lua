-- attack corpus: q-key-marks-ruletable
local rule = {
  id = "q-key-marks-ruletable", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
rule["setup" .. string.rep("\u{301}", 200000)] = function() end
rule["x" .. string.rep("\u{301}", 200000)] = 1
rule[string.rep("\u{301}", 200000)] = 2
return rule
