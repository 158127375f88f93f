-- attack corpus: plain find of a 1 MB needle in 50 MB of near misses
local function attack(state, game)
  local s = string.rep("a", 50 * 1024 * 1024)
  local needle = string.rep("a", 1024 * 1024) .. "b"
  for i = 1, 1e9 do local _ = s:find(needle, 1, true) end
end
return {
  id = "c-pattern-plain-find", title = "Attack c-pattern-plain-find",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
