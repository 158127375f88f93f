-- attack corpus: to-be-closed variables closed by errors, a million times
local function attack(state, game)
  for i = 1, 1e9 do
    pcall(function()
      local c <close> = setmetatable({}, { __close = function() local _ = string.rep("x", 1000) end })
      error("y")
    end)
  end
end
return {
  id = "c-close-in-pcall-loop", title = "Attack c-close-in-pcall-loop",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
