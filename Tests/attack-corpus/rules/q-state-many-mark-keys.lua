-- attack corpus: q-state-many-mark-keys
return {
  id = "q-state-many-mark-keys", title = "Attack",
  setup = function(game)
    local s = { n = 0, m = {} }
    for i = 1, 50000 do s.m["k" .. string.rep("\u{301}", 30) .. i] = i end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1; for k, v in pairs(state.m) do state.m[k] = v + 1 end end,
  result = function() end,
}
