-- attack corpus: xpcall nested 190 deep, each handler calling xpcall
local function attack(state, game)
  local function f(n)
    if n == 0 then error(string.rep("e", 4000)) end
    return xpcall(f, function(m) return xpcall(error, function(e) return f(0) end, m) end, n - 1)
  end
  for i = 1, 1e9 do f(190) end
end
return {
  id = "c-xpcall-nested", title = "Attack c-xpcall-nested",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
