-- attack corpus: q-view-elements-shared
local face = string.rep("f", 65536)
local function cards() local c = {} for i = 1, 1000 do c[i] = { face = face, label = face } end return c end
local shared = cards()
local elements = {}
for i = 1, 500 do elements[i] = { type = "cards", cards = shared } end
return {
  id = "q-view-elements-shared", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return elements end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
