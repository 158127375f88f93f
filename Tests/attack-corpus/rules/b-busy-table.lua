-- attack corpus: b-busy-table
return {
  id = "b-busy-table", title = "A rule that burns each move's whole time",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state)
    local a = string.rep("a", 8 * 1024 * 1024)
    local b = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
    while true do if a == b then break end end
  end,
  result = function(state) return nil end,
}
