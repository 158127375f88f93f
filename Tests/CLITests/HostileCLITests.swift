import Foundation
import TestSupport
import XCTest

/// Hostile rule files and inputs through the real binary, in every mode: each run ends within
/// 5 s with an exit code below 128, and nothing the rule wrote puts a control byte (ESC, BEL,
/// the C1 CSI) on the terminal.
final class HostileCLITests: XCTestCase {
    let folder = NSTemporaryDirectory() + "gamehost-hostile-" + UUID().uuidString

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A rule file with `fields` replacing the defaults of a small valid game.
    func rule(_ name: String, prelude: String = "", _ fields: [String: String]) throws -> String {
        try Self.rule(name, prelude: prelude, fields, in: folder)
    }

    static func rule(_ name: String, prelude: String = "", _ fields: [String: String], in folder: String) throws -> String {
        var all: [String: String] = [
            "id": "'hostile'", "title": "'Hostile'",
            "setup": "function(game) return { n = 0 } end",
            "view": "function(state) return 'n = ' .. state.n end",
            "moves": "function(state) return { 'up' } end",
            "play": "function(state, input, game) state.n = state.n + 1 end",
            "result": "function(state) if state.n >= 2 then return { winner = 'player', summary = 'done' } end end",
        ]
        for (k, v) in fields { all[k] = v }
        let path = folder + "/" + name + ".lua"
        let body = all.sorted { $0.key < $1.key }.map { "  \($0.key) = \($0.value)," }.joined(separator: "\n")
        try (prelude + "\nreturn {\n" + body + "\n}\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs gamehost and checks the bounds every hostile run must keep: it ends by itself, not
    /// by a signal, within `bound` seconds of processor time (the documented limits it runs
    /// under, plus 5 s for everything else), and writes no control character.
    @discardableResult
    func runBounded(_ arguments: [String], input: String = "", bound: Double = 5, file: StaticString = #filePath, line: UInt = #line) throws -> GamehostProcess.Result {
        try Self.runBounded(arguments, input: input, bound: bound, folder: folder, file: file, line: line)
    }

    static func runBounded(_ arguments: [String], input: String = "", bound: Double = 5, folder: String,
                           file: StaticString = #filePath, line: UInt = #line) throws -> GamehostProcess.Result {
        let r = try GamehostProcess.run(arguments, input: input, environment: ["XDG_DATA_HOME": folder + "/data"])
        assertBounded(r, arguments.joined(separator: " "), bound: bound, file: file, line: line)
        return r
    }

    /// The bounds of runBounded, for a run made earlier.
    static func assertBounded(_ r: GamehostProcess.Result, _ label: String, bound: Double = 5, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(r.status, 128, "\(label): killed by a signal\n\(r.stderr)", file: file, line: line)
        XCTAssertLessThan(r.cpuSeconds, bound, "\(label): took \(r.cpuSeconds) s of processor time", file: file, line: line)
        for (stream, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let bad = text.unicodeScalars.first { $0.value == 0x1B || $0.value == 0x07 || (0x80..<0xA0).contains($0.value) }
            XCTAssertNil(bad, "\(label): a control character on \(stream)", file: file, line: line)
        }
    }

    /// A folder of the test's own, for work started early.
    static func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "gamehost-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testHostileRulesInEveryMode") { Self.everyMode.start() }
        if name.hasSuffix("testHostileWordLists") { Self.wordLists.start() }
        if name.hasSuffix("testAStepStuckInLuasCEndsTheProcess") || name.hasSuffix("testCheckStopsInsideAGameAtItsTotalTime") { Self.stuckAndSlow.start() }
    }

    /// Rules that put a hostile metatable on _G (after clearing a global, as a rule that
    /// tidies its environment might): the host reads and writes globals raw, so the metamethods
    /// never run outside the rule's budget, in any mode.
    static let hostileGlobals: [(name: String, prelude: String)] = [
        ("global-loop", "function() while true do end end"),
        ("global-error", "function() error('boom') end"),
        ("global-alloc", "function() local t = {} while true do t[#t + 1] = {} end end"),
    ].map { ($0.0, "assert = nil\nsetmetatable(_G, { __index = \($0.1), __newindex = \($0.1) })") }

