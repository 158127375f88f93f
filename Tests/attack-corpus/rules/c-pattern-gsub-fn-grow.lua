-- attack corpus: gsub doubling every byte of 30 MB with a function
local function attack(state, game)
  local s = string.rep("g", 30 * 1024 * 1024)
  local _ = s:gsub(".", function(c) return c .. c end)
end
return {
  id = "c-pattern-gsub-fn-grow", title = "Attack c-pattern-gsub-fn-grow",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
