-- attack corpus: load() of 400,000 \\u{7FFFFFFF} escapes
local function attack(state, game)
  local f, e = load("return '" .. string.rep("\\u{7FFFFFFF}", 4e5) .. "'")
  if f then local _ = f() end
  error(tostring(e or "loaded"))
end
return {
  id = "c-load-escapes", title = "Attack c-load-escapes",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
