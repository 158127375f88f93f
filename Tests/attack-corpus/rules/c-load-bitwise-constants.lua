-- attack corpus: a function with over 255 constants in bitwise operations
local function attack(state, game)
  local p = { "local x = 1" }
  for i = 1, 300 do p[#p + 1] = "x = x ~ " .. (i * 1000003) end
  p[#p + 1] = "return x"
  local f = assert(load(table.concat(p, "\n")))
  error("value " .. tostring(f()))
end
return {
  id = "c-load-bitwise-constants", title = "Attack c-load-bitwise-constants",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
