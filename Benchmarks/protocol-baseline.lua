-- The baseline for the machine protocol's speed: the same steps `gamehost play rps --json`
-- takes, done by a naive plain-Lua process under the stock lua5.4 interpreter: read a line,
-- copy the state, play the move (undoing it when refused), ask view, moves and result, and
-- write a JSON object with a naive encoder. No sandbox, no budget, no Swift.
-- Usage: lua5.4 Benchmarks/protocol-baseline.lua rules/rps.lua < inputs
local path = arg[1] or "rules/rps.lua"
package.path = (path:match("^(.*/)") or "./") .. "lib/?.lua;" .. package.path
local rule = dofile(path)

local messages = {}
local game = {
  options = { match = "best-of-3", opponent = "random" },
  seed = 1,
  say = function(...) messages[#messages + 1] = table.concat({ ... }, "\t") end,
  bell = function() end,
  refuse = function(reason) error({ refusal = reason }, 0) end,
  random = function(m, n) return math.random(m, n) end,
  pick = function(list) return list[math.random(#list)] end,
  now = function() return 0 end,
  match = {},
}
function game.match.length(text)
  if text == "single" then return 1 end
  local n = tonumber(text:match("^best%-of%-(%d+)$"))
  if n and n % 2 == 1 and n <= 99 then return n end
  return nil, "not a match length"
end
function game.match.new(n)
  local needed = n // 2 + 1
  return { match = n, needed = needed, wins = 0, losses = 0, ties = 0, left = needed, over = false }
end
function game.match.record(m, outcome)
  if m.over then error("the match is over") end
  if outcome == "win" then m.wins = m.wins + 1 elseif outcome == "loss" then m.losses = m.losses + 1 else m.ties = m.ties + 1 end
  m.left = m.needed - m.wins
  m.over = m.wins == m.needed or m.losses == m.needed
  m.winner = m.wins == m.needed and "player" or (m.losses == m.needed and "computer" or nil)
  return m
end

local function copy(v, seen)
  if type(v) ~= "table" then return v end
  if seen[v] then return seen[v] end
  local c = {}
  seen[v] = c
  for k, x in pairs(v) do c[copy(k, seen)] = copy(x, seen) end
  return c
end

local function json(v)
  local t = type(v)
  if t == "string" then return '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"' end
  if t == "number" or t == "boolean" then return tostring(v) end
  if t ~= "table" then return "null" end
  if #v > 0 or next(v) == nil then
    local items = {}
    for i = 1, #v do items[i] = json(v[i]) end
    return "[" .. table.concat(items, ",") .. "]"
  end
  local keys, items = {}, {}
  for k in pairs(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for i, k in ipairs(keys) do items[i] = json(k) .. ":" .. json(v[k]) end
  return "{" .. table.concat(items, ",") .. "}"
end

math.randomseed(1)
local state = rule.setup(game)
local step = 0
local function emit(input, status, reason)
  local over = rule.result(state, game)
  io.write(json({ type = "step", step = step, input = input or false, status = status, messages = messages,
    reason = reason or false, view = rule.view(state, game), moves = over and { "y", "n" } or rule.moves(state, game),
    state = rule.observe and rule.observe(state, game) or state, over = over ~= nil, result = over or false }), "\n")
  messages = {}
end
io.write(json({ type = "start", game = rule.id, seed = "1" }), "\n")
emit(nil, "started")
for line in io.lines() do
  step = step + 1
  if rule.result(state, game) and (line == "y" or line == "n") then
    if line == "n" then break end
    state = rule.setup(game)
    emit(line, "accepted")
  else
    local backup = copy(state, {})
    local ok, err = pcall(rule.play, state, line, game)
    if ok then
      emit(line, "accepted")
    else
      state = backup
      messages = {}
      emit(line, type(err) == "table" and "refused" or "error", type(err) == "table" and err.refusal or tostring(err))
    end
  end
end
io.write(json({ type = "end", reason = "eof" }), "\n")
