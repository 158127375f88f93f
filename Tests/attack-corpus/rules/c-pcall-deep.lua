-- attack corpus: pcall of itself until the C stack ends, in a loop
local function attack(state, game)
  local function f() return pcall(f) end
  for i = 1, 1e9 do f() end
end
return {
  id = "c-pcall-deep", title = "Attack c-pcall-deep",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
