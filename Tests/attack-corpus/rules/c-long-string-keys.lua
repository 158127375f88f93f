-- attack corpus: equal 30 MB strings of different objects as table keys, in a loop
local function attack(state, game)
  local a = string.rep("k", 30 * 1024 * 1024)
  local t = { [a] = 1 }
  local b = string.rep("k", 30 * 1024 * 1024 - 1) .. "k"
  for i = 1, 1e9 do local _ = t[b] end
end
return {
  id = "c-long-string-keys", title = "Attack c-long-string-keys",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
