-- attack corpus: b-slow-view
local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
return {
  id = "b-slow-view", title = "A slow view",
  setup = function(game) return { n = 0 } end,
  view = function(state) spin(150); return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) return nil end,
}
