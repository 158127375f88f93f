-- attack corpus: integer keys crafted to collide in one hash chain
local function attack(state, game)
  local t = {}
  for i = 1, 1e7 do t[i * 1048575] = i end
end
return {
  id = "c-int-key-collisions", title = "Attack c-int-key-collisions",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
