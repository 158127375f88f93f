-- attack corpus: 33 captures, unclosed captures and malformed patterns in a loop
local function attack(state, game)
  for i = 1, 1e9 do
    pcall(string.find, "a", string.rep("(", 33) .. "a" .. string.rep(")", 33))
    pcall(string.find, "a", "(((a")
    pcall(string.find, "a", "[a")
    pcall(string.find, "a", "%")
    pcall(string.gsub, "a", "(a)", "%9")
  end
end
return {
  id = "c-pattern-captures", title = "Attack c-pattern-captures",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
