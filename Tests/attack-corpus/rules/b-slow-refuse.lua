-- attack corpus: b-slow-refuse
local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
return {
  id = "b-slow-refuse", title = "Slow refusals of free text",
  words = "five-letter",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { text = "a word", pattern = "%a%a%a%a%a" } end,
  play = function(state, input, game) spin(60); game.refuse("never") end,
  result = function(state) return nil end,
}
