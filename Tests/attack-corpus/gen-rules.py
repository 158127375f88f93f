#!/usr/bin/env python3
"""Writes the attack corpus's small rule files (Tests/attack-corpus/rules/*.lua).

Each attack is a few lines of Lua. Most run inside `play` when the input `go` arrives (so
the per-input budget, time limit and memory cap apply, and the session should go on);
`load:` attacks run while the file loads, `setup:` ones in setup, and `file:` entries are
whole rule files. Run it again after changing an attack; scripts/attack only reads the
files. Big inputs (floods of gotos, long literals, huge word lists and transcripts) are
not stored: scripts/attack generates them into each case's own folder.
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "rules")

PLAY = """-- attack corpus: {desc}
local function attack(state, game)
{body}
end
return {{
  id = "{id}", title = "Attack {id}",
  setup = function(game) return {{ n = 0 }} end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return {{ "go" }} end,
  play = function(state, input, game) state.n = state.n + 1; attack(state, game) end,
  result = function(state) if state.n >= 50 then return {{ summary = "done" }} end end,
}}
"""

LOAD = """-- attack corpus: {desc}
do
{body}
end
return {{
  id = "{id}", title = "Attack {id}",
  setup = function(game) return {{ n = 0 }} end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return {{ "go" }} end,
  play = function(state, input, game) state.n = state.n + 1 end,
  result = function(state) if state.n >= 50 then return {{ summary = "done" }} end end,
}}
"""

SETUP = """-- attack corpus: {desc}
return {{
  id = "{id}", title = "Attack {id}",
  setup = function(game)
    local state = {{ n = 0 }}
{body}
    return state
  end,
  view = function(state) return "n=" .. tostring(state.n) end,
  moves = function(state) return {{ "go" }} end,
  play = function(state, input, game) state.n = (tonumber(state.n) or 0) + 1 end,
  result = function(state) if (tonumber(state.n) or 0) >= 50 then return {{ summary = "done" }} end end,
}}
"""

# name -> (where, description, body)
A = {}
def play(name, desc, body): A[name] = ("play", desc, body)
def load(name, desc, body): A[name] = ("load", desc, body)
def setup(name, desc, body): A[name] = ("setup", desc, body)
def whole(name, desc, text): A[name] = ("file", desc, text)

# ---------------------------------------------------------------- metatables and calls
play("c-call-self", "a table whose __call is itself, set after setmetatable",
"""  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  t()""")
play("c-call-cycle3", "a cycle of three tables through __call",
"""  local a, b, c = {}, {}, {}
  setmetatable(a, { __call = b }); setmetatable(b, { __call = c }); setmetatable(c, { __call = a })
  a(1, 2, 3)""")
play("c-call-pcall-loop", "a __call chain caught by pcall, again and again",
"""  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  for i = 1, 1e9 do pcall(t) end""")
play("c-call-in-coroutine", "a __call chain inside nested coroutines",
"""  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  local co = coroutine.wrap(function() return coroutine.wrap(function() return t() end)() end)
  co()""")
play("c-call-wide-args", "a __call chain carrying 7,999 arguments",
"""  local t = setmetatable({}, {})
  getmetatable(t).__call = t
  local args = {}
  for i = 1, 7999 do args[i] = i end
  t(table.unpack(args, 1, 7999))""")
play("c-call-via-index", "__call found through an __index chain of 1,999 links",
"""  local base = {}
  local mt = {}
  local cur = mt
  for i = 1, 1999 do local nxt = {}; setmetatable(cur, { __index = nxt }); cur = nxt end
  local t = setmetatable({}, mt)
  mt.__call = t
  t()""")
play("c-index-chain-loop", "an __index chain of 1,999 links, looked up in a loop",
"""  local cur = {}
  local t = cur
  for i = 1, 1999 do local nxt = {}; setmetatable(cur, { __index = nxt }); cur = nxt end
  for i = 1, 1e9 do local _ = t.missing end""")
play("c-newindex-chain-loop", "a __newindex chain of 1,999 links, assigned in a loop",
"""  local cur = {}
  local t = cur
  for i = 1, 1999 do local nxt = {}; setmetatable(cur, { __newindex = nxt }); cur = nxt end
  for i = 1, 1e9 do t.x = nil end""")
play("c-concat-meta", "__concat that returns itself, across a 200-operand concatenation",
"""  local o = setmetatable({}, {})
  getmetatable(o).__concat = function(a, b) return o end
  for i = 1, 1e9 do
    local _ = o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o .. o
  end""")
play("c-eq-lt-meta-loop", "__lt and __le that recurse into each other",
"""  local mt = {}
  mt.__lt = function(a, b) return b <= a end
  mt.__le = function(a, b) return b < a end
  local x, y = setmetatable({}, mt), setmetatable({}, mt)
  local _ = x < y""")
play("c-tostring-loop", "__tostring that never returns",
"""  local o = setmetatable({}, { __tostring = function() while true do end end })
  local _ = tostring(o)""")
play("c-name-huge", "a 50 MB __name in an arithmetic error message",
"""  local o = setmetatable({}, { __name = string.rep("n", 50 * 1024 * 1024) })
  local _ = o + 1""")
play("c-len-huge-insert", "table.insert and table.remove on a table whose __len says 2^40",
"""  local t = setmetatable({}, { __len = function() return 2^40 end,
    __index = function() return 1 end, __newindex = function() end })
  table.remove(t, 1)""")
play("c-metatable-protect", "__metatable lies and a protected metatable on the state",
"""  state.o = setmetatable({}, { __metatable = string.rep("x", 1e6), __index = function() while true do end end })
  local _ = state.o.anything""")
play("c-pairs-infinite", "__pairs returning an iterator that never ends",
"""  local t = setmetatable({}, { __pairs = function(t) return function() return 1, 1 end, t, nil end })
  for k, v in pairs(t) do end""")

# ---------------------------------------------------------------- finalizers and __close
setup("c-gc-after-set-restore", "__gc added after setmetatable, kept in the state, restored after a failed move",
"""    local mt = {}
    state.obj = setmetatable({}, mt)
    mt.__gc = function() while true do end end""")
A["c-gc-after-set-restore"] = ("file", A["c-gc-after-set-restore"][1], """-- attack corpus: __gc added after setmetatable, in the state, restored after a failed move
return {
  id = "c-gc-after-set-restore", title = "Attack",
  setup = function(game)
    local mt = {}
    local state = { n = 0, obj = setmetatable({}, mt), objs = {} }
    mt.__gc = function() while true do end end
    for i = 1, 100 do
      local m = {}
      state.objs[i] = setmetatable({}, m)
      rawset(m, "__gc", function() while true do end end)
    end
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail", "drop" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    if input == "fail" then state.obj = nil; state.objs = nil; error("fail after changing the state") end
    if input == "drop" then state.obj = nil; state.objs = nil; collectgarbage(); collectgarbage() end
  end,
  result = function(state) end,
}
""")
play("c-gc-rawset-local", "__gc rawset into a metatable after setmetatable, then collected",
"""  for i = 1, 1000 do
    local mt = {}
    local o = setmetatable({}, mt)
    rawset(mt, "__gc", function() while true do end end)
  end
  collectgarbage(); collectgarbage()""")
play("c-gc-weak-ephemeron", "weak-keyed tables of objects whose metatables gain __gc later",
"""  local weak = setmetatable({}, { __mode = "k" })
  local mts = {}
  for i = 1, 1000 do local mt = {}; mts[i] = mt; weak[setmetatable({}, mt)] = string.rep("v", 100) end
  for i = 1, 1000 do mts[i].__gc = function() while true do end end end
  state.weak = weak
  collectgarbage()""")
play("c-gc-mt-of-mt", "a metatable whose own __index offers __gc",
"""  local mt = setmetatable({}, { __index = { __gc = function() while true do end end } })
  local o = setmetatable({}, mt)
  o = nil
  collectgarbage()""")
play("c-close-loop", "a __close handler that never returns",
"""  do
    local x <close> = setmetatable({}, { __close = function() while true do end end })
  end""")
play("c-close-error-chain", "180 nested to-be-closed variables, each handler raising",
"""  local function f(n)
    if n == 0 then error("bottom") end
    local c <close> = setmetatable({}, { __close = function(_, e) error(string.rep("c", 1000) .. n) end })
    return f(n - 1)
  end
  f(180)""")
play("c-close-coroutine-nest", "coroutine.close of a chain of 5,000 coroutines, each __close closing the next",
"""  local cos = {}
  for i = 1, 5000 do
    cos[i] = coroutine.create(function()
      local c <close> = setmetatable({}, { __close = function() if cos[i + 1] then coroutine.close(cos[i + 1]) end end })
      coroutine.yield()
    end)
    coroutine.resume(cos[i])
  end
  coroutine.close(cos[1])""")
play("c-close-wrap-resume", "failing wrapped coroutines whose __close resumes more",
"""  local function mk(n)
    return coroutine.wrap(function()
      local c <close> = setmetatable({}, { __close = function() if n > 0 then pcall(mk(n - 1)) end end })
      error("x")
    end)
  end
  for i = 1, 1e6 do pcall(mk(500)) end""")
play("c-close-in-pcall-loop", "to-be-closed variables closed by errors, a million times",
"""  for i = 1, 1e9 do
    pcall(function()
      local c <close> = setmetatable({}, { __close = function() local _ = string.rep("x", 1000) end })
      error("y")
    end)
  end""")

# ---------------------------------------------------------------- coroutines, pcall, xpcall
play("c-coroutine-deep", "coroutines resuming coroutines without end",
"""  local function f() return coroutine.wrap(f)() end
  f()""")
play("c-coroutine-many", "a million live coroutines kept in the state's upvalue",
"""  local keep = {}
  for i = 1, 1e7 do keep[i] = coroutine.create(function() coroutine.yield() end); coroutine.resume(keep[i]) end""")
play("c-coroutine-yield-across", "yield across pcall, sort, gsub and load readers",
"""  local co = coroutine.wrap(function()
    for i = 1, 1e6 do
      pcall(table.sort, { 3, 2, 1 }, function(a, b) coroutine.yield(); return a < b end)
      pcall(string.gsub, "abc", ".", function() coroutine.yield() end)
      pcall(load, function() coroutine.yield() end)
    end
  end)
  for i = 1, 1e9 do co() end""")
play("c-pcall-deep", "pcall of itself until the C stack ends, in a loop",
"""  local function f() return pcall(f) end
  for i = 1, 1e9 do f() end""")
play("c-xpcall-handler-errors", "an xpcall handler that raises, in a loop",
"""  for i = 1, 1e9 do xpcall(function() error("x") end, function(m) error(m) end) end""")
play("c-xpcall-handler-loops", "an xpcall handler that never returns",
"""  xpcall(function() error("x") end, function() while true do end end)""")
play("c-xpcall-handler-recurse", "an xpcall handler recursing without end",
"""  local function h(m) return h(m) .. "" end
  xpcall(error, h, "x")""")
play("c-xpcall-nested", "xpcall nested 190 deep, each handler calling xpcall",
"""  local function f(n)
    if n == 0 then error(string.rep("e", 4000)) end
    return xpcall(f, function(m) return xpcall(error, function(e) return f(0) end, m) end, n - 1)
  end
  for i = 1, 1e9 do f(190) end""")
play("c-pcall-error-huge", "errors carrying 50 MB strings, caught in a loop",
"""  local s = string.rep("e", 50 * 1024 * 1024)
  for i = 1, 1e9 do pcall(error, s .. i) end""")
play("c-error-object-deep", "an uncaught error object nested 100,000 tables deep",
"""  local e = {}
  local cur = e
  for i = 1, 100000 do cur.next = {}; cur = cur.next end
  error(e)""")
play("c-error-object-cycle", "an uncaught error object that contains itself",
"""  local e = { msg = "cycle" }
  e.self = e
  e.list = { e, e, e }
  error(e)""")
play("c-error-object-tostring", "an uncaught error object whose __tostring never returns",
"""  error(setmetatable({}, { __tostring = function() while true do end end }))""")

# ---------------------------------------------------------------- string.format / rep / pack / unpack
play("c-format-many-s", "string.format with 8,000 %s of 8 KB each",
"""  local parts = {}
  local piece = string.rep("f", 8192)
  for i = 1, 7999 do parts[i] = piece end
  local fmt = string.rep("%s", 7999)
  for i = 1, 1e9 do local _ = string.format(fmt, table.unpack(parts, 1, 7999)) end""")
play("c-format-q-expand", "%q of 20 MB of NUL bytes (expands fourfold)",
"""  local s = string.rep("\\0", 20 * 1024 * 1024)
  local _ = string.format("%q", s)""")
play("c-format-wide-float", "%99.99f of -1e308, ten million times",
"""  for i = 1, 1e9 do local _ = string.format("%99.99f", -1e308) end""")
play("c-format-bad-specs", "format specifications Lua refuses, with long flag runs",
"""  local errs = 0
  for _, f in ipairs({ "%100d", "%" .. string.rep("#", 1e6) .. "d", "%.1000f", "%" .. string.rep("9", 1e6) .. "s", "%q" }) do
    if not pcall(string.format, f, 1) then errs = errs + 1 end
  end
  for i = 1, 1e9 do pcall(string.format, "%" .. string.rep("-", 1e5) .. "d", 1) end""")
play("c-rep-huge", "string.rep of 2^40 bytes, and of 2^30 pieces with a separator",
"""  local ok1 = pcall(string.rep, "x", 2^40)
  local ok2 = pcall(string.rep, "ab", 2^30, "cd")
  local ok3 = pcall(string.rep, "", 2^62, "")
  local _ = string.rep("x", 1e15)""")
play("c-rep-near-cap-hold", "keeping strings of 50 MB each until the cap",
"""  local keep = {}
  for i = 1, 100 do keep[i] = string.rep("x", 50 * 1024 * 1024 + i) end""")
play("c-rep-empty-sep", "string.rep of an empty piece with a huge count and a long separator",
"""  local _ = string.rep("", 2^40, string.rep("s", 1024))""")
play("c-pack-long-format", "string.pack with a 4 MB format of i16",
"""  local f = string.rep("i16", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.pack, f, 1) end""")
play("c-pack-s-big", "string.pack s4 of a 40 MB string, held",
"""  local keep = {}
  local s = string.rep("p", 40 * 1024 * 1024)
  for i = 1, 100 do keep[i] = string.pack("s4", s) end""")
play("c-pack-alignment", "string.pack with alignment padding formats, in a loop",
"""  local f = string.rep("!16 Xi16 b", 10000)
  for i = 1, 1e9 do pcall(string.pack, f) end""")
play("c-packsize-overflow", "string.packsize of formats that overflow",
"""  pcall(string.packsize, string.rep("i16", 2^20))
  pcall(string.packsize, string.rep("c2147483647", 100))
  for i = 1, 1e9 do pcall(string.packsize, string.rep("c1000000000", 40)) end""")
play("c-unpack-z-flood", "string.unpack of 100,000 z fields",
"""  local data = string.rep("\\0", 100000)
  for i = 1, 1e9 do pcall(string.unpack, string.rep("z", 100000), data) end""")
play("c-unpack-lengths", "string.unpack with lying length prefixes and far positions",
"""  pcall(string.unpack, "s8", "\\255\\255\\255\\255\\255\\255\\255\\127")
  pcall(string.unpack, "i16", "x", math.maxinteger)
  pcall(string.unpack, "i16", "x", math.mininteger)
  local s = string.rep("\\1", 30 * 1024 * 1024)
  for i = 1, 1e9 do pcall(string.unpack, "s4", s, i) end""")

# ---------------------------------------------------------------- table functions
play("c-concat-index-fn", "table.concat over 2^31 items that __index makes",
"""  local t = setmetatable({}, { __index = function(_, i) return "x" end })
  local _ = table.concat(t, "", 1, 2^31)""")
play("c-concat-big-sep", "table.concat of a million items with a 64-byte separator, a hundred times",
"""  local t = {}
  for i = 1, 1e6 do t[i] = "abcdefgh" end
  local sep = string.rep("-", 64)
  for i = 1, 100 do local _ = table.concat(t, sep) end""")
play("c-sort-random-cmp", "table.sort of 200,000 items with a comparator that answers at random",
"""  local t = {}
  for i = 1, 200000 do t[i] = i end
  for i = 1, 1e9 do pcall(table.sort, t, function(a, b) return math.random() < 0.5 end) end""")
play("c-sort-loop-cmp", "a sort comparator that never returns",
"""  local t = { 3, 1, 2, 5, 4 }
  table.sort(t, function(a, b) while true do end end)""")
play("c-sort-lt-alloc", "sorting objects whose __lt allocates 1 MB each call",
"""  local mt = { __lt = function(a, b) local _ = string.rep("z", 1024 * 1024); return a.v < b.v end }
  local t = {}
  for i = 1, 100000 do t[i] = setmetatable({ v = (i * 7919) % 100003 }, mt) end
  table.sort(t)""")
play("c-sort-huge", "table.sort of five million integers, repeated",
"""  local t = {}
  for i = 1, 5e6 do t[i] = (i * 7919) % 1000003 end
  for i = 1, 100 do table.sort(t) end""")
play("c-sort-len-lie", "table.sort of a table whose __len says 2^40",
"""  local t = setmetatable({}, { __len = function() return 2^40 end, __index = function(_, i) return i end, __newindex = function() end })
  table.sort(t)""")
play("c-move-huge", "table.move over the whole integer range, and into a proxy",
"""  pcall(table.move, {}, 1, math.maxinteger, 2)
  pcall(table.move, {}, -2^62, 2^62, 1)
  local sink = setmetatable({}, { __newindex = function() end })
  local src = setmetatable({}, { __index = function() return 1 end })
  table.move(src, 1, 1e12, 1, sink)""")
play("c-unpack-huge", "table.unpack of a hundred million values",
"""  pcall(table.unpack, {}, 1, 1e8)
  pcall(table.unpack, {}, math.mininteger, math.maxinteger)
  for i = 1, 1e9 do pcall(table.unpack, {}, 1, 7999) end""")
play("c-remove-shift", "table.remove from the front of a 5-million-item list, over and over",
"""  local t = {}
  for i = 1, 5e6 do t[i] = i end
  for i = 1, 5e6 do table.remove(t, 1) end""")
play("c-int-key-collisions", "integer keys crafted to collide in one hash chain",
"""  local t = {}
  for i = 1, 1e7 do t[i * 1048575] = i end""")
play("c-long-string-keys", "equal 30 MB strings of different objects as table keys, in a loop",
"""  local a = string.rep("k", 30 * 1024 * 1024)
  local t = { [a] = 1 }
  local b = string.rep("k", 30 * 1024 * 1024 - 1) .. "k"
  for i = 1, 1e9 do local _ = t[b] end""")
play("c-long-string-compare", "comparing two 30 MB strings that differ at the end, in a loop",
"""  local a = string.rep("a", 30 * 1024 * 1024)
  local b = string.rep("a", 30 * 1024 * 1024 - 1) .. "b"
  local n = 0
  while true do if a < b then n = n + 1 end end""")

# ---------------------------------------------------------------- utf8
play("c-utf8-len-big", "utf8.len over 30 MB of two-byte characters, in a loop",
"""  local s = string.rep("\\u{e9}", 15 * 1024 * 1024)
  for i = 1, 1e9 do local _ = utf8.len(s) end""")
play("c-utf8-codepoint-all", "utf8.codepoint over a whole 10 MB string",
"""  local s = string.rep("\\u{e9}", 5 * 1024 * 1024)
  for i = 1, 1e9 do pcall(utf8.codepoint, s, 1, -1) end""")
play("c-utf8-offset-far", "utf8.offset to the ten-millionth character, in a loop",
"""  local s = string.rep("\\u{e9}", 15 * 1024 * 1024)
  for i = 1, 1e9 do local _ = utf8.offset(s, 1e7) end""")
play("c-utf8-codes-stray", "utf8.codes over 50 MB of stray continuation bytes, and from any position",
"""  local s = "a" .. string.rep("\\x80", 50 * 1024 * 1024)
  for i = 1, 1e9 do pcall(function() for p, c in utf8.codes(s) do end end) end""")
play("c-utf8-char-many", "utf8.char of 7,999 code points at the top of the range",
"""  local cps = {}
  for i = 1, 7999 do cps[i] = 0x7FFFFFFF end
  local keep = {}
  for i = 1, 1e9 do keep[i % 1000] = utf8.char(table.unpack(cps, 1, 7999)) end""")

# ---------------------------------------------------------------- load()
play("c-load-gotos", "load() of text with 7,999 forward gotos in one function, in a loop",
"""  local parts = {}
  for i = 1, 7999 do parts[#parts + 1] = "goto l" .. i .. " ::l" .. i .. "::" end
  local text = "local x = 1 " .. table.concat(parts, " ")
  for i = 1, 1e9 do load(text) end""")
play("c-load-gotos-over", "load() of text with 20,000 forward gotos in one function",
"""  local parts = {}
  for i = 1, 20000 do parts[#parts + 1] = "goto l" .. i .. " " end
  for i = 1, 20000 do parts[#parts + 1] = "::l" .. i .. ":: " end
  local f, e = load(table.concat(parts))
  assert(not f, "a flood of gotos loaded")
  error(e)""")
play("c-load-huge-text", "load() of 8 MB of text",
"""  local f, e = load(string.rep("x=1 ", 2 * 1024 * 1024))
  error(tostring(e))""")
play("c-load-reader-infinite", "load() with a reader that never stops giving text",
"""  local f, e = load(function() return "-- comment comment comment comment\\n" end)
  error(tostring(e))""")
play("c-load-reader-big", "load() with a reader giving 1 MB pieces without end",
"""  local piece = string.rep(" ", 1024 * 1024)
  local f, e = load(function() return piece end)
  error(tostring(e))""")
play("c-load-parens", "load() of 100,000 nested parentheses",
"""  local f, e = load("return " .. string.rep("(", 1e5) .. "1" .. string.rep(")", 1e5))
  error(tostring(e))""")
play("c-load-binary", "load() of a binary chunk header, in every mode",
"""  for _, m in ipairs({ "b", "t", "bt" }) do
    local f, e = load("\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8" .. string.rep("\\255", 1000), "x", m)
    assert(not f)
  end
  error("binary refused")""")
play("c-load-elseif-chain", "load() of 9,000 elseif branches",
"""  local p = { "if x == 0 then" }
  for i = 1, 9000 do p[#p + 1] = "elseif x == " .. i .. " then" end
  p[#p + 1] = "end"
  local f, e = load(table.concat(p, " "))
  error(tostring(e))""")
play("c-load-andor-chain", "load() of a 200,000-term and/or chain",
"""  local f, e = load("return a" .. string.rep(" and a or a", 100000))
  error(tostring(e))""")
play("c-load-long-bracket", "load() of a long bracket with a million = signs",
"""  local eq = string.rep("=", 1e6)
  local f, e = load("return [" .. eq .. "[" .. string.rep("x", 1e6) .. "]" .. eq .. "]")
  error(tostring(e))""")
play("c-load-escapes", "load() of 400,000 \\\\u{7FFFFFFF} escapes",
"""  local f, e = load("return '" .. string.rep("\\\\u{7FFFFFFF}", 4e5) .. "'")
  if f then local _ = f() end
  error(tostring(e or "loaded"))""")
play("c-load-numbers", "load() of a million-digit numeral and of huge hex",
"""  for i = 1, 1e9 do
    load("return " .. string.rep("9", 1e6))
    load("return 0x" .. string.rep("f", 1e6))
    load("return 1e" .. string.rep("9", 1e6))
  end""")
play("c-load-locals-upvalues", "load() of functions with too many locals and upvalues",
"""  local a = {}
  for i = 1, 300 do a[i] = "local v" .. i .. " = " .. i end
  local f1, e1 = load(table.concat(a, "\\n"))
  local b = {}
  for i = 1, 300 do b[i] = "v" .. i end
  local f2, e2 = load("local " .. table.concat(b, ",") .. " return function() return " .. table.concat(b, "+") .. " end")
  error(tostring(e1) .. " / " .. tostring(e2))""")
play("c-load-env-const", "load() of a chunk with _ENV <const> (CVE-2022-28805)",
"""  local f = assert(load("local _ENV <const> = { x = 1 }; return function() y = 2; return x end"))
  local g = f()
  for i = 1, 1e6 do g() end
  error("env const ran")""")
play("c-load-bitwise-constants", "a function with over 255 constants in bitwise operations",
"""  local p = { "local x = 1" }
  for i = 1, 300 do p[#p + 1] = "x = x ~ " .. (i * 1000003) end
  p[#p + 1] = "return x"
  local f = assert(load(table.concat(p, "\\n")))
  error("value " .. tostring(f()))""")
play("c-load-nested-functions", "load() of functions nested 300 deep",
"""  local f, e = load(string.rep("return function() ", 300) .. "return 1" .. string.rep(" end", 300))
  error(tostring(e))""")
play("c-load-concat-chain", "load() of a 200,000-operand right-associative concatenation",
"""  local f, e = load("return 'a'" .. string.rep(" .. 'a'", 200000))
  if f then local _ = f() end
  error(tostring(e))""")

# ---------------------------------------------------------------- patterns
play("c-pattern-backtrack", "find with a hundred optional items on 100,000 bytes",
"""  local s = string.rep("a", 100000)
  local _ = s:find(string.rep("a?", 100) .. string.rep("a", 100) .. "b")""")
play("c-pattern-lazy-stack", "eight lazy .- items on 100,000 bytes",
"""  local s = string.rep("a", 100000)
  for i = 1, 1e9 do pcall(string.find, s, ".-.-.-.-.-.-.-.-b") end""")
play("c-pattern-backref", "back references over 1 MB",
"""  local s = string.rep("a", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.match, s, "(a*)%1%1%1b") end""")
play("c-pattern-gsub-fn-grow", "gsub doubling every byte of 30 MB with a function",
"""  local s = string.rep("g", 30 * 1024 * 1024)
  local _ = s:gsub(".", function(c) return c .. c end)""")
play("c-pattern-gmatch-empty", "gmatch with an empty pattern over 50 MB",
"""  local s = string.rep("e", 50 * 1024 * 1024)
  local n = 0
  for _ in s:gmatch("") do n = n + 1 end""")
play("c-pattern-balance-deep", "%b() over a million nested parentheses",
"""  local s = string.rep("(", 1e6) .. string.rep(")", 1e6)
  for i = 1, 1e9 do pcall(string.find, s, "%b()x") end""")
play("c-pattern-frontier", "frontier patterns over 10 MB",
"""  local s = string.rep("a b ", 2.5 * 1024 * 1024)
  for i = 1, 1e9 do pcall(string.find, s, "%f[%w]%w+%f[%W]%s%f[%w]%w+%f[%W]x") end""")
play("c-pattern-captures", "33 captures, unclosed captures and malformed patterns in a loop",
"""  for i = 1, 1e9 do
    pcall(string.find, "a", string.rep("(", 33) .. "a" .. string.rep(")", 33))
    pcall(string.find, "a", "(((a")
    pcall(string.find, "a", "[a")
    pcall(string.find, "a", "%")
    pcall(string.gsub, "a", "(a)", "%9")
  end""")
play("c-pattern-gsub-repl-grow", "a gsub replacement of 10,000 copies of %0 on 10,000 matches",
"""  local s = string.rep("x", 10000)
  local _ = s:gsub("x", string.rep("%0", 10000))""")
play("c-pattern-gsub-table-meta", "a gsub replacement table whose __index never returns",
"""  local repl = setmetatable({}, { __index = function() while true do end end })
  local _ = ("abc"):gsub("%w", repl)""")
play("c-pattern-set-huge", "a character set of 1 MB tried at every position of 1 MB",
"""  local set = "[" .. string.rep("b", 1024 * 1024) .. "]"
  local s = string.rep("a", 1024 * 1024)
  for i = 1, 1e9 do pcall(string.find, s, set) end""")
play("c-pattern-plain-find", "plain find of a 1 MB needle in 50 MB of near misses",
"""  local s = string.rep("a", 50 * 1024 * 1024)
  local needle = string.rep("a", 1024 * 1024) .. "b"
  for i = 1, 1e9 do local _ = s:find(needle, 1, true) end""")

# ---------------------------------------------------------------- memory and collection
play("c-concat-double", "doubling a string until the memory cap",
"""  local s = "x"
  while true do s = s .. s end""")
play("c-table-grow", "a list that grows without end",
"""  local t = {}
  local i = 0
  while true do i = i + 1; t[i] = { i } end""")
play("c-gc-stop-grow", "collectgarbage('stop') then growing",
"""  collectgarbage("stop")
  local t = {}
  for i = 1, 1e9 do t[i] = string.rep("g", 1000) .. i end""")
play("c-gc-modes", "switching collector modes and full collections over a 50 MB heap",
"""  local keep = {}
  for i = 1, 50 do keep[i] = string.rep("h", 1024 * 1024) .. i end
  for i = 1, 1e9 do
    collectgarbage("generational"); collectgarbage("collect")
    collectgarbage("incremental", 1, 1); collectgarbage("step", 2^40)
  end""")
play("c-vararg-double", "a function calling itself with its varargs doubled",
"""  local function f(...) return f(..., ...) end
  f(1)""")
play("c-select-wide", "select('#') over 7,999 values, in a loop",
"""  local t = {}
  for i = 1, 7999 do t[i] = i end
  for i = 1, 1e9 do local _ = select("#", table.unpack(t, 1, 7999)) end""")
play("c-recursion-locals", "recursion with two hundred locals a frame",
"""  local src = { "local function f(n)" }
  for i = 1, 190 do src[#src + 1] = "local v" .. i .. " = n" end
  src[#src + 1] = "return f(n + 1) + v1 end return f(0)"
  local f = assert(load(table.concat(src, "\\n")))
  f()""")
play("c-string-byte-char", "string.byte of a whole 10 MB string and string.char of 7,999 values",
"""  local s = string.rep("b", 10 * 1024 * 1024)
  local t = {}
  for i = 1, 7999 do t[i] = 65 end
  for i = 1, 1e9 do pcall(string.byte, s, 1, -1); local _ = string.char(table.unpack(t, 1, 7999)) end""")
play("c-string-case-reverse", "upper, lower and reverse of 30 MB, in a loop",
"""  local s = string.rep("Ab", 15 * 1024 * 1024)
  for i = 1, 1e9 do local _ = s:upper(); _ = s:lower(); _ = s:reverse() end""")
play("c-tonumber-big", "tonumber of 50 MB of digits, in base 10 and 36",
"""  local s = string.rep("9", 50 * 1024 * 1024)
  for i = 1, 1e9 do local _ = tonumber(s); _ = tonumber(s, 36) end""")
play("c-math-edges", "integer edges: mininteger // -1, % -1, fmod, abs, random over the whole range",
"""  local r = {}
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
  error("edges " .. table.concat((function() local s = {} for i, v in ipairs(r) do s[i] = tostring(v) end return s end)(), " "))""")
play("c-warn-print-flood", "warn and print floods in one step",
"""  warn("@on")
  local big = string.rep("w", 65536)
  for i = 1, 1e5 do warn(big); print(big) end""")

# ---------------------------------------------------------------- what the sandbox removed
play("c-absent-io-os", "every way to io, os, debug, package, dofile and string.dump",
"""  local found = {}
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
  error("absent as documented")""")
play("c-require-traversal", "require with names leading out of the rule's folders",
"""  local names = { "../outside/evil", "../../outside/evil", "/etc/passwd", "lib/../../outside/evil",
    "..", ".", "", string.rep("a", 1e5), "evil\\0x", "~/.ssh/id_rsa", "%2e%2e/outside/evil", "outside.evil" }
  local loaded = {}
  for _, n in ipairs(names) do local ok, v = pcall(require, n); if ok then loaded[#loaded + 1] = n end end
  if #loaded > 0 then error("loaded: " .. table.concat(loaded, ", ")) end
  error("require refused every name")""")
play("c-require-linked-lib", "require of a library that is a link out of lib/",
"""  local ok, v = pcall(require, "evil")
  if ok then error("a linked library loaded: " .. tostring(v)) end
  error("refused: " .. tostring(v))""")
play("c-string-metatable", "rawset on the string metatable's view, and calling strings",
"""  local smt = getmetatable("")
  rawset(smt, "__call", function() return "called" end)
  rawset(smt, "__index", setmetatable({}, { __index = function() while true do end end }))
  local ok = pcall(function() return ("x")() end)
  local _ = ("x"):upper()
  if ok then error("strings became callable") end
  local s = ("x"):rep(3)
  error("string metatable held")""")
play("c-env-nil", "_ENV set to nil, then a global touched",
"""  local _ENV = nil
  x = 1""")
play("c-global-index-loop", "_G given an __index that never returns, then the host calls the rule",
"""  setmetatable(_G, { __index = function() while true do end end, __newindex = function() while true do end end })
  local _ = undefined_global""")

# ---------------------------------------------------------------- whole rule files with hostile shapes
whole("c-load-top-loop", "a rule file whose top level never ends", """-- attack corpus: the top level loops comparing long strings (wall time, few steps)
local a = string.rep("a", 16 * 1024 * 1024)
local b = string.rep("a", 16 * 1024 * 1024 - 1) .. "b"
local n = 0
while true do if a == b then n = n + 1 end end
return { id = "c-load-top-loop", title = "T", setup = function() return {} end, view = function() return "" end,
  moves = function() return {} end, play = function() end, result = function() end }
""")
whole("c-load-top-call-chain", "a rule file whose top level runs a __call chain", """-- attack corpus: a __call chain while the rule loads
local t = setmetatable({}, {})
getmetatable(t).__call = t
t()
return { id = "c-load-top-call-chain", title = "T", setup = function() return {} end, view = function() return "" end,
  moves = function() return {} end, play = function() end, result = function() end }
""")
whole("c-load-returns-hostile", "a rule file that returns a table whose metatable lies", """-- attack corpus: the rule table has __index, __pairs and __len that never return
local rule = { id = "c-load-returns-hostile", title = "T" }
return setmetatable(rule, {
  __index = function() while true do end end,
  __pairs = function() while true do end end,
  __len = function() while true do end end,
})
""")
whole("c-hooks-return-hostile", "view, moves and result return values with lying metatables", """-- attack corpus: the host reads hostile values from every hook
local liar = { __index = function() while true do end end, __len = function() return 2^40 end,
  __pairs = function() while true do end end, __tostring = function() while true do end end,
  __eq = function() while true do end end, __name = string.rep("n", 1e6) }
return {
  id = "c-hooks-return-hostile", title = "T",
  setup = function(game) return setmetatable({ n = 0 }, liar) end,
  view = function(state) return setmetatable({}, liar) end,
  moves = function(state) return setmetatable({ "go" }, liar) end,
  play = function(state, input, game) rawset(state, "n", rawget(state, "n") + 1); return setmetatable({ n = 1 }, liar) end,
  result = function(state) return setmetatable({}, liar) end,
}
""")
whole("c-state-metatable-restore", "a state whose tables carry metatables with __gc and __close, rebuilt after a failed move", """-- attack corpus: metatables in the state, restored by the snapshot after a failed move
return {
  id = "c-state-metatable-restore", title = "T",
  setup = function(game)
    local s = { n = 0, items = {} }
    for i = 1, 200 do
      local mt = { __close = function() while true do end end, __index = function() while true do end end }
      s.items[i] = setmetatable({ i = i }, mt)
      mt.__gc = function() while true do end end
      mt.__mode = "kv"
    end
    return s
  end,
  view = function(state) return "n=" .. rawget(state, "n") end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    for i = 1, 200 do rawset(state.items[i], "i", -i) end
    if input == "fail" then error("fail after change") end
    collectgarbage()
  end,
  result = function() end,
}
""")

def write():
    os.makedirs(OUT, exist_ok=True)
    for name, (where, desc, body) in sorted(A.items()):
        if where == "file": text = body
        else:
            tmpl = {"play": PLAY, "load": LOAD, "setup": SETUP}[where]
            text = tmpl.format(id=name, desc=desc, body=body)
        with open(os.path.join(OUT, name + ".lua"), "w") as f: f.write(text)
    return A

if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import importlib
    write()
    # the other families of rule files live in gen_more.py
    more = importlib.import_module("gen_more")
    more.write(OUT)
    print(len(A), "C-path rules;", len(more.RULES), "other rules")
