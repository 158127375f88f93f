-- attack corpus: m-reveal-huge
return {
  id = "m-reveal-huge", title = "Attack",
  secret = { "hidden" },
  setup = function(game)
    local s = { n = 0, hidden = {} }
    for i = 1, 60 do s.hidden[i] = string.rep("h", 65536) .. i end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
