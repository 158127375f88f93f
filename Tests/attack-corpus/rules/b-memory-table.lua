-- attack corpus: b-memory-table
return {
  id = "b-memory-table", title = "A rule that keeps 48 MB in its state",
  setup = function(game)
    local s = { n = 0, big = {} }
    for i = 1, 48 do s.big[i] = string.rep(string.char(65 + i % 26), 1024 * 1024 - i) end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) return nil end,
}
