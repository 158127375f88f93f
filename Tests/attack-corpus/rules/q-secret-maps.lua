-- attack corpus: q-secret-maps
local secret = {}
for i = 1, 100000 do secret[i] = "f" .. i end
local maps = {}
for i = 1, 100 do maps[i] = string.rep("*.", 40) .. "m" .. i end
return {
  id = "q-secret-maps", title = "Attack", secret = secret, maps = maps,
  setup = function(game)
    local s = { n = 0 }
    local cur = s
    for i = 1, 60 do cur.x = { {}, {} }; cur = cur.x[1] end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
