-- attack corpus: tonumber of 50 MB of digits, in base 10 and 36
local function attack(state, game)
  local s = string.rep("9", 50 * 1024 * 1024)
  for i = 1, 1e9 do local _ = tonumber(s); _ = tonumber(s, 36) end
end
return {
  id = "c-tonumber-big", title = "Attack c-tonumber-big",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
