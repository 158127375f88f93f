-- attack corpus: a __call chain carrying 7,999 arguments
local function attack(state, game)
  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  local args = {}
  for i = 1, 7999 do args[i] = i end
  t(table.unpack(args, 1, 7999))
end
return {
  id = "c-call-wide-args", title = "Attack c-call-wide-args",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
