-- attack corpus: comparing two 30 MB strings that differ at the end, in a loop
local function attack(state, game)
  local a = string.rep("a", 30 * 1024 * 1024)
  local b = string.rep("a", 30 * 1024 * 1024 - 1) .. "b"
  local n = 0
  while true do if a < b then n = n + 1 end end
end
return {
  id = "c-long-string-compare", title = "Attack c-long-string-compare",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
