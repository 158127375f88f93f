-- attack corpus: string.byte of a whole 10 MB string and string.char of 7,999 values
local function attack(state, game)
  local s = string.rep("b", 10 * 1024 * 1024)
  local t = {}
  for i = 1, 7999 do t[i] = 65 end
  for i = 1, 1e9 do pcall(string.byte, s, 1, -1); local _ = string.char(table.unpack(t, 1, 7999)) end
end
return {
  id = "c-string-byte-char", title = "Attack c-string-byte-char",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