    static let escapes = #""\27]0;pwned\7\27[2J\27c\27]52;c;cHduZWQ=\7\194\155 31m\0\8\13""#

    /// Each hostile rule in play (text and JSON), check and sim, and then `list`: the runs
    /// (labelled "RULE: ARGUMENTS"), started early.
    static let everyMode = EarlyStart { () -> [(label: String, result: GamehostProcess.Result)] in
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func rule(_ name: String, prelude: String = "", _ fields: [String: String]) throws -> String {
            try HostileCLITests.rule(name, prelude: prelude, fields, in: folder)
        }
        let rules = [
            try rule("escapes", prelude: "local E = \(HostileCLITests.escapes)", [
                "title": "'T' .. E", "about": "E", "rules": "E",
                "options": "{ level = { help = E, choices = { 'a', 'b' }, default = 'a' } }",
                "view": "function(state, game) return 'view ' .. E end",
                "play": "function(state, input, game) game.say(E) game.bell() state.n = state.n + 1 if state.n == 1 then game.refuse(E) end end",
                "result": "function(state) if state.n >= 3 then return { winner = E, summary = E } end end",
            ]),
            try rule("error-escapes", prelude: "local E = \(HostileCLITests.escapes)", ["play": "function() error(E) end"]),
            try rule("cpu", ["view": "function() while true do end end"]),
            try rule("cpu-coroutine", ["play": "function() coroutine.wrap(function() while true do end end)() end"]),
            try rule("cpu-close", ["play": "function() local co = coroutine.create(function() local x <close> = setmetatable({}, { __close = function() while true do end end }) coroutine.yield() end) coroutine.resume(co) coroutine.close(co) end"]),
            try rule("cpu-close-on-error", ["play": "function() coroutine.wrap(function() local x <close> = setmetatable({}, { __close = function() while true do end end }) error('x') end)() end"]),
            try rule("cpu-handler", ["play": "function() xpcall(function() while true do end end, function() while true do end end) end"]),
            try rule("memory", ["setup": "function() local s = 'x' while true do s = s .. s end end"]),
            try rule("memory-host", ["play": "function(state, input, game) local t = {} for i = 1, 1e9 do t[i] = game.pad('', 1000) end end"]),
            try rule("cycle", ["play": "function(state) state.self = state end"]),
            try rule("dag", ["play": "function(state) local d = {} for i = 1, 40 do d = { a = d, b = d } end state.d = d end"]),
            try rule("lying-moves", ["moves": "function() return setmetatable({ 'up' }, { __len = function() return -5 end, __index = function() return 'up' end }) end"]),
            try rule("huge-moves", ["moves": "function() local t = {} for i = 1, 300000 do t[i] = 'm' .. i end return t end"]),
        ] + (try HostileCLITests.hostileGlobals.map { try rule($0.name, prelude: $0.prelude, [:]) })
        // Each runs under a time limit of 0.02 s an input (play) or a game (sim).
        var runs: [(label: String, arguments: [String], input: String)] = []
        for path in rules {
            let name = (path as NSString).lastPathComponent
            runs += [(name, ["play", path, "--seed", "1", "--time-limit", "0.02"], "up\nup\n"),
                     (name, ["play", path, "--seed", "1", "--json", "--time-limit", "0.02"], "up\nup\n/quit\n"),
                     (name, ["check", path, "--seeds", "1", "--time-limit", "0.02"], ""),
                     (name, ["sim", path, "--games", "2", "--jobs", "1", "--time-limit", "0.02", "--max-moves", "2000"], "")]
            if name.hasPrefix("global-") { runs.append((name, ["arena", path, "--games", "2", "--jobs", "1", "--time-limit", "0.02"], "")) }
        }
        runs.append(("list", ["list"], ""))
        // Two at a time: most runs wait out their time limits.
        let results = GamehostProcess.runAll(runs.map { ($0.arguments, $0.input) }, environment: ["XDG_DATA_HOME": folder + "/data"])
        return zip(runs, results).map { ($0.label + ": " + $0.arguments.joined(separator: " "), $1) }
    }

