-- attack corpus: string.format with 8,000 %s of 8 KB each
local function attack(state, game)
  local parts = {}
  local piece = string.rep("f", 8192)
  for i = 1, 7999 do parts[i] = piece end
  local fmt = string.rep("%s", 7999)
  for i = 1, 1e9 do local _ = string.format(fmt, table.unpack(parts, 1, 7999)) end
end
return {
  id = "c-format-many-s", title = "Attack c-format-many-s",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
