-- attack corpus: load() of a binary chunk header, in every mode
local function attack(state, game)
  for _, m in ipairs({ "b", "t", "bt" }) do
    local f, e = load("\27Lua\84\0\25\147\13\10\26\10\4\8\8" .. string.rep("\255", 1000), "x", m)
    assert(not f)
  end
  error("binary refused")
end
return {
  id = "c-load-binary", title = "Attack c-load-binary",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