    func testHostileRulesInEveryMode() throws {
        let runs = try Self.everyMode.value()
        XCTAssertEqual(runs.count, (13 + Self.hostileGlobals.count) * 4 + Self.hostileGlobals.count + 1)
        for (label, r) in runs {
            Self.assertBounded(r, label)
            let name = String(label.prefix { $0 != ":" })
            if name.hasPrefix("global-") && (label.contains(": play ") || label.contains(": sim ") || label.contains(": arena ")) {
                XCTAssertEqual(r.status, 0, "\(label): a hostile _G changes nothing the host does: \(r.stdout) \(r.stderr)")
            }
            if label.contains(": play ") && !label.contains("--json") {
                XCTAssertTrue(r.status == 0 || r.stderr.contains(name) || r.stdout.contains(name), "\(label): \(r.stdout) \(r.stderr)")
            }
        }
        XCTAssertEqual(runs.last?.result.status, 0, "list: \(runs.last?.result.stderr ?? "")")
    }

    func testListSurvivesHostileRulesInTheUsersFolder() throws {
        let rules = folder + "/data/gamehost/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        let hostile = [
            ("cyclic", "local t = {} t.t = t\nreturn { id = 'cyclic', title = 'C', extra = t, setup = print, view = print, moves = print, play = print, result = print }"),
            ("shared", "local d = {} for i = 1, 40 do d = { a = d, b = d } end\nreturn { id = 'shared', title = 'S', options = d, setup = print, view = print, moves = print, play = print, result = print }"),
            ("spin", "while true do end"),
            ("help", "return { id = 'help', title = 'H', options = { o = { choices = { 'a' }, default = 'a', help = ('\\u{85}'):rep(300000) } }, setup = print, view = print, moves = print, play = print, result = print }"),
            ("membomb", "local s = 'x' while true do s = s .. s end"),
        ]
        for (name, source) in hostile { try source.write(toFile: rules + "/" + name + ".lua", atomically: true, encoding: .utf8) }
        let r = try runBounded(["list"])
        XCTAssertEqual(r.status, 1, "a rule that cannot load is reported")
        XCTAssertTrue(r.stdout.contains("rps "), "the other games are listed: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("cyclic"), "a cycle in a field the contract does not read is only a warning: \(r.stdout) \(r.stderr)")
        for name in ["shared", "spin", "help", "membomb"] { XCTAssertTrue(r.stderr.contains(name + ": cannot load"), "\(name): \(r.stderr)") }
        XCTAssertLessThan(r.stdout.utf8.count + r.stderr.utf8.count, 100_000)
    }

