-- attack corpus: the rule table has __index, __pairs and __len that never return
local rule = { id = "c-load-returns-hostile", title = "T" }
return setmetatable(rule, {
  __index = function() while true do end end,
  __pairs = function() while true do end end,
  __len = function() while true do end end,
})
