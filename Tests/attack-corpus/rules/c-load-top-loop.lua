-- attack corpus: the top level loops comparing long strings (wall time, few steps)
local a = string.rep("a", 16 * 1024 * 1024)
local b = string.rep("a", 16 * 1024 * 1024 - 1) .. "b"
local n = 0
while true do if a == b then n = n + 1 end end
return { id = "c-load-top-loop", title = "T", setup = function() return {} end, view = function() return "" end,
  moves = function() return {} end, play = function() end, result = function() end }
