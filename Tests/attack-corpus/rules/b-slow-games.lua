-- attack corpus: b-slow-games
local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
return {
  id = "b-slow-games", title = "Slow games that end",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) spin(120); state.n = state.n + 1 end,
  result = function(state) if state.n >= 2 then return { summary = "done", score = state.n } end end,
}
