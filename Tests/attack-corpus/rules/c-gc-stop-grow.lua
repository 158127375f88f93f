-- attack corpus: collectgarbage('stop') then growing
local function attack(state, game)
  collectgarbage("stop")
  local t = {}
  for i = 1, 1e9 do t[i] = string.rep("g", 1000) .. i end
end
return {
  id = "c-gc-stop-grow", title = "Attack c-gc-stop-grow",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
