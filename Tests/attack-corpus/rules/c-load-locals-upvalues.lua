-- attack corpus: load() of functions with too many locals and upvalues
local function attack(state, game)
  local a = {}
  for i = 1, 300 do a[i] = "local v" .. i .. " = " .. i end
  local f1, e1 = load(table.concat(a, "\n"))
  local b = {}
  for i = 1, 300 do b[i] = "v" .. i end
  local f2, e2 = load("local " .. table.concat(b, ",") .. " return function() return " .. table.concat(b, "+") .. " end")
  error(tostring(e1) .. " / " .. tostring(e2))
end
return {
  id = "c-load-locals-upvalues", title = "Attack c-load-locals-upvalues",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
