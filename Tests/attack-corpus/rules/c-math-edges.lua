-- attack corpus: integer edges: mininteger // -1, % -1, fmod, abs, random over the whole range
local function attack(state, game)
  local r = {}
  r[#r + 1] = math.mininteger // -1
  r[#r + 1] = math.mininteger % -1
  r[#r + 1] = math.fmod(math.mininteger, -1)
  r[#r + 1] = math.abs(math.mininteger)
  r[#r + 1] = math.random(math.mininteger, math.maxinteger)
  r[#r + 1] = math.tointeger(2^63)
  r[#r + 1] = pcall(function() return 1 // 0 end)
  r[#r + 1] = pcall(string.format, "%d", 3.5)
  r[#r + 1] = math.floor(-0.0)
  r[#r + 1] = 0/0
  error("edges " .. table.concat((function() local s = {} for i, v in ipairs(r) do s[i] = tostring(v) end return s end)(), " "))
end
return {
  id = "c-math-edges", title = "Attack c-math-edges",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
