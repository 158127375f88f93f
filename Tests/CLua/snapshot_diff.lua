-- Random states and random moves for test_snapshot_diff.c. build(seed) makes a nested state
-- (global `state`) with shared subtables, cycles, metatables with __index tables, strings
-- short and long, numbers of both kinds and booleans, and `keep`, references into the state
-- from outside it (as a rule's file-level variables). move(seed) changes it at random through
-- the state and through `keep`. Everything is drawn from a seeded generator.
local gcmark = ...   -- a C function: if it ever runs as a finalizer, the test fails

local seed = 1
local function rnd(n)
  seed = seed ~ (seed << 13)
  seed = seed ~ (seed >> 7)
  seed = seed ~ (seed << 17)
  return (seed >> 1) % n + 1
end

local words = {"a", "b", "c", "name", "x", "y", "score", "list", "items", "n", "__index", "__gc", "value", "next"}
local longs = {}
local funcs = {}
local pool

local function longstring()
  if #longs > 0 and rnd(3) == 1 then return longs[rnd(#longs)] end
  local parts = {}
  for i = 1, rnd(20) + 5 do parts[i] = words[rnd(#words)] .. rnd(1000) end
  local s = table.concat(parts, " ")
  if #s <= 40 then s = s .. string.rep("-", 41 - #s) end
  longs[#longs + 1] = s
  return s
end

local function key()
  local r = rnd(10)
  if r <= 3 then return rnd(8)
  elseif r <= 7 then return words[rnd(#words)]
  elseif r == 8 then return rnd(1000) + 0.5
  elseif r == 9 then return longstring()
  else return pool[rnd(#pool)] end
end

local function value()
  local r = rnd(16)
  if r <= 3 then return rnd(100) - 50
  elseif r == 4 then return (rnd(1000) - 500) / 8
  elseif r == 5 then return rnd(2) == 1
  elseif r <= 8 then return words[rnd(#words)] .. (rnd(3) == 1 and rnd(9) or "")
  elseif r == 9 then return longstring()
  elseif r == 10 then return funcs[rnd(#funcs)]
  elseif r == 11 then return rnd(3) == 1 and gcmark or funcs[1]
  elseif r == 12 then return rnd(5) + 0.0
  else return pool[rnd(#pool)] end
end

function build(s)
  seed = s * 2654435761 + 1
  longs = {}
  local counter = 0
  funcs = {function() counter = counter + 1 return counter end, print, string.len, coroutine.create(function() end)}
  pool = {}
  for i = 1, rnd(25) + 2 do pool[i] = {} end
  for _, t in ipairs(pool) do
    if rnd(2) == 1 then for i = 1, rnd(6) do t[i] = value() end end
    for _ = 1, rnd(8) - 1 do
      local k = key()
      if k ~= nil then t[k] = value() end
    end
  end
  for _ = 1, rnd(5) do
    local t, mt = pool[rnd(#pool)], pool[rnd(#pool)]
    if rawget(mt, "__gc") == nil and getmetatable(t) == nil then
      if rnd(2) == 1 then mt.__index = {n = rnd(10)} end
      setmetatable(t, mt)
    end
  end
  state = pool[1]
  keep = {}
  for i = 1, 3 do keep[i] = pool[rnd(#pool)] end
end

-- A table reached from the state (a few steps in), from `keep`, or any of the pool.
local function some_table()
  local r = rnd(4)
  local t = r == 1 and keep[rnd(#keep)] or r == 2 and pool[rnd(#pool)] or state
  for _ = 1, rnd(4) - 1 do
    local tables = {}
    for _, v in next, t do if type(v) == "table" then tables[#tables + 1] = v end end
    if #tables == 0 then break end
    t = tables[rnd(#tables)]
  end
  return t
end

local function first_key(t)
  local n = rnd(4)
  local k = next(t)
  for _ = 2, n do
    local k2 = next(t, k)
    if k2 == nil then break end
    k = k2
  end
  return k
end

local moves = {
  function(t) t[key() or 1] = value() end,
  function(t) local k = first_key(t) if k ~= nil then t[k] = nil end end,
  function(t) t[key() or 1] = {} end,
  function(t) pcall(setmetatable, t, nil) end,
  function(t) pcall(setmetatable, t, pool[rnd(#pool)]) end,
  function(t)
    local mt = getmetatable(t)
    if type(mt) == "table" and type(rawget(mt, "__index")) == "table" then
      local ix = rawget(mt, "__index")
      ix.n = (type(rawget(ix, "n")) == "number" and rawget(ix, "n") or 0) + 1
    end
  end,
  function(t) for i = 1, rnd(300) do t["extra" .. i] = i end end,
  function(t) for i = 1, rnd(60) do rawset(t, #t + 1, i) end end,
  function(t) if #t > 0 then table.insert(t, 1, "first") end end,
  function(t) if #t > 0 then table.remove(t, 1) end end,
  function(t)
    local k = first_key(t)
    if k ~= nil and math.type(t[k]) == "integer" then t[k] = t[k] + 0.0 end
  end,
  function(t) t[key() or 1] = string.rep("z", rnd(100)) end,
  function(t)
    for k, v in next, t do
      if type(v) == "table" then
        t[k] = nil
        keep[#keep + 1] = v
        v.detached = true
        v[1] = "changed while detached"
        break
      end
    end
  end,
  function(t) t.cycle = state end,
  function(t) local mt = getmetatable(t) if type(mt) == "table" then mt.__gc = gcmark end end,
  function(t) local mt = getmetatable(t) if type(mt) == "table" then mt.__gc = nil end end,
  function(t)
    local k = first_key(t)
    if type(k) == "string" then t[k .. ""] = t[k] end
  end,
  function(t) for k in next, t do t[k] = nil end end,
  function(t) local copy = {} for k, v in next, t do copy[k] = v end t.copy = copy end,
  function(t) t[key() or 1] = longstring() .. "" end,
  function(t) funcs[1]() end,
  function(t) error("a refused move") end,
}

function move(s)
  seed = s * 40503 + 7
  for _ = 1, rnd(6) do
    local t = some_table()
    moves[rnd(#moves)](t)
  end
end
