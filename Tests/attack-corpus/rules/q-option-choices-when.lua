-- attack corpus: q-option-choices-when
local choices = {}
for i = 1, 40000 do choices[i] = "c" .. i end
return {
  id = "q-option-choices-when", title = "Attack",
  options = {
    mode = { choices = choices, default = "c1", help = "many choices" },
    extra = { choices = choices, default = "c2", help = "matters in many modes", when = { mode = choices } },
    third = { choices = choices, default = "c3", help = "and more", when = { mode = choices, extra = choices } },
  },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
