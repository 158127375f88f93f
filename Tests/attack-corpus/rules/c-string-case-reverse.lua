-- attack corpus: upper, lower and reverse of 30 MB, in a loop
local function attack(state, game)
  local s = string.rep("Ab", 15 * 1024 * 1024)
  for i = 1, 1e9 do local _ = s:upper(); _ = s:lower(); _ = s:reverse() end
end
return {
  id = "c-string-case-reverse", title = "Attack c-string-case-reverse",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
