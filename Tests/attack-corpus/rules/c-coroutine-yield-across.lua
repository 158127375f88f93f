-- attack corpus: yield across pcall, sort, gsub and load readers
local function attack(state, game)
  local co = coroutine.wrap(function()
    for i = 1, 1e6 do
      pcall(table.sort, { 3, 2, 1 }, function(a, b) coroutine.yield(); return a < b end)
      pcall(string.gsub, "abc", ".", function() coroutine.yield() end)
      pcall(load, function() coroutine.yield() end)
    end
  end)
  for i = 1, 1e9 do co() end
end
return {
  id = "c-coroutine-yield-across", title = "Attack c-coroutine-yield-across",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
