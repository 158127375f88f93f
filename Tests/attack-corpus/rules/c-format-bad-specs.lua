-- attack corpus: format specifications Lua refuses, with long flag runs
local function attack(state, game)
  local errs = 0
  for _, f in ipairs({ "%100d", "%" .. string.rep("#", 1e6) .. "d", "%.1000f", "%" .. string.rep("9", 1e6) .. "s", "%q" }) do
    if not pcall(string.format, f, 1) then errs = errs + 1 end
  end
  for i = 1, 1e9 do pcall(string.format, "%" .. string.rep("-", 1e5) .. "d", 1) end
end
return {
  id = "c-format-bad-specs", title = "Attack c-format-bad-specs",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
