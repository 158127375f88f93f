-- attack corpus: load() of text with 20,000 forward gotos in one function
local function attack(state, game)
  local parts = {}
  for i = 1, 20000 do parts[#parts + 1] = "goto l" .. i .. " " end
  for i = 1, 20000 do parts[#parts + 1] = "::l" .. i .. ":: " end
  local f, e = load(table.concat(parts))
  assert(not f, "a flood of gotos loaded")
  error(e)
end
return {
  id = "c-load-gotos-over", title = "Attack c-load-gotos-over",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
