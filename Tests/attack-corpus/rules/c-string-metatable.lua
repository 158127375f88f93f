-- attack corpus: rawset on the string metatable's view, and calling strings
local function attack(state, game)
  local smt = getmetatable("")
  rawset(smt, "__call", function() return "called" end)
  rawset(smt, "__index", setmetatable({}, { __index = function() while true do end end }))
  local ok = pcall(function() return ("x")() end)
  local _ = ("x"):upper()
  if ok then error("strings became callable") end
  local s = ("x"):rep(3)
  error("string metatable held")
end
return {
  id = "c-string-metatable", title = "Attack c-string-metatable",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
