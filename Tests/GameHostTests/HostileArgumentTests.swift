import Dispatch
import GameCore
import GameRules
import LuaKit
import Locking
import TestSupport
import XCTest

/// Every host function a rule can call, with every kind of hostile argument in every position:
/// each call ends in a clean Lua error naming the function (or a bounded result), never a
/// trap, a hang or a crash, and the sandbox stays usable.
final class HostileArgumentTests: XCTestCase {
    /// Hostile values, as Lua expressions over the helpers `hostilePrelude` defines.
    static let values = [
        "nil", "true", "'text'", "{}", "function() end", "coroutine.create(function() end)",
        "0/0", "1/0", "-1/0", "0", "-1", "1.5", "2^31", "2^53", "math.maxinteger", "math.mininteger",
        "BIG", "LYING_LEN", "TRAP_INDEX", "TRAP_PAIRS", "CYCLE", "DAG", "LONG_LIST",
        "MARKS", "MARK_LIST", "MARK_KEYS",
    ]

    /// Each function with argument templates; V marks the hostile argument.
    static let calls: [(function: String, templates: [String])] = [
        ("game.say", ["V", "'a', V"]), ("game.say_to", ["V, 'a'", "1, V", "1, 'a', V"]), ("game.reward", ["V, 1", "1, V"]), ("game.name", ["V"]), ("game.t", ["V", "'x', V", "'x', { a = V }", "'p', { n = V }", "'p', { n = V, a = V }"]),
        ("game.cards.move", ["V, {}", "DECK(), V", "DECK(), {}, V"]), ("game.cards.put", ["V, {}", "{}, V", "{}, { content = 'a' }, V"]),
        ("game.cards.take", ["V, 1", "DECK(), V"]), ("game.cards.refill", ["V, DECK()", "{}, V"]), ("game.cards.give", ["V, 1", "DECK(), V"]),
        ("game.bell", ["V"]), ("game.refuse", ["V"]),
        ("game.random", ["V", "V, 10", "1, V"]), ("game.pick", ["V"]), ("game.shuffle", ["V"]), ("game.now", ["V"]),
        ("game.match.new", ["V"]), ("game.match.length", ["V"]),
        ("game.match.record", ["V, 'win'", "game.match.new(3), V", "{ match = 3, wins = 0, losses = 0, ties = V }, 'tie'",
                               "{ match = V, wins = 0, losses = 0, ties = 0 }, 'win'"]),
        ("game.words.next", ["V"]), ("game.words.letters", ["V"]), ("game.words.letter", ["V", "'a', V"]), ("game.words.draw", ["V"]), ("game.words.left", ["V"]), ("game.words.count", ["V"]),
        ("game.words.entry", ["V"]), ("game.words.contains", ["V"]), ("game.words.find", ["V"]),
        ("game.words.starting", ["V", "'a', V", "'a', 10, V"]),
        ("game.words.puzzle", ["V", "'cat', V"]),
        ("game.words.guess", ["V, 'a'", "game.words.puzzle('cat'), V", "{ word = V, guessed = {} }, 'a'",
                              "{ word = 'cat', guessed = V }, 'a'", "{ word = 'cat', wrong_words = V }, 'cat'"]),
        ("game.scores.submit", ["V", "{ board = V, value = 1 }", "{ board = 'b', value = V }",
                                "{ board = 'b', value = 1, better = V }", "{ board = 'b', value = 1, label = V, unit = V }"]),
        ("game.scores.summary", ["V", "'b', V"]), ("game.scores.best", ["V"]),
        ("game.scores.load", ["V"]), ("game.scores.save", ["V, 1", "'r', V", "'r', { V }", "'r', { a = V, b = { V } }"]),
        ("game.cards.deck", ["V", "{ 'a', 'b' }, V", "{ V }"]), ("game.cards.shuffle", ["V"]),
        ("game.cards.draw", ["V", "DECK(), V"]), ("game.cards.deal", ["V, 2, 2", "DECK(), V, 2", "DECK(), 2, V"]),
        ("game.cards.peek", ["V", "DECK(), V"]), ("game.cards.cut", ["V, 1", "DECK(), V"]),
        ("game.cards.turn_up", ["V, 1", "DECK(), V", "{ { content = V } }, 1"]), ("game.cards.turn_down", ["V, 1", "DECK(), V", "V"]),
        ("game.cards.face_up", ["V"]), ("game.cards.all_matched", ["V"]), ("game.cards.face_up_time", ["DECK(), V", "{ { content = 'a', upSince = V } }, 1"]),
        ("game.cards.standard", ["V", "{ jokers = V }", "{ decks = V }"]), ("game.cards.turn_up", ["V"]),
        ("game.cards.compare", ["V, STD()[1]", "STD()[1], V", "STD()[1], STD()[2], V", "{ rank = V }, STD()[1]"]),
        ("game.cards.total", ["V, 'pips'", "STD(), V", "{ { rank = V } }, 'blackjack'"]),
        ("game.cards.show", ["V", "STD(), V", "{ { label = V } }", "{ { content = V } }"]),
        ("game.width", ["V"]), ("game.pad", ["V, 3", "'x', V", "'x', 3, V"]), ("game.colour", ["V, 'red'", "'x', V"]),
        ("math.random", ["V", "1, V", "V, 1, 2"]), ("math.randomseed", ["V"]), ("os.time", ["V"]), ("os.clock", ["V"]),
        ("require", ["V"]), ("print", ["V"]),
        ("string.rep", ["'ab', V", "V, 3", "'x', 10, V"]), ("string.find", ["BIG, V", "V, 'a'", "BIG, 'a', V, true"]),
        ("string.gsub", ["'abc', 'b', V", "BIG, '(a+)', V"]), ("table.move", ["V, 1, 3, 1", "{}, 1, V, 1", "{}, 1, 3, V"]),
        ("table.insert", ["{}, V, 1", "V, 1", "LYING_LEN, 1, 1"]), ("table.remove", ["LYING_LEN, V", "V"]),
        ("table.sort", ["V", "{ 3, 1, 2 }, V"]), ("table.concat", ["V", "{ 'a', V }"]), ("table.unpack", ["V", "{}, 1, V"]),
        ("utf8.len", ["V", "BIG, V"]), ("load", ["V", "'return 1', V, V"]), ("setmetatable", ["{}, V", "V, {}"]),
        ("pcall", ["V"]), ("xpcall", ["error, V"]), ("coroutine.resume", ["V"]), ("coroutine.wrap", ["V"]), ("coroutine.close", ["V"]),
        ("tonumber", ["V", "BIG, V"]), ("collectgarbage", ["V"]),
    ]

