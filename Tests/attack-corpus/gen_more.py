"""Rule files for the host-side kinds: quadratic host work on rule text, memory through host
functions, the snapshot and messages, records, and rules that are slow as a whole.
Written by gen-rules.py into rules/."""
import os

RULES = {}

def rule(name, text):
    RULES[name] = "-- attack corpus: " + name + "\n" + text

M = "\\u{301}"      # a combining acute accent, in Lua source

# A hook that wastes wall time with few steps: comparing two 8 MB strings that differ at the
# end costs a few milliseconds inside one instruction.
SPIN = """local A_ = string.rep("a", 8 * 1024 * 1024)
local B_ = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
local function spin(n) local k = 0 for i = 1, n do if A_ == B_ then k = k + 1 end end return k end
"""

def simple(name, *, setup="return { n = 0 }", view='return "n=" .. tostring(state.n)',
           moves='return { "go" }', play="state.n = state.n + 1", result="return nil",
           extra="", pre=""):
    rule(name, pre + """return {
  id = "%s", title = "Attack %s",%s
  setup = function(game) %s end,
  view = function(state, game) %s end,
  moves = function(state, game) %s end,
  play = function(state, input, game) %s end,
  result = function(state, game) %s end,
}
""" % (name, name, extra, setup, view, moves, play, result))

