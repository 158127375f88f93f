-- attack corpus: load() of 9,000 elseif branches
local function attack(state, game)
  local p = { "if x == 0 then" }
  for i = 1, 9000 do p[#p + 1] = "elseif x == " .. i .. " then" end
  p[#p + 1] = "end"
  local f, e = load(table.concat(p, " "))
  error(tostring(e))
end
return {
  id = "c-load-elseif-chain", title = "Attack c-load-elseif-chain",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