    static let hostilePrelude = """
        BIG = string.rep('x', 1 << 20)
        LYING_LEN = setmetatable({}, { __len = function() return 2^62 end, __index = function() return 'a' end })
        TRAP_INDEX = setmetatable({}, { __index = function() error('index trap') end })
        TRAP_PAIRS = setmetatable({ 1, 2 }, { __pairs = function() error('pairs trap') end })
        CYCLE = {}
        CYCLE.self = CYCLE
        CYCLE[1] = CYCLE
        DAG = { 'leaf' }
        for i = 1, 40 do DAG = { a = DAG, b = DAG, DAG } end
        LONG_LIST = {}
        for i = 1, 200000 do LONG_LIST[i] = 'w' end
        -- Text Swift would compare in quadratic time: one run of 200,000 combining marks;
        -- 100,000 strings each with as many marks in a row as the host takes; 10,000 keys
        -- with marks.
        MARKS = 'a' .. string.rep('\u{301}', 200000)
        local thirty = string.rep('\u{301}', 30)
        MARK_LIST, MARK_KEYS = {}, {}
        for i = 1, 100000 do MARK_LIST[i] = 'e' .. thirty .. i end
        for i = 1, 10000 do MARK_KEYS['k\u{301}\u{302}' .. i] = i end
        function DECK() return game.cards.deck({ 'a', 'b', 'c', 'd' }) end
        function STD() return game.cards.standard() end
        """

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testEveryHostFunctionTakesHostileArgumentsCleanly") { Self.everyCase.start() }
    }

    /// Every case run (seconds of work), started early: the number of cases and what went wrong.
    static let everyCase = EarlyStart { () -> (count: Int, problems: [String]) in
        var cases: [String] = []
        for (function, templates) in calls {
            for template in templates {
                for value in values { cases.append("\(function)(\(template.replacingOccurrences(of: "V", with: value)))") }
            }
        }
        // In two halves at once, each in a sandbox of its own (the machine has two cores).
        let halves = [Array(cases[..<(cases.count / 2)]), Array(cases[(cases.count / 2)...])]
        let problems = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            let found: [String]
            do { found = try run(halves[half]) } catch { found = ["half \(half): \(error)"] }
            problems.withLock { $0 += found }
        }
        return (cases.count, problems.withLock { $0 })
    }

    func testEveryHostFunctionTakesHostileArgumentsCleanly() throws {
        let (count, problems) = try Self.everyCase.value()
        XCTAssertGreaterThan(count, 150)
        XCTAssertEqual(problems, [])
    }

    /// Runs each case as its own call into rule code in a fresh sandbox; answers what went wrong.
    static func run(_ cases: [String]) throws -> [String] {
        var problems: [String] = []
        // Texts for game.t to find, so that its values are read (a key it lacks ends the call first).
        let sandbox = RuleSandbox(seed: 7, texts: RuleTexts(base: ["x": .plain("{a} and {a}"), "p": .plural(one: "{n} {a}", other: "{n} {a}s")]))
        let lua = sandbox.lua
        try lua.call(try lua.load("game = ...\n" + Self.hostilePrelude, chunkName: "rules/prelude.lua"), [.ref(sandbox.game)])
        for call in cases {
            // Each case is its own call into rule code, with its own budget: a case may end by
            // spending it, which no pcall can catch.
            let caseStart = ProcessorTime.thread()
            do {
                // (A message of 2,000 bytes or more comes back as its length: Lua's own
                // functions echo their arguments, a run of marks among them.)
                let r = try lua.call(try lua.load("local ok, e = pcall(function() return \(call) end)\n"
                    + "if type(e) == 'string' and #e >= 2000 then e = 'a message of ' .. #e .. ' bytes' end\n"
                    + "return ok and 'ok' or (type(e) == 'string' and e or 'raised a ' .. type(e))", chunkName: "rules/hostile.lua"))
                guard let text = r.first?.string else { problems.append("\(call): \(r)"); continue }
                // A host function's error is one bounded line: it never echoes a huge argument
                // back. (Lua's own functions keep Lua's own messages.)
                if ["game.", "math.", "os.", "require", "print"].contains(where: call.hasPrefix) && text.hasPrefix("a message of ") {
                    problems.append("\(call): \(text)")
                }
            } catch let error as LuaError {
                if ![.budget, .memory].contains(error.kind) { problems.append("\(call): \(error)") }
            }
            if ProcessorTime.thread() - caseStart >= 3 { problems.append("\(call): 3 s of processor time or more") }
        }
        // The sandbox is whole afterwards.
        if try lua.call(try lua.load("return game.pad('ok', 4)", chunkName: "after.lua")) != ["ok  "] { problems.append("the sandbox is broken afterwards") }
        return problems
    }

    /// The cases above reach every host function a rule can call: a function added without
    /// hostile cases fails here.
    func testEveryRegisteredHostFunctionHasHostileCases() {
        let sandbox = RuleSandbox(seed: 7)
        let covered = Set(Self.calls.map(\.function))
        let missing = sandbox.lua.declaredFunctionNames.filter { !covered.contains($0) }
        XCTAssertGreaterThan(sandbox.lua.declaredFunctionNames.count, 40)
        XCTAssertEqual(missing, [], "host functions with no hostile cases")
    }

    /// Some of the cases above, where the answer is known: a numbered argument and a range.
    func testViolationsNameTheFunctionTheArgumentAndTheLine() throws {
        let sandbox = RuleSandbox()
        try sandbox.lua.call(try sandbox.lua.load("game = ...", chunkName: "=game"), [.ref(sandbox.game)])
        func error(_ call: String) throws -> String {
            let r = try sandbox.lua.call(try sandbox.lua.load("local ok, e = pcall(function()\n return \(call)\n end) return ok and 'ok' or e", chunkName: "rules/x.lua"))
            return r.first?.string ?? "\(r)"
        }
        XCTAssertEqual(try error("game.pad('x', 3e8)"), "rules/x.lua:2: game.pad: argument #2 (width) must be a whole number from 0 to 1000, not 300000000")
        XCTAssertEqual(try error("game.pad('x', 0/0)"), "rules/x.lua:2: game.pad: argument #2 (width) must be a whole number from 0 to 1000, not nan")
        XCTAssertEqual(try error("game.cards.deal(game.cards.deck({'a'}), 2, 1e9)"),
                       "rules/x.lua:2: game.cards.deal: argument #3 (each) must be a whole number from 0 to 10000, not 1000000000")
        // A lying __len is not asked: the list is read raw.
        XCTAssertEqual(try error("game.shuffle(setmetatable({}, { __len = function() return 2^62 end }))"), "ok")
        // A host function called in a tail call (`return game.match.record(...)`, as here)
        // still names the rule's line; a match table is read and written raw.
        XCTAssertEqual(try error("game.match.record(nil, 'win')"),
                       "rules/x.lua:2: game.match.record: argument #1 (match) must be a table, not nil")
        XCTAssertEqual(try error("game.match.record(game.match.new(3), 'draw')"),
                       "rules/x.lua:2: game.match.record: argument #2 (outcome) must be one of \"win\", \"loss\", \"tie\", not \"draw\"")
        XCTAssertEqual(try error("game.match.new(4)"), "rules/x.lua:2: best-of-4 is not a match length: N must be odd, from 1 to 99")
        XCTAssertEqual(try error("game.match.record({ match = 3, wins = 2, losses = 0, ties = 0 }, 'win')"), "rules/x.lua:2: the match is over")
        let trap = "{ __index = function() error('index trap') end, __newindex = function() error('newindex trap') end }"
        XCTAssertEqual(try error("""
            (function()
              local m = setmetatable({ match = 3, wins = 1, losses = 0, ties = 0 }, \(trap))
              game.match.record(m, 'win')
              return rawget(m, 'over') == true and rawget(m, 'winner') == 'player' and rawget(m, 'left') == 0 or error('not recorded')
            end)()
            """), "ok")
        XCTAssertEqual(try error("game.random(math.mininteger, math.maxinteger)"), "ok")
        XCTAssertEqual(try error("game.cards.deck(string.rep('x', 10))"),
                       "rules/x.lua:2: game.cards.deck: argument #1 (contents) must be a list (a table), not \"xxxxxxxxxx\"")
        let cycle = try error("(function() local t = {} t.self = t return game.cards.deck({ t }) end)()")
        XCTAssertTrue(cycle.contains("game.cards.deck: argument #1[1].self: the table contains itself"), cycle)
        XCTAssertTrue(try error("game.match.record({ match = 3, wins = 0, losses = 0, ties = math.maxinteger }, 'tie')")
            .contains("the table's 'ties' is not a whole number from 0 to 1000000"))
        XCTAssertEqual(try error("game.say(string.rep('x', 1 << 20))"), "rules/x.lua:2: game.say: a message of more than 65536 bytes")
    }
}
