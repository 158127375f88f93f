-- attack corpus: recursion with two hundred locals a frame
local function attack(state, game)
  local src = { "local function f(n)" }
  for i = 1, 190 do src[#src + 1] = "local v" .. i .. " = n" end
  src[#src + 1] = "return f(n + 1) + v1 end return f(0)"
  local f = assert(load(table.concat(src, "\n")))
  f()
end
return {
  id = "c-recursion-locals", title = "Attack c-recursion-locals",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
