-- attack corpus: load() of a million-digit numeral and of huge hex
local function attack(state, game)
  for i = 1, 1e9 do
    load("return " .. string.rep("9", 1e6))
    load("return 0x" .. string.rep("f", 1e6))
    load("return 1e" .. string.rep("9", 1e6))
  end
end
return {
  id = "c-load-numbers", title = "Attack c-load-numbers",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
