-- attack corpus: require with names leading out of the rule's folders
local function attack(state, game)
  local names = { "../outside/evil", "../../outside/evil", "/etc/passwd", "lib/../../outside/evil",
    "..", ".", "", string.rep("a", 1e5), "evil\0x", "~/.ssh/id_rsa", "%2e%2e/outside/evil", "outside.evil" }
  local loaded = {}
  for _, n in ipairs(names) do local ok, v = pcall(require, n); if ok then loaded[#loaded + 1] = n end end
  if #loaded > 0 then error("loaded: " .. table.concat(loaded, ", ")) end
  error("require refused every name")
end
return {
  id = "c-require-traversal", title = "Attack c-require-traversal",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
