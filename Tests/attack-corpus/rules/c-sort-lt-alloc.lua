-- attack corpus: sorting objects whose __lt allocates 1 MB each call
local function attack(state, game)
  local mt = { __lt = function(a, b) local _ = string.rep("z", 1024 * 1024); return a.v < b.v end }
  local t = {}
  for i = 1, 100000 do t[i] = setmetatable({ v = (i * 7919) % 100003 }, mt) end
  table.sort(t)
end
return {
  id = "c-sort-lt-alloc", title = "Attack c-sort-lt-alloc",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
