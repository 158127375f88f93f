-- attack corpus: b-slow-move-endless
local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
return {
  id = "b-slow-move-endless", title = "Slow moves, no end",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go", "stay" } end,
  play = function(state) spin(100); state.n = state.n + 1 end,
  result = function(state) return nil end,
}
