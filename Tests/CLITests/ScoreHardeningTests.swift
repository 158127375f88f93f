import Foundation
import GameRules
import GameStorage
import GameHostTesting
import TestSupport
import XCTest

/// The score store through the binary, under the kinds of attack and load it must contain: a
/// rule reading many large records and boards (memory), players saving one record at once (no
/// lost update), a crafted database (no rule it names is run, no unbounded listing), and a
/// `scores.db` that is a symbolic link (never followed).
final class ScoreHardeningTests: XCTestCase {
    let dir = NSTemporaryDirectory() + "gamehost-score-hardening-" + UUID().uuidString
    var data: String { dir + "/data" }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testReadingManyLargeRecordsAndBoardsKeepsMemoryBounded") { Self.hoarding.start() }
        if name.hasSuffix("testScoresIsBoundedAsAWhole") { Self.listing.start() }
    }

    override func setUp() {
        try? FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
    }

    /// A folder of its own for work started early (`EarlyStart`), removed after it.
    static func inFolder<T>(_ work: (String) throws -> T) throws -> T {
        let folder = NSTemporaryDirectory() + "gamehost-score-hardening-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try work(folder)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ name: String, _ text: String) -> String {
        let path = dir + "/" + name
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs gamehost (posix_spawn and wait4, so its processor time is its own) with a data
    /// home of the test's.
    func spawn(_ arguments: [String], input: String = "") throws -> GamehostProcess.Result {
        try GamehostProcess.run(arguments, input: input, environment: ["XDG_DATA_HOME": dir + "/xdg"])
    }

    // MARK: Memory

    /// Writes a database with the host's schema (indexes made after the rows, which is
    /// quicker) by running `rows` (SQL statements) through python3's sqlite3.
    static func database(_ folder: String, rows: String, parameters: String = "()") throws {
        let python = try requiredTool("python3")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(\"\"\"
            PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;
            CREATE TABLE scores(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, board TEXT NOT NULL,
              value REAL NOT NULL, better TEXT NOT NULL, unit TEXT NOT NULL, label TEXT NOT NULL, at REAL NOT NULL,
              player TEXT NOT NULL DEFAULT '', practice INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE results(id INTEGER PRIMARY KEY, game TEXT NOT NULL, rule_hash TEXT NOT NULL, winner TEXT, score REAL, at REAL NOT NULL);
            CREATE TABLE records(game TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY(game, name));
            \"\"\")
            p = \(parameters)
            for statement in sys.argv[2].split(";;"):
                db.execute(statement, p[:statement.count("?")])
            db.executescript("CREATE INDEX scores_by_board ON scores(game, rule_hash, board); CREATE INDEX results_by_game ON results(game);")
            db.commit()
            """
        let made = try ChildProcess.run(python, ["-c", script, folder + "/scores.db", rows], input: Data(),
                                        environment: ProcessInfo.processInfo.environment)
        guard made.status == 0 else { throw ChildProcess.Failure(description: "python3 could not write the database: \(made.stderr)") }
    }

    /// The keeper's caches are bounded: a rule that reads 20 distinct boards of 10,000 entries
    /// (about 2.7 MB each in memory), loads and saves records of 60 KB and reads hundreds of
    /// board names that hold nothing stays under the process's cap (200 MB) plus 64 MB, and
    /// two moves of it hold no more than 16 MB beyond one move (the first move already fills
    /// the caches), where a cache that kept every board read held about 27 MB more.
    func testReadingManyLargeRecordsAndBoardsKeepsMemoryBounded() throws {
        let (one, two, copied) = try Self.hoarding.value()
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("moves 1, seen \(1_999_845 + 600_000)"), String(one.stdout.suffix(300)))
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stdout.contains("moves 2, seen \(3_999_790 + 1_200_000)"), String(two.stdout.suffix(300)))
        XCTAssertEqual(two.stderr, "")
        // A piped session is practice: the records it saves are its own, the store's stay.
        XCTAssertNil(copied)
        XCTAssertLessThan(two.peakKB / 1024, 200 + 64)
        XCTAssertLessThan((two.peakKB - one.peakKB) / 1024, 16, "one move: \(one.peakKB) KB, two: \(two.peakKB) KB")
    }

    /// One move and two of the hoarding rule, and the store's copy of a record it saved.
    static let hoarding = EarlyStart { () -> (MemoryCapTests.Peak, MemoryCapTests.Peak, String?) in
        try inFolder { dir in
            let data = dir + "/data", rule = dir + "/hoard.lua"
            try """
                return {
                  id = "hoard", title = "Hoard",
                  setup = function(game) return { n = 0, seen = 0 } end,
                  view = function(state) return "moves " .. state.n .. ", seen " .. state.seen end,
                  moves = function(state) return { "go" } end,
                  play = function(state, input, game)
                    state.n = state.n + 1
                    for i = 1, 10 do
                      local k = (state.n - 1) * 10 + i
                      state.seen = state.seen + math.floor(game.scores.best("board " .. k) or 0)
                      local r = game.scores.load("big" .. k)
                      state.seen = state.seen + #r
                      game.scores.save("copy" .. k, r .. "!")
                    end
                    for i = 1, 300 do game.scores.best(("empty %d of move %d"):format(i, state.n)) end
                  end,
                  result = function(state) end,
                }
                """.write(toFile: rule, atomically: true, encoding: .utf8)
            let info = try LoadedRule(path: rule).info
            try database(data, rows: """
                INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice)
                  WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 199999)
                  SELECT ?, ?, 'board ' || (i % 20 + 1), i, 'higher', '', printf('%060d', i), 0, printf('p%059d', i), 0 FROM c;;
                INSERT INTO records(game, name, value, at)
                  WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20)
                  SELECT ?, 'big' || i, '"' || hex(zeroblob(30000)) || '"', 0 FROM c
                """, parameters: "('\(info.scoreKey)', '\(info.contentHash)')")
            // A move reads a lot, which takes a debug build most of a second: the time limit is
            // raised, so a busy machine cannot fail the test on time (memory is what it measures).
            // Measured through a small parent (MemoryCapTests.peak): a child this process spawns
            // directly reports this process's own peak, which the kernel carries over at exec.
            let one = try MemoryCapTests.peak(["play", rule, "--data", data, "--time-limit", "60"], input: "go\n", folder: dir)
            let two = try MemoryCapTests.peak(["play", rule, "--data", data, "--time-limit", "60"], input: "go\ngo\n", folder: dir)
            return (one, two, try ScoreStore(directory: data).record(game: info.scoreKey, name: "copy20"))
        }
    }

    // MARK: Records

    /// Eight players at once each load a record, add one and save it, thirty times: the
    /// record ends at exactly 240 (each save is a change applied to the stored value).
    func testEightPlayersCountingInOneRecordLoseNoCount() throws {
        let rule = write("tally.lua", """
            return {
              id = "tally", title = "Tally",
              setup = function(game) return { n = 0 } end,
              view = function(state) return "n " .. state.n end,
              moves = function(state) return { "up" } end,
              play = function(state, input, game)
                local r = game.scores.load("count") or { n = 0, players = {} }
                for _ = 1, 20000 do end  -- time for another player to save in between
                r.n = r.n + 1
                game.scores.save("count", r)
                state.n = state.n + 1
              end,
              result = function(state) end,
            }
            """)
        XCTAssertNil(ScoreStore(directory: data).savingProblem())
        // Live sessions, at a terminal each (a piped one is practice, and keeps its records).
        let children = try (0..<8).map { _ in
            try TerminalSession.start(["play", rule, "--data", data, "--plain"], input: String(repeating: "up\n", count: 30))
        }
        for child in children {
            let (status, output, _, _) = child.finish()
            XCTAssertEqual(status, 0, output)
        }
        let key = "tally@" + FileSystem.realPath(rule)!
        XCTAssertEqual(try ScoreStore(directory: data).record(game: key, name: "count"), #"{"n":240,"players":[]}"#)
    }

    // MARK: The scores command

    /// A crafted database names rule files by relative and absolute paths: `scores` shows
    /// their keys as text and loads none of them (the rule's title would show if it did).
    func testScoresLoadsNoRuleTheDatabaseNames() throws {
        let evil = write("evil.lua", Self.counter(id: "evil", title: "PWNED BY THE DATABASE"))
        let store = ScoreStore(directory: data)
        let keys = ["../evil", "../../" + dir + "/evil", evil, dir + "/evil", "evil@" + evil, "../evil.lua", "./../evil"]
        for key in keys {
            try store.add([ScoreStore.Score(board: "b", value: 1, order: .higher)], game: key, ruleHash: "h", at: 0)
        }
        for arguments in [["scores", "--data", data], ["scores", "--data", data, "evil"]] {
            let run = try spawn(arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stdout.contains("PWNED"), run.stdout)
        }
        let all = try spawn(["scores", "--data", data])
        for key in keys where !key.contains("@") { XCTAssertTrue(all.stdout.contains(key + "\n"), "\(key) is not listed:\n\(all.stdout)") }
        XCTAssertTrue(all.stdout.contains("evil (\(evil))"), all.stdout)
    }

    /// 400,000 rows over 100 boards and a game key of 3 MB: the command reads at most its
    /// bound of rows, says that bound stopped it and how to raise it, and prints the key and
    /// a long board name cut; a game within the bound shows every board.
    func testScoresIsBoundedAsAWhole() throws {
        let runs = try Self.listing.value()
        let (bounded, small, whole, usage) = (runs[0], runs[1], runs[2], runs[3])
        XCTAssertEqual(bounded.status, 0, bounded.stderr)
        XCTAssertTrue(bounded.stdout.contains("Stopped after reading 100000 rows"), String(bounded.stdout.suffix(500)))
        XCTAssertTrue(bounded.stdout.contains("--max-rows"), String(bounded.stdout.suffix(500)))
        XCTAssertLessThan(bounded.stdout.utf8.count, 64 << 10, "the 3 MB key is not printed whole")
        let title = try XCTUnwrap(bounded.stdout.split(separator: "\n").first)
        XCTAssertTrue(title.hasPrefix("aaaa") && title.hasSuffix("…"), String(title.prefix(200)))
        XCTAssertLessThanOrEqual(title.count, ScoreListing.keyShown + 1)
        XCTAssertTrue(bounded.stdout.contains("  long board long board") && bounded.stdout.contains("…\n"), String(bounded.stdout.prefix(500)))
        XCTAssertFalse(bounded.stdout.contains("small"), "the bound stopped the listing before the next game")
        XCTAssertLessThan(bounded.cpuSeconds, 10, "a hang guard, not a benchmark")

        XCTAssertTrue(small.stdout.contains("Stopped after reading 1000 rows"), small.stdout)
        XCTAssertLessThan(small.cpuSeconds, bounded.cpuSeconds)

        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertFalse(whole.stdout.contains("Stopped"), String(whole.stdout.suffix(500)))
        XCTAssertEqual(whole.stdout.components(separatedBy: "\n  board ").count - 1, 100, "every board")
        XCTAssertTrue(whole.stdout.contains("  board 7\n    1st  807  p2"), whole.stdout)
        XCTAssertTrue(whole.stdout.contains("practice (seeded or scripted, not ranked): 5 runs, best 907"), whole.stdout)

        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--max-rows needs a number of rows"), usage.stderr)
    }

    /// `scores` over a database of 401,000 scores and a 3 MB key: at its bound, with a lower
    /// bound, for one small game, and with a bad bound.
    static let listing = EarlyStart { () -> [GamehostProcess.Result] in
        try inFolder { dir in
            let data = dir + "/data"
            let columns = "INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice)"
            try database(data, rows: """
                \(columns) WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 399999)
                  SELECT 'flood@/x/flood.lua', 'h', 'board ' || (i % 100), i, 'higher', '', '', 0, 'p' || (i % 7), i % 2 FROM c;;
                \(columns) WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 999)
                  SELECT 'small@/x/small.lua', 'h', 'board ' || (i % 100), i, 'higher', '', '', 0, 'p' || (i % 7), (i / 100) % 2 FROM c;;
                \(columns) VALUES (?, 'h', ?, 5, 'higher', '', '', 0, 'p', 0)
                """, parameters: "('a' * 3000000 + '@/x.lua', 'long board ' * 50)")
            return try [["scores", "--data", data], ["scores", "flood", "--data", data, "--max-rows", "1000"],
                        ["scores", "small", "--data", data], ["scores", "--data", data, "--max-rows", "0"]]
                .map { try GamehostProcess.run($0, input: "", environment: ["XDG_DATA_HOME": dir + "/xdg"]) }
        }
    }

    /// A rule whose every "up" scores and saves a record, and which ends at three.
    static func counter(id: String, title: String) -> String {
        """
        return {
          id = "\(id)", title = "\(title)",
          setup = function(game) return { n = 0 } end,
          view = function(state) return "n " .. state.n end,
          moves = function(state) return { "up" } end,
          play = function(state, input, game)
            state.n = state.n + 1
            game.scores.submit { board = "b", value = state.n }
            game.scores.save("r", { n = state.n })
          end,
          result = function(state) if state.n >= 3 then return { winner = "player", summary = "three!" } end end,
        }
        """
    }

    // MARK: Symbolic links

    /// A dangling `scores.db` link (and one to another database) is never followed: no file
    /// is created or written where it points, the game plays on with one notice naming the
    /// link, and `scores` says why it shows nothing.
    func testTheDatabaseIsNeverReachedThroughASymbolicLink() throws {
        let rule = write("scorer.lua", Self.counter(id: "scorer", title: "Scorer"))
        try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
        let target = dir + "/elsewhere/created.db"
        XCTAssertEqual(symlink(target, data + "/scores.db"), 0)
        let run = try spawn(["play", rule, "--data", data], input: "up\nup\nup\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        let notices = (run.stdout + run.stderr).components(separatedBy: "a symbolic link, which is never followed").count - 1
        XCTAssertEqual(notices, 1, run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains(data + "/scores.db: is not a regular file but a symbolic link, which is never followed"), run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("three!"), "the game plays on")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "nothing is created through the link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/elsewhere"), [])

        // A link to a real database elsewhere: left as it is.
        try? FileManager.default.removeItem(atPath: data + "/scores.db")
        try ScoreStore(directory: dir + "/elsewhere").add([ScoreStore.Score(board: "b", value: 7, order: .higher)], game: "g", ruleHash: "h", at: 0)
        let database = dir + "/elsewhere/scores.db"
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        XCTAssertEqual(symlink(database, data + "/scores.db"), 0)
        _ = try spawn(["play", rule, "--data", data], input: "up\nup\nup\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
        let listing = try spawn(["scores", "--data", data])
        XCTAssertEqual(listing.status, 1)
        XCTAssertTrue(listing.stderr.contains("scores.db: is not a regular file but a symbolic link"), listing.stderr)
    }
}
