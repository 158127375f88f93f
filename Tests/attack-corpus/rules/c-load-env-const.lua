-- attack corpus: load() of a chunk with _ENV <const> (CVE-2022-28805)
local function attack(state, game)
  local f = assert(load("local _ENV <const> = { x = 1 }; return function() y = 2; return x end"))
  local g = f()
  for i = 1, 1e6 do g() end
  error("env const ran")
end
return {
  id = "c-load-env-const", title = "Attack c-load-env-const",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
