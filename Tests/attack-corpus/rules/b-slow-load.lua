-- attack corpus: b-slow-load
local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
spin(150)
return {
  id = "b-slow-load", title = "Slow to load",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) if state.n >= 3 then return { summary = "done" } end end,
}
