-- attack corpus: string.rep of 2^40 bytes, and of 2^30 pieces with a separator
local function attack(state, game)
  local ok1 = pcall(string.rep, "x", 2^40)
  local ok2 = pcall(string.rep, "ab", 2^30, "cd")
  local ok3 = pcall(string.rep, "", 2^62, "")
  local _ = string.rep("x", 1e15)
end
return {
  id = "c-rep-huge", title = "Attack c-rep-huge",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
