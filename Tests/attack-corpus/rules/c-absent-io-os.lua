-- attack corpus: every way to io, os, debug, package, dofile and string.dump
local function attack(state, game)
  local found = {}
  local function try(name, f) local ok, v = pcall(f); if ok and v ~= nil then found[#found + 1] = name end end
  try("io", function() return io end)
  try("debug", function() return debug end)
  try("package", function() return package end)
  try("os.execute", function() return os.execute end)
  try("os.getenv", function() return os.getenv end)
  try("os.remove", function() return os.remove end)
  try("os.exit", function() return os.exit end)
  try("dofile", function() return dofile end)
  try("loadfile", function() return loadfile end)
  try("string.dump", function() return string.dump end)
  try("require io", function() return require("io") end)
  try("require os.execute", function() return require("os").execute end)
  try("require debug", function() return require("debug") end)
  try("require package", function() return require("package") end)
  try("string mt index", function() return getmetatable("").__index.dump end)
  try("collectgarbage count mt", function() return getmetatable(collectgarbage) end)
  if #found > 0 then error("reachable: " .. table.concat(found, ", ")) end
  error("absent as documented")
end
return {
  id = "c-absent-io-os", title = "Attack c-absent-io-os",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return { summary = "done" } end end,
}
