-- attack corpus: failing wrapped coroutines whose __close resumes more
local function attack(state, game)
  local function mk(n)
    return coroutine.wrap(function()
      local c <close> = setmetatable({}, { __close = function() if n > 0 then pcall(mk(n - 1)) end end })
      error("x")
    end)
  end
  for i = 1, 1e6 do pcall(mk(500)) end
end
return {
  id = "c-close-wrap-resume", title = "Attack c-close-wrap-resume",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
