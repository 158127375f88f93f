-- attack corpus: 180 nested to-be-closed variables, each handler raising
local function attack(state, game)
  local function f(n)
    if n == 0 then error("bottom") end
    local c <close> = setmetatable({}, { __close = function(_, e) error(string.rep("c", 1000) .. n) end })
    return f(n - 1)
  end
  f(180)
end
return {
  id = "c-close-error-chain", title = "Attack c-close-error-chain",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