    /// Runs of combining marks in every kind of mark (which Swift reorders when it compares
    /// text, at the square of the run) wherever text enters: a rule-table key, a global's
    /// name, a message, a token quoted in a syntax error (and luacheck's lint of it), a
    /// command-line argument, a transcript's JSON. Each run ends within its bound, with the
    /// terminal's width set so messages are wrapped.
    func testMarkRunsAreBoundedWhereverTextEnters() throws {
        let P = "local P = 'a' .. ('\\u{301}\\u{316}\\u{345}\\u{300}'):rep(50000)"
        let key = try rule("marks-key", prelude: P, ["extra_field": "1"])
        try String(contentsOfFile: key, encoding: .utf8).replacingOccurrences(of: "  extra_field = 1,", with: "  [P] = 1,")
            .write(toFile: key, atomically: true, encoding: .utf8)
        let global = try rule("marks-global", prelude: P, ["setup": "function(game) _ENV[P] = 1 return { n = 0 } end"])
        let say = try rule("marks-say", prelude: "local P = 'a' .. ('\\u{301}\\u{316}\\u{345}\\u{300}'):rep(7900)",
                           ["play": "function(state, input, game) game.say(P) state.n = state.n + 1 end"])
        let syntax = folder + "/marks-syntax.lua"
        try ("local bad = 1 \"a" + String(repeating: "\u{301}\u{316}\u{345}\u{300}", count: 50_000) + "\"\nreturn {}\n")
            .write(toFile: syntax, atomically: true, encoding: .utf8)
        let transcript = folder + "/marks.transcript"
        try ("{\"game\": \"rps\", \"a" + String(repeating: "\u{301}\u{316}\u{345}\u{300}", count: 50_000) + "\": 1}\n")
            .write(toFile: transcript, atomically: true, encoding: .utf8)
        let argument = "a" + String(repeating: "\u{301}\u{316}\u{345}\u{300}", count: 16_000)
        let width = ["XDG_DATA_HOME": folder + "/data", "COLUMNS": "80"]
        let runs: [(String, [String], String)] = [
            ("a rule-table key", ["play", key, "--seed", "1"], "a key that holds more than 30 combining marks in a row"),
            ("a rule-table key, check", ["check", key, "--seeds", "1"], "a key that holds more than 30 combining marks in a row"),
            ("a global's name", ["check", global, "--seeds", "2"], ""),
            ("a message", ["play", say, "--seed", "1"], "game.say: a message that holds more than 30 combining marks in a row"),
            ("a syntax error's token", ["check", syntax], "unexpected symbol near"),
            ("a syntax error's token, play", ["play", syntax, "--seed", "1"], "unexpected symbol near"),
            ("a transcript", ["replay", transcript], "a string that holds more than 30 combining marks in a row"),
            ("an option's name", ["play", "rps", "--" + argument, "x"], "holds more than 30 combining marks in a row"),
            ("a game's name", ["play", argument], "holds more than 30 combining marks in a row"),
        ]
        let lines = String(repeating: "/" + String(repeating: "\u{301}\u{316}\u{345}\u{300}", count: 500) + "\n", count: 200)
        for (what, arguments, says) in runs + [("input lines", ["play", "rps", "--seed", "1"], "that line holds more than 30 combining marks in a row")] {
            let r = try GamehostProcess.run(arguments, input: what == "input lines" ? lines : "up\nup\nn\n", environment: width)
            Self.assertBounded(r, what, bound: what == "input lines" ? 1 : 5)
            // (Wrapped at 80 columns: a line break is a space.)
            let said = (r.stdout + r.stderr).replacingOccurrences(of: "\n", with: " ")
            XCTAssertTrue(says.isEmpty || said.contains(says), "\(what): \(String(said.prefix(300)))")
        }
    }

