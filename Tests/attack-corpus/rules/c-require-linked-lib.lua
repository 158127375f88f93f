-- attack corpus: require of a library that is a link out of lib/
local function attack(state, game)
  local ok, v = pcall(require, "evil")
  if ok then error("a linked library loaded: " .. tostring(v)) end
  error("refused: " .. tostring(v))
end
return {
  id = "c-require-linked-lib", title = "Attack c-require-linked-lib",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
