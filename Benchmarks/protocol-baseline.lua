-- The baseline for the machine protocol's speed: the same steps `gamehost play rps --json`
-- takes, done by a naive plain-Lua process under the stock lua5.4 interpreter: read a line,
-- copy the state, play the move (undoing it when refused), ask view, moves and result, and
-- write a JSON object with a naive encoder. No sandbox, no budget, no Swift.
-- Usage: lua5.4 Benchmarks/protocol-baseline.lua rules/rps.lua < inputs
local path = arg[1] or "rules/rps.lua"
package.path = (path:match("^(.*/)") or "./") .. "lib/?.lua;" .. package.path
local rule = dofile(path)

local game, take_messages = dofile((arg[0]:match("^(.*/)") or "./") .. "plain-host.lua")

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
  io.write(json({ type = "step", step = step, input = input or false, status = status, messages = take_messages(),
    reason = reason or false, view = rule.view(state, game), moves = over and { "y", "n" } or rule.moves(state, game),
    state = rule.observe and rule.observe(state, game) or state, over = over ~= nil, result = over or false }), "\n")
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
      take_messages()
      emit(line, type(err) == "table" and "refused" or "error", type(err) == "table" and err.refusal or tostring(err))
    end
  end
end
io.write(json({ type = "end", reason = "eof" }), "\n")
