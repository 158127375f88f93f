-- attack corpus: a __call chain while the rule loads
local t = setmetatable({}, {})
getmetatable(t).__call = t
t()
return { id = "c-load-top-call-chain", title = "T", setup = function() return {} end, view = function() return "" end,
  moves = function() return {} end, play = function() end, result = function() end }
