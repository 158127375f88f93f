-- attack corpus: coroutine.close of a chain of 5,000 coroutines, each __close closing the next
local function attack(state, game)
  local cos = {}
  for i = 1, 5000 do
    cos[i] = coroutine.create(function()
      local c <close> = setmetatable({}, { __close = function() if cos[i + 1] then coroutine.close(cos[i + 1]) end end })
      coroutine.yield()
    end)
    coroutine.resume(cos[i])
  end
  coroutine.close(cos[1])
end
return {
  id = "c-close-coroutine-nest", title = "Attack c-close-coroutine-nest",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