    func testEscapesAreShownVisibly() throws {
        let path = try rule("shown", prelude: "local E = \(Self.escapes)", ["view": "function(state) return 'v' .. E end"])
        let r = try runBounded(["play", path, "--seed", "1"], input: "")
        XCTAssertTrue(r.stdout.contains("v^[]0;pwned^G^[[2J^[c^[]52;c;cHduZWQ=^GM-^[ 31m^@^H^M"), r.stdout)
        let json = try runBounded(["play", path, "--seed", "1", "--json"], input: "")
        XCTAssertTrue(json.stdout.contains(#"v\u001b]0;pwned\u0007\u001b[2J"#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#"\u009b 31m"#), json.stdout)
    }

    func testARuleCannotNameAHostFileAsItsWordList() throws {
        for words in ["/etc/passwd", "../../../../etc/passwd", "passwd.txt"] {
            let path = try rule("words", ["words": "'\(words)'"])
            let r = try runBounded(["play", path, "--seed", "1"], input: "")
            XCTAssertEqual(r.status, 1, words)
            XCTAssertFalse(r.stdout.contains("root:"), words)
            XCTAssertTrue(r.stderr.contains("field 'words'") && r.stderr.contains("not a path"), r.stderr)
        }
    }

    func testHostileInputLines() throws {
        let long = String(repeating: "r", count: 100_000)
        let r = try runBounded(["play", "rps", "--seed", "1"], input: long + "\nro\u{0}ck\n\u{1B}[2J\nrock\n")
        XCTAssertTrue(r.stdout.contains("that line is longer than the limit of 4096 bytes"), r.stdout)
        XCTAssertFalse(r.stdout.contains(String(repeating: "r", count: 5000)), "a long line is not echoed")
        let bytes = Data([0xFF, 0xFE, 0x0A]) + Data("rock\n".utf8)
        let json = try runBounded(["play", "rps", "--seed", "1", "--json"], input: String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(json.status, 0)
    }

    func testInputThatIsNotLinesOfTextEndsTheSession() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" play rps --seed 1 < /dev/zero", GamehostProcess.binary.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let cpu = GamehostProcess.childrenCPU()
        try process.run()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertLessThan(GamehostProcess.childrenCPU() - cpu, 5, "processor seconds")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(problems.contains("the input is not lines of text"), problems)
    }

    /// Hangman on hostile word lists (big lists are read in two halves at once), started early.
    static let wordLists = EarlyStart { () -> [(list: String, reason: String, result: GamehostProcess.Result)] in
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/a-folder", withIntermediateDirectories: true)
        try (String(repeating: "x", count: 10 << 20) + "\n").write(toFile: folder + "/long.txt", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/empty.txt", atomically: true, encoding: .utf8)
        mkfifo(folder + "/fifo.txt", 0o644)
        // Big lists of bad lines, of one word repeated, of bytes.
        try String(repeating: "-\n", count: 1 << 20).write(toFile: folder + "/dashes.txt", atomically: true, encoding: .utf8)
        try String(repeating: "a\n", count: 1 << 20).write(toFile: folder + "/repeats.txt", atomically: true, encoding: .utf8)
        var random = SystemRandomNumberGenerator()
        try Data((0..<(2 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: folder + "/bytes.txt"))
        let cases = [("/dev/zero", ": not a regular file"), (folder + "/a-folder", ": a folder, not a file"), (folder + "/fifo.txt", ": not a regular file"),
                     (folder + "/long.txt", "longer than the limit of 1000"), (folder + "/empty.txt", "no playable word"),
                     (folder + "/missing.txt", "no word list at"), (folder + "/dashes.txt", "dashes.txt: 1048556 more lines with problems"),
                     (folder + "/repeats.txt", "repeats.txt: 1048555 more repeated words, each played once"),
                     (folder + "/bytes.txt", "more lines with problems")]
        let results = GamehostProcess.runAll(cases.map { (["play", "hangman", "--words", $0.0, "--seed", "1"], "") },
                                             environment: ["XDG_DATA_HOME": folder + "/data"])
        return zip(cases, results).map { ($0.0, $0.1, $1) }
    }

    func testHostileWordLists() throws {
        for (list, reason, r) in try Self.wordLists.value() {
            Self.assertBounded(r, list)
            XCTAssertEqual(r.status == 0, list.hasSuffix("repeats.txt"), "\(list): \(r.status)")
            XCTAssertTrue(r.stderr.contains(reason), "\(list): \(r.stderr)")
            XCTAssertLessThan(r.stderr.split(separator: "\n").count, 30, "at most 20 problems and 20 warnings are listed: \(list)")
        }
    }

    func testHostileTranscripts() throws {
        let header = #"{"type":"header","game":"rps","rule_hash":"x","seed":"1","options":{},"clock":[]}"#
        let cases = [
            ("garbage.transcript", "not json at all"),
            ("nested.transcript", String(repeating: "[", count: 200_000)),
            ("surrogate.transcript", #"{"type":"header","game":"\ud800\udc00\ud800"}"#),
            ("badescape.transcript", #"{"type":"header","game":"\q"}"#),
            ("truncated.transcript", header + "\n" + #"{"input":"rock","clo"#),
            ("passwd.transcript", #"{"type":"header","game":"hangman","rule_hash":"x","seed":"1","options":{},"words":"/etc/passwd","clock":[]}"#),
            ("abspath.transcript", #"{"type":"header","game":"/etc/passwd.lua","rule_hash":"x","seed":"1","options":{},"clock":[]}"#),
        ]
        for (name, text) in cases {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            let r = try runBounded(["replay", folder + "/" + name])
            XCTAssertNotEqual(r.status, 0, name)
            XCTAssertFalse(r.stdout.contains("root:") || r.stderr.contains("root:"), name)
            XCTAssertTrue(r.stderr.contains(name) || r.stderr.contains("passwd"), "\(name): \(r.stderr)")
        }
    }

    func testRecordingToAPlaceThatCannotBeWrittenFailsAtTheStart() throws {
        for target in ["/dev/full", folder + "/no/such/folder/t.transcript"] {
            let r = try runBounded(["play", "rps", "--seed", "1", "--record", target], input: "rock\n")
            XCTAssertEqual(r.status, 2, target)
            XCTAssertTrue(r.stderr.contains("cannot write \(target)"), r.stderr)
            XCTAssertEqual(r.stdout, "", "no game starts")
        }
    }

    /// `--record` replaces a transcript (a golden test recorded again), and nothing else: given
    /// the rule's own file, or any file that is not a transcript, it refuses and loses nothing.
    func testRecordingOverAFileThatIsNotATranscriptLosesNothing() throws {
        let path = try rule("victim", [:])
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let r = try runBounded(["play", path, "--seed", "1", "--record", path], input: "up\n")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "gamehost: --record: \(path) is there already and is not a transcript: give a new file (or a transcript to record again)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), before)
        let transcript = folder + "/again.transcript"
        XCTAssertEqual(try runBounded(["play", "rps", "--seed", "1", "--record", transcript], input: "rock\n").status, 0)
        XCTAssertEqual(try runBounded(["play", "rps", "--seed", "2", "--record", transcript], input: "paper\n").status, 0, "a transcript is recorded again")
        XCTAssertTrue(try String(contentsOfFile: transcript, encoding: .utf8).contains(#""seed":"2""#))
    }

    /// A game whose transcript passes what replay reads (here 900 KB views, 8 MB in ten steps)
    /// is played to its end, with one warning that replay will refuse the transcript.
    func testRecordingPastWhatReplayReadsIsSaidOnce() throws {
        let path = try rule("wide", ["view": "function(state) return string.rep('x', 900000) .. state.n end",
                                     "result": "function(state) if state.n >= 12 then return { winner = 'player', summary = 'done' } end end"])
        let transcript = folder + "/wide.transcript"
        let r = try runBounded(["play", path, "--seed", "1", "--data", "none", "--record", transcript], input: String(repeating: "up\n", count: 12) + "n\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "is past what replay reads").count, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("gamehost: warning: the transcript \(transcript) is past what replay reads (8 MB, 50000 steps, 4 MB a step): gamehost replay will refuse it"), r.stderr)
        XCTAssertNotEqual(try runBounded(["replay", transcript]).status, 0)
    }

    func testARuleCannotWriteIntoAnotherGamesLeaderboards() throws {
        let data = folder + "/boards"
        let path = try rule("applepie", prelude: "local E = \(Self.escapes)", [
            "id": "'applepie'", "title": "'Fake' .. E",
            "play": "function(state, input, game) game.scores.submit({ board = 'timed' .. E, value = 1, unit = 's\\27[2J', label = E }) state.n = state.n + 1 end",
        ])
        try runBounded(["play", path, "--seed", "1", "--data", data], input: "up\nup\nn\n")
        let own = try runBounded(["scores", "--data", data])
        XCTAssertTrue(own.stdout.contains("applepie.lua)"), "the board is the file's: \(own.stdout)")
        XCTAssertTrue(own.stdout.contains("timed^["), "stored names are shown visibly: \(own.stdout)")
        let applePie = try runBounded(["scores", "applepie", "--data", data])
        XCTAssertTrue(applePie.stdout.contains("no scores yet"), applePie.stdout)
    }

    func testAStringOptionWithOnlyACheckFunctionIsAccepted() throws {
        let path = try rule("checked", [
            "options": "{ nick = { help = 'a name', default = 'ann', check = function(v) if #v > 5 then return 'too long' end end } }",
            "view": "function(state, game) return 'hello ' .. game.options.nick end",
        ])
        let ok = try runBounded(["play", path, "--seed", "1", "--nick", "bob"], input: "")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("hello bob"), ok.stdout)
        let refused = try runBounded(["play", path, "--seed", "1", "--nick", "bartholomew"], input: "")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("too long"), refused.stderr)
    }

    func testABrokenScoreStoreLosesNothingElse() throws {
        let asFile = folder + "/data-file"
        try "not a folder".write(toFile: asFile, atomically: true, encoding: .utf8)
        let corrupt = folder + "/corrupt"
        try FileManager.default.createDirectory(atPath: corrupt, withIntermediateDirectories: true)
        try String(repeating: "garbage!", count: 1000).write(toFile: corrupt + "/scores.db", atomically: true, encoding: .utf8)
        let linked = folder + "/linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked + "/scores.db", withDestinationPath: "/dev/zero")
        for data in [asFile, corrupt, linked] {
            let r = try runBounded(["play", "applepie", "--seed", "1", "--data", data, "--words", "fruits"], input: "a\ne\ni\no\nu\n")
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stdout.contains("Scores are not saved"), "the game's output is the game's")
            let told = r.stderr.components(separatedBy: "Scores are not saved").count - 1
            XCTAssertLessThanOrEqual(told, 1, "told once at most: \(r.stderr)")
            let scores = try runBounded(["scores", "--data", data])
            XCTAssertNotEqual(scores.status, 0, "a store that cannot be read is an error of the scores command")
        }
        let refused = try runBounded(["scores", "--data", linked])
        XCTAssertTrue(refused.stderr.contains("is not a regular file"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/zero-journal") || FileManager.default.fileExists(atPath: "/dev/zero-wal"))
    }

    /// A path inside one instruction that nothing charges (here a rehash of integer keys that
    /// Lua 5.4 hashes into one chain: 27 s of C at 2^17 keys, hours at 2^20) cannot be stopped
    /// by the hook: the watchdog ends the process a grace period after the time limit, with a
    /// message and exit status 1, in every mode.
    func testAStepStuckInLuasCEndsTheProcess() throws {
        let r = try Self.stuckAndSlow.value().stuck
        Self.assertBounded(r, "collisions", bound: 3)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("inside Lua's own C code"), r.stderr)
    }

    /// Two runs that spend seconds by design (a grace of the stuck thread's processor time; a
    /// check's total time), started early.
    static let stuckAndSlow = EarlyStart { () -> (stuck: GamehostProcess.Result, slow: GamehostProcess.Result) in
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collisions = try HostileCLITests.rule("collisions", ["play": "function(state) local t = {} for i = 1, 131072 do t[i * 131071] = i end end"], in: folder)
        let slow = try HostileCLITests.rule("slow-refusals", [
            "moves": "function() return { text = 'a word', pattern = '%a+' } end",
            "play": "function(state, input, game) local t = os.clock and 0 or 0 for i = 1, 3e5 do t = t + i end game.refuse('never') end",
        ], in: folder)
        let results = GamehostProcess.runAll([
            // (The watchdog is one for every mode; play shows it.)
            (["play", collisions, "--seed", "1", "--time-limit", "0.1"], "up\nup\n"),
            (["check", slow, "--seeds", "1", "--total-time", "1", "--lint-time", "1"], ""),
        ], environment: ["XDG_DATA_HOME": folder + "/data"])
        return (results[0], results[1])
    }

    /// check is bounded as a whole inside a game too: thousands of slow refusals of free text
    /// in one playthrough stop at --total-time, which the report names.
    func testCheckStopsInsideAGameAtItsTotalTime() throws {
        let r = try Self.stuckAndSlow.value().slow
        Self.assertBounded(r, "slow-refusals", bound: 4)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--total-time"), r.stderr)
    }
}
