-- attack corpus: switching collector modes and full collections over a 50 MB heap
local function attack(state, game)
  local keep = {}
  for i = 1, 50 do keep[i] = string.rep("h", 1024 * 1024) .. i end
  for i = 1, 1e9 do
    collectgarbage("generational"); collectgarbage("collect")
    collectgarbage("incremental", 1, 1); collectgarbage("step", 2^40)
  end
end
return {
  id = "c-gc-modes", title = "Attack c-gc-modes",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
