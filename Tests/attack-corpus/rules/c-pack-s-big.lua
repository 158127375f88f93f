-- attack corpus: string.pack s4 of a 40 MB string, held
local function attack(state, game)
  local keep = {}
  local s = string.rep("p", 40 * 1024 * 1024)
  for i = 1, 100 do keep[i] = string.pack("s4", s) end
end
return {
  id = "c-pack-s-big", title = "Attack c-pack-s-big",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