# ---------------------------------------------------------------- quadratic host work on rule text
# the key is built at load time: a literal of 200,000 marks would be a 400 KB line
rule("q-key-marks-ruletable", """local rule = {
  id = "q-key-marks-ruletable", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
rule["setup" .. string.rep("%s", 200000)] = function() end
rule["x" .. string.rep("%s", 200000)] = 1
rule[string.rep("%s", 200000)] = 2
return rule
""" % (M, M, M))
rule("q-title-marks", """return {
  id = "q-title-marks", title = "T" .. string.rep("%s", 60),
  about = "A" .. string.rep("%s", 400),
  rules = string.rep("r" .. string.rep("%s", 30), 1000),
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""" % (M, M, M))
rule("q-option-choices-when", """local choices = {}
for i = 1, 40000 do choices[i] = "c" .. i end
return {
  id = "q-option-choices-when", title = "Attack",
  options = {
    mode = { choices = choices, default = "c1", help = "many choices" },
    extra = { choices = choices, default = "c2", help = "matters in many modes", when = { mode = choices } },
    third = { choices = choices, default = "c3", help = "and more", when = { mode = choices, extra = choices } },
  },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-option-choices-marks", """local choices = {}
for i = 1, 10000 do choices[i] = "c" .. i .. string.rep("%s", 30) end
return {
  id = "q-option-choices-marks", title = "Attack",
  options = { mode = { choices = choices, default = choices[1], help = "marked choices" } },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""" % M)
rule("q-option-many", """local options = {}
for i = 1, 10000 do options["o" .. i] = { choices = { "a", "b" }, default = "a", help = string.rep("h", 1000) } end
return {
  id = "q-option-many", title = "Attack", options = options,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-state-key-marks", """return {
  id = "q-state-key-marks", title = "Attack",
  setup = function(game) return { n = 0, ["k" .. string.rep("%s", 200000)] = 1, [string.rep("%s", 200000) .. "z"] = 2 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""" % (M, M))
rule("q-state-many-mark-keys", """return {
  id = "q-state-many-mark-keys", title = "Attack",
  setup = function(game)
    local s = { n = 0, m = {} }
    for i = 1, 50000 do s.m["k" .. string.rep("%s", 30) .. i] = i end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1; for k, v in pairs(state.m) do state.m[k] = v + 1 end end,
  result = function() end,
}
""" % M)
rule("q-state-equiv-keys", """return {
  id = "q-state-equiv-keys", title = "Attack",
  setup = function(game) return { n = 0, m = { ["\\u{e9}"] = 1, ["e\\u{301}"] = 2 } } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-moves-huge", """local list = {}
for i = 1, 10000 do list[i] = string.format("%05d", i) .. string.rep("m", 4091) end
return {
  id = "q-moves-huge", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-moves-marks", """local list = {}
for i = 1, 10000 do list[i] = string.format("%05d", i) .. string.rep("a" .. string.rep("\\u{301}", 30), 60) end
local bad = {}
for i = 1, 10000 do bad[i] = "b" .. i .. string.rep("\\u{301}", 31) end
return {
  id = "q-moves-marks", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) if state.n % 2 == 0 then return list end return bad end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-moves-over", """local list = {}
for i = 1, 10001 do list[i] = "m" .. i end
return {
  id = "q-moves-over", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-moves-prefixes", """local list = {}
for i = 1, 10000 do list[i] = string.rep("p", i % 4000 + 1) .. i end
return {
  id = "q-moves-prefixes", title = "Attack",
  keys = { a = list[1], b = list[2] },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return list end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
def view_rule(name, expr):
    rule(name, """local V = %s
return {
  id = "%s", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return V end,
  moves = function() return { "go", "x" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""" % (expr, name))
view_rule("q-view-1mb-word", 'string.rep("w", 1024 * 1024 - 100)')
view_rule("q-view-marks", 'string.rep("a" .. string.rep("\\u{301}", 30), 16000)')
view_rule("q-view-zwj", 'string.rep("\\u{1F468}\\u{200D}\\u{1F469}\\u{200D}\\u{1F467}\\u{200D}\\u{1F466}", 40000)')
view_rule("q-view-wide-lines", 'string.rep(string.rep("\\u{6F22}", 2000) .. "\\n", 170)')
view_rule("q-view-tabs", 'string.rep("\\t", 1024 * 1024 - 100)')
view_rule("q-view-controls", '"\\27[2J\\27]52;c;ZXZpbA==\\7\\27[?1049h\\u{9b}31m\\u{202e}reversed\\u{200f}" .. string.rep("\\27[31m\\8\\r", 50000)')
rule("q-view-elements-shared", """local face = string.rep("f", 65536)
local function cards() local c = {} for i = 1, 1000 do c[i] = { face = face, label = face } end return c end
local shared = cards()
local elements = {}
for i = 1, 500 do elements[i] = { type = "cards", cards = shared } end
return {
  id = "q-view-elements-shared", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return elements end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
simple("q-say-marks", play='state.n = state.n + 1; local s = string.rep("s" .. string.rep("%s", 30), 1000); for i = 1, 40 do game.say(s) end' % M)
simple("q-refuse-marks", play='game.refuse(string.rep("%s", 200000))' % M)
simple("q-error-marks", play='error(string.rep("%s", 200000))' % M)
simple("q-result-huge", result='if state.n > 0 then return { summary = string.rep("r" .. string.rep("%s", 30), 60000), winner = string.rep("w", 1e6), score = 1 } end' % M)
rule("q-keys-many", """local keys = {}
for i = 1, 100000 do keys["k" .. i] = "go" end
for i = 32, 126 do keys[string.char(i)] = "go" end
return {
  id = "q-keys-many", title = "Attack", keys = keys,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-commands-many", """local commands = {}
for i = 1, 10000 do commands[string.rep("c", 50) .. i] = { help = string.rep("h", 1000), run = function(state) end } end
return {
  id = "q-commands-many", title = "Attack", commands = commands,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-secret-maps", """local secret = {}
for i = 1, 100000 do secret[i] = "f" .. i end
local maps = {}
for i = 1, 100 do maps[i] = string.rep("*.", 40) .. "m" .. i end
return {
  id = "q-secret-maps", title = "Attack", secret = secret, maps = maps,
  setup = function(game)
    local s = { n = 0 }
    local cur = s
    for i = 1, 60 do cur.x = { {}, {} }; cur = cur.x[1] end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-turn-list", """return {
  id = "q-turn-list", title = "Attack", players = 8,
  turn = function(state) local t = {} for i = 1, 100000 do t[i] = (i % 8) + 1 end return t end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("q-text-pattern", """return {
  id = "q-text-pattern", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { text = "anything", pattern = string.rep("%a?", 66) .. "%d" } end,
  play = function(state, input, game) state.n = state.n + 1; if state.n > 1e9 then return end game.refuse("no") end,
  result = function() end,
}
""")
rule("q-rules-text", """return {
  id = "q-rules-text", title = "Attack",
  rules = string.rep("w", 65000),
  commands = { long = { help = string.rep("x", 1000), run = function() end } },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")

# ---------------------------------------------------------------- memory through host functions
def hold(name, body, words=None):
    rule(name, """local keep = {}
return {
  id = "%s", title = "Attack",%s
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
%s
  end,
  result = function() end,
}
""" % (name, ("\n  words = %s," % words) if words else "", body))
hold("m-cards-deck-hold", """    local contents = {}
    for i = 1, 10000 do contents[i] = string.format("%05d", i) .. string.rep("c", 251) end
    for i = 1, 1e9 do keep[#keep + 1] = game.cards.deck(contents, 100) end""")
hold("m-cards-show-hold", """    local hand = game.cards.deck((function() local c = {} for i = 1, 10000 do c[i] = string.format("%05d", i) .. string.rep("s", 251) end return c end)())
    for i = 1, #hand do hand[i].faceUp = true end
    for i = 1, 1e9 do keep[#keep + 1] = game.cards.show(hand) end""")
hold("m-colour-hold", """    local s = string.rep("c", 65536)
    for i = 1, 1e9 do keep[#keep + 1] = game.colour(s, "red") end""")
hold("m-pad-hold", """    local s = string.rep("\\u{301}", 30) .. "x"
    for i = 1, 1e9 do keep[#keep + 1] = game.pad(s, 1000) end""")
hold("m-standard-hold", """    for i = 1, 1e9 do keep[#keep + 1] = game.cards.standard({ jokers = 2, decks = 8 }) end""")
hold("m-deal-hold", """    for i = 1, 1e9 do
      local deck = game.cards.standard({ decks = 8 })
      keep[#keep + 1] = game.cards.deal(deck, 416, 1)
    end""")
hold("m-match-hold", """    for i = 1, 1e9 do keep[#keep + 1] = game.match.new(999) end""")
hold("m-puzzle-hold", """    local w = string.rep("\\u{e9}", 128)
    for i = 1, 1e9 do keep[#keep + 1] = game.words.puzzle(w) end""", words='"animals"')
hold("m-words-letters-loop", """    for i = 1, 1e9 do keep[i % 100 + 1] = game.words.letters(); keep[i % 100 + 200] = game.words.find(string.rep("\\u{301}", 900)) end""", words='"russian"')
hold("m-shuffle-big", """    local t = {}
    for i = 1, 100000 do t[i] = i end
    for i = 1, 1e9 do game.shuffle(t); keep[i % 10 + 1] = game.pick(t) end""")
hold("m-width-loop", """    local s = string.rep("\\u{1F468}\\u{200D}\\u{1F469}", 5000) .. string.rep("\\u{301}", 30)
    for i = 1, 1e9 do keep[i % 10 + 1] = game.width(s) end""")
hold("m-scores-summary-loop", """    for i = 1, 100 do game.scores.submit({ board = "b" .. (i % 50), value = i }) end
    for i = 1, 1e9 do keep[i % 10 + 1] = game.scores.summary("b" .. (i % 50), 100); game.scores.best("b1") end""")
hold("m-scores-save-max", """    local v = string.rep("v", 60000)
    for i = 1, 200 do game.scores.save("name-" .. i, { text = v, n = i }) end
    for i = 1, 100 do keep[#keep + 1] = game.scores.load("name-" .. i) end""")
hold("m-scores-boards-many", """    for i = 1, 100 do game.scores.submit({ board = string.format("%08d", state.n * 100 + i) .. string.rep("b", 56), value = i, label = string.rep("l", 64) }) end""")
hold("m-reward-flood", """    for i = 1, 1e9 do game.reward(1, 1e300); game.reward(1, -1e300) end""")

def snap(name, setup_body, play_body):
    rule(name, """return {
  id = "%s", title = "Attack",
  setup = function(game)
    local state = { n = 0 }
%s
    return state
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go", "fail" } end,
  play = function(state, input, game)
    state.n = state.n + 1
%s
    if input == "fail" then error("fail after changing the state") end
  end,
  result = function() end,
}
""" % (name, setup_body, play_body))
snap("m-snap-shared-string", """    local s = string.rep("s", 28 * 1024 * 1024)
    state.refs = {}
    for i = 1, 200 do state.refs[i] = s end""", """    state.refs[1] = state.refs[2]""")
snap("m-snap-many-strings", """    state.strs = {}
    for i = 1, 40 do state.strs[i] = string.rep(string.char(64 + i % 26), 1024 * 1024) end""",
"""    state.strs[state.n % 40 + 1] = string.rep("z", 1024 * 1024 - state.n)""")
snap("m-snap-deep", """    local cur = state
    for i = 1, 199 do cur.d = { i = i }; cur = cur.d end""", """    state.d.i = state.n""")
snap("m-snap-dag", """    local cur = { leaf = true }
    for i = 1, 60 do cur = { a = cur, b = cur } end
    state.dag = cur""", """    state.dag.a.a.extra = state.n""")
snap("m-snap-wide", """    state.w = {}
    for i = 1, 1000000 do state.w[i] = { i } end""", """    state.w[state.n] = { -state.n }""")
snap("m-snap-grow-restore", """    state.big = {}""", """    for i = 1, 2000 do state.big[#state.big + 1] = string.rep("g", 16384) .. i end""")
rule("m-say-flood", """return {
  id = "m-say-flood", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local s = string.rep("m", 65536)
    for i = 1, 1e6 do game.say(s) end
  end,
  result = function() end,
}
""")
rule("m-say-to-flood", """return {
  id = "m-say-to-flood", title = "Attack", players = 8,
  turn = function(state) return 1 end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state, game, seat) return { "go" } end,
  play = function(state, input, game, seat)
    state.n = state.n + 1
    local s = string.rep("t", 65536)
    for i = 1, 1e6 do game.say_to(i % 8 + 1, s) end
  end,
  bot = function(state, game, seat) return "go" end,
  result = function() end,
}
""")
rule("m-observe-huge", """local big = {}
for i = 1, 60 do big[i] = string.rep("o", 65536) .. i end
return {
  id = "m-observe-huge", title = "Attack",
  observe = function(state, game, seat) return { big = big, n = state.n } end,
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("m-reveal-huge", """return {
  id = "m-reveal-huge", title = "Attack",
  secret = { "hidden" },
  setup = function(game)
    local s = { n = 0, hidden = {} }
    for i = 1, 60 do s.hidden[i] = string.rep("h", 65536) .. i end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function() end,
}
""")
rule("m-big-steps", """local view = string.rep("v", 1000000)
return {
  id = "m-big-steps", title = "Attack",
  setup = function(game) return { n = 0 } end,
  view = function(state) return view end,
  moves = function() return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; for i = 1, 15 do game.say(string.rep("s", 65536)) end end,
  result = function() end,
}
""")
# ---------------------------------------------------------------- records, for the concurrency cases
rule("r-counter", """return {
  id = "r-counter", title = "Counter",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    state.n = state.n + 1
    local r = game.scores.load("counter") or { played = 0, deep = { hits = 0 }, list = { 0, 0 } }
    r.played = r.played + 1
    r.deep.hits = r.deep.hits + 2
    r.list[1] = r.list[1] + 1
    game.scores.save("counter", r)
    game.scores.submit({ board = "moves", value = state.n })
  end,
  result = function() end,
}
""")
# ---------------------------------------------------------------- slow as a whole (check, sim, list, replay)
rule("b-slow-load", SPIN + """spin(150)
return {
  id = "b-slow-load", title = "Slow to load",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) if state.n >= 3 then return { summary = "done" } end end,
}
""")
rule("b-slow-move-endless", SPIN + """return {
  id = "b-slow-move-endless", title = "Slow moves, no end",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go", "stay" } end,
  play = function(state) spin(100); state.n = state.n + 1 end,
  result = function(state) return nil end,
}
""")
rule("b-slow-games", SPIN + """return {
  id = "b-slow-games", title = "Slow games that end",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) spin(120); state.n = state.n + 1 end,
  result = function(state) if state.n >= 2 then return { summary = "done", score = state.n } end end,
}
""")
rule("b-slow-refuse", SPIN + """return {
  id = "b-slow-refuse", title = "Slow refusals of free text",
  words = "five-letter",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { text = "a word", pattern = "%a%a%a%a%a" } end,
  play = function(state, input, game) spin(60); game.refuse("never") end,
  result = function(state) return nil end,
}
""")
rule("b-slow-option-check", SPIN + """local choices = {}
for i = 1, 1000 do choices[i] = "c" .. i end
return {
  id = "b-slow-option-check", title = "Slow option checks",
  options = { mode = { choices = choices, default = "c1", help = "slow to check",
    check = function(value, game) spin(60); return nil end } },
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) if state.n >= 2 then return { summary = "done" } end end,
}
""")
rule("b-slow-view", SPIN + """return {
  id = "b-slow-view", title = "A slow view",
  setup = function(game) return { n = 0 } end,
  view = function(state) spin(150); return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) return nil end,
}
""")
rule("b-busy-table", """return {
  id = "b-busy-table", title = "A rule that burns each move's whole time",
  setup = function(game) return { n = 0 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state)
    local a = string.rep("a", 8 * 1024 * 1024)
    local b = string.rep("a", 8 * 1024 * 1024 - 1) .. "b"
    while true do if a == b then break end end
  end,
  result = function(state) return nil end,
}
""")
rule("b-memory-table", """return {
  id = "b-memory-table", title = "A rule that keeps 48 MB in its state",
  setup = function(game)
    local s = { n = 0, big = {} }
    for i = 1, 48 do s.big[i] = string.rep(string.char(65 + i % 26), 1024 * 1024 - i) end
    return s
  end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state) return { "go" } end,
  play = function(state) state.n = state.n + 1 end,
  result = function(state) return nil end,
}
""")
rule("p-big-output", """return {
  id = "p-big-output", title = "Big steps",
  setup = function(game) return { n = 0 } end,
  view = function(state) return string.rep("view line of text\\n", 30000) end,
  moves = function(state) return { "go" } end,
  play = function(state, input, game) state.n = state.n + 1; for i = 1, 15 do game.say(string.rep("x", 60000)) end end,
  result = function(state) return nil end,
}
""")
rule("p-multi-seat", """return {
  id = "p-multi-seat", title = "Two seats", players = 2,
  turn = function(state) return state.turn end,
  setup = function(game) return { n = 0, turn = 1 } end,
  view = function(state) return "n=" .. state.n end,
  moves = function(state, game, seat) return { "go" } end,
  play = function(state, input, game, seat) state.n = state.n + 1; state.turn = 3 - state.turn end,
  bot = function(state, game, seat) return "go" end,
  result = function(state) if state.n >= 1000000 then return { winner = 1 } end end,
}
""")

def write(out):
    for name, text in sorted(RULES.items()):
        with open(os.path.join(out, name + ".lua"), "w") as f: f.write(text)
