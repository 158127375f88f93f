-- attack corpus: the host reads hostile values from every hook
local liar = { __index = function() while true do end end, __len = function() return 2^40 end,
  __pairs = function() while true do end end, __tostring = function() while true do end end,
  __eq = function() while true do end end, __name = string.rep("n", 1e6) }
return {
  id = "c-hooks-return-hostile", title = "T",
  setup = function(game) return setmetatable({ n = 0 }, liar) end,
  view = function(state) return setmetatable({}, liar) end,
  moves = function(state) return setmetatable({ "go" }, liar) end,
  play = function(state, input, game) rawset(state, "n", rawget(state, "n") + 1); return setmetatable({ n = 1 }, liar) end,
  result = function(state) return setmetatable({}, liar) end,
}
