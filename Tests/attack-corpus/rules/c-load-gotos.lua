-- attack corpus: load() of text with 7,999 forward gotos in one function, in a loop
local function attack(state, game)
  local parts = {}
  for i = 1, 7999 do parts[#parts + 1] = "goto l" .. i .. " ::l" .. i .. "::" end
  local text = "local x = 1 " .. table.concat(parts, " ")
  for i = 1, 1e9 do load(text) end
end
return {
  id = "c-load-gotos", title = "Attack c-load-gotos",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
