import Foundation
import GameCore
import GameAuthoring
import GameRules
import GameRuntime
import GameStorage
import GameHostTesting
import LuaKit
import XCTest

/// `game.scores.save` / `load`: plain data a game keeps across sessions, saved with the move.
final class SavedRecordTests: XCTestCase {
    let files = RuleFiles()
    let dir = NSTemporaryDirectory() + "gamehost-records-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A counter whose `up` also counts in a saved record; `down` saves and then refuses.
    func session(_ store: ScoreStore?, play: String? = nil) throws -> RuleTester {
        let path = files.write("counter", RuleFiles.rule([
            "setup": "function(game) return { n = 0, log = {}, before = game.scores.load('ups') } end",
            "view": "function(state) return 'saved before: ' .. tostring(state.before and state.before.count) end",
            "play": play ?? """
                function(state, input, game)
                    local saved = game.scores.load("ups") or { count = 0, inputs = {} }
                    saved.count = saved.count + 1
                    saved.inputs[#saved.inputs + 1] = input
                    game.scores.save("ups", saved)
                    if input == "down" then game.refuse("no") end
                    state.n = state.n + 1
                  end
                """,
        ]))
        return try RuleTester(path, scores: store, allowsRuleErrors: true)
    }

    func testARecordOutlivesTheSessionAndARefusedMoveSavesNothing() throws {
        let first = try session(ScoreStore(directory: dir))
        first.assertState("before", .nil)
        first.send(["up", "down", "up"])
        let second = try session(ScoreStore(directory: dir))
        XCTAssertEqual(second.state["before"]["count"], 2, "the refused move's save was undone")
        XCTAssertEqual(second.state["before"]["inputs"], ["up", "up"])
    }

    func testOnlyPlainDataOfBoundedSizeIsSaved() throws {
        for (value, problem) in [
            ("{ f = print }", "the value must be plain data (tables, strings, numbers, booleans): it holds a function"),
            ("string.rep('x', 70000)", "a record may have 64 KB"),
            ("{ 1, 0/0 }", "it holds nan"),
            ("{ [1] = 'a', x = 1 }", "a table mixes list items or number keys with named fields ([1])"),
        ] {
            let t = try session(nil, play: "function(state, input, game) game.scores.save('x', \(value)) end")
            t.send("up")
            XCTAssertTrue(t.last.reason?.contains(problem) == true, "\(value): \(t.last.reason ?? "accepted")")
        }
        for (call, problem) in [
            ("game.scores.save('\\255', 1)", "game.scores.save: the name must be UTF-8 text"),
            ("game.scores.load('\\254')", "game.scores.load: the name must be UTF-8 text"),
        ] {
            let t = try session(nil, play: "function(state, input, game) \(call) end")
            t.send("up")
            XCTAssertTrue(t.last.reason?.contains(problem) == true, "\(call): \(t.last.reason ?? "accepted")")
        }
        let many = try session(ScoreStore(directory: dir), play: "function(state, input, game) for i = 1, 101 do game.scores.save('r' .. i, i) end end")
        many.send("up")
        XCTAssertTrue(many.last.reason?.contains("a game keeps at most 100 records") == true, many.last.reason ?? "accepted")
    }

    func testADeeplyNestedRecordLoadsInALaterSession() throws {
        let play = """
            function(state, input, game)
                if input == "save" then
                  local t = {} local c = t
                  for i = 1, 90 do c.x = {} c = c.x end
                  game.scores.save("deep", t)
                else
                  local depth, c = 0, game.scores.load("deep")
                  while c.x do depth, c = depth + 1, c.x end
                  state.depth = depth
                end
              end
            """
        try session(ScoreStore(directory: dir), play: play).send("save")
        let later = try session(ScoreStore(directory: dir), play: play)
        later.send("load")
        later.assertState("depth", 90)
    }

    func testAReplayReadsTheRecordsTheSessionRead() throws {
        _ = try session(nil)
        let path = files.directory + "/counter.lua"
        let rule = try LoadedRule(path: path)
        let store = ScoreStore(directory: dir)
        try store.add([], records: ["ups": #"{"count":41,"inputs":[]}"#], game: rule.info.scoreKey, ruleHash: "", at: 0)
        let text = try Transcript.record(rule: rule, game: path, words: nil, inputs: ["up", "up"], scores: store)
        XCTAssertTrue(text.contains(#""records":{"ups":{"count":41"#), text)
        XCTAssertTrue(text.contains("saved before: 41"), text)
        // Replayed with no store at all, the recorded record is read again.
        let file = files.directory + "/counter.transcript"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNil(try Transcript(path: file).replay(rule: try LoadedRule(path: path), words: nil))
    }

    /// A finished game counts once in the statistics, however often its result is asked for,
    /// and the next game counts again.
    func testAFinishedGameCountsOnce() throws {
        let store = ScoreStore(directory: dir)
        let path = files.write("short", RuleFiles.rule(["result": "function(state) if state.n >= 1 then return { winner = 'player', summary = 'up' } end end"]))
        let t = try RuleTester(path, scores: store)
        t.send(["up", "up", "/moves", "down"])
        XCTAssertNotNil(try t.engine.result())
        XCTAssertNotNil(try t.engine.result())
        XCTAssertEqual(try store.statistics(game: t.engine.info.scoreKey).played, 1)
        t.send(["y", "up"])
        XCTAssertEqual(try store.statistics(game: t.engine.info.scoreKey).played, 2)
    }

    /// A game the rule says "player" won is counted as the person's, by the name the boards
    /// give them ("wins: Ann 1", not "wins: player 1"); with no name, as the rule said.
    func testAWinByThePlayerIsCountedUnderTheirName() throws {
        let path = files.write("won", RuleFiles.rule(["result": "function(state) if state.n >= 1 then return { winner = 'player', summary = 'up' } end end"]))
        for (player, counted) in [("Ann", "Ann"), ("", "player")] {
            let store = ScoreStore(directory: dir + "/" + (player.isEmpty ? "none" : player))
            let engine = try makeEngine(try LoadedRule(path: path), scores: store, player: player)
            let driver = Driver(table: Table(engine: engine))
            _ = driver.start()
            _ = driver.submit("up", seat: 1)
            XCTAssertEqual(try store.statistics(game: engine.info.scoreKey).winners.map(\.0), [counted])
        }
    }

    // MARK: Updated, not replaced

    /// A rule that counts each move in a record and on a board.
    func scorer() -> String {
        files.write("scorer", RuleFiles.rule([
            "id": #""scorer""#,
            "play": """
                function(state, input, game)
                    state.n = state.n + 1
                    local r = game.scores.load("tally") or { n = 0 }
                    r.n = r.n + 1
                    game.scores.save("tally", r)
                    state.rank = game.scores.submit { board = "moves", value = state.n, better = "lower" }
                  end
                """,
            "result": "function(state) end",
        ]))
    }

    /// Another session's save shows at this session's next move, and this session's change is
    /// applied to it: two sessions taking turns count every move.
    func testEachMoveReadsTheRecordAfreshAndAddsItsChange() throws {
        let path = scorer()
        let a = try RuleTester(path, scores: ScoreStore(directory: dir))
        let b = try RuleTester(path, scores: ScoreStore(directory: dir))
        for _ in 0..<5 {
            a.send("up")
            b.send("up")
        }
        XCTAssertEqual(try ScoreStore(directory: dir).record(game: a.engine.info.scoreKey, name: "tally"), #"{"n":10}"#)
    }

    /// While another connection holds the database (BEGIN EXCLUSIVE), every scoring move is
    /// accepted at once (no wait inside the rule's second), the player is told once, and the
    /// kept scores and the record's changes land after the first move once it is free.
    func testALockedDatabaseHoldsUpNoMoveAndItsScoresLandLater() throws {
        let store = ScoreStore(directory: dir)
        XCTAssertNil(store.savingProblem())
        let t = try RuleTester(scorer(), scores: ScoreStore(directory: dir))
        let key = t.engine.info.scoreKey
        let lock = try DatabaseLock(dir + "/scores.db")
        var notices: [String] = []
        for _ in 0..<12 {
            t.send("up")
            t.assertAccepted()
            notices += t.last.notices
        }
        XCTAssertEqual(notices.count, 1, "\(notices)")
        XCTAssertTrue(notices.first?.contains("Scores are kept for later: \(dir)/scores.db is in use") == true, "\(notices)")
        t.assertState("rank", 12, "the session ranks its kept scores")
        XCTAssertNil(try store.record(game: key, name: "tally"), "nothing is written while the lock is held")
        XCTAssertEqual(try store.boards(game: key, ruleHash: t.engine.info.contentHash).count, 0)
        try lock.release()
        t.send("up")
        XCTAssertEqual(t.last.notices, [])
        XCTAssertEqual(try store.record(game: key, name: "tally"), #"{"n":13}"#)
        XCTAssertEqual(try store.boards(game: key, ruleHash: t.engine.info.contentHash, limit: 100).first?.leaderboard.entries.count, 13)
    }

    /// Kept scores that no later move could write are written when the session ends.
    func testKeptScoresAreWrittenWhenTheSessionEnds() throws {
        let store = ScoreStore(directory: dir)
        XCTAssertNil(store.savingProblem())
        var t: RuleTester? = try RuleTester(scorer(), scores: ScoreStore(directory: dir))
        let key = t!.engine.info.scoreKey
        let lock = try DatabaseLock(dir + "/scores.db")
        t!.send(["up", "up", "up"])
        try lock.release()
        XCTAssertNil(try store.record(game: key, name: "tally"))
        t = nil
        XCTAssertEqual(try store.record(game: key, name: "tally"), #"{"n":3}"#)
    }

    /// Guess Five's statistics from two sessions finishing games while the database was held
    /// (so neither saw the other's game) both count when they are written.
    func testGuessFiveStatisticsOfTwoSessionsAtOnceBothCount() throws {
        XCTAssertNil(ScoreStore(directory: dir).savingProblem())
        let lock = try DatabaseLock(dir + "/scores.db")
        var win: RuleTester? = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crane"], scores: ScoreStore(directory: dir))
        var lose: RuleTester? = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crane"], scores: ScoreStore(directory: dir))
        win!.send(["react", "crane"])
        lose!.send(["react", "tulip", "slate", "paper", "apple", "alert"])
        let key = win!.engine.info.scoreKey
        try lock.release()
        win = nil
        lose = nil
        // Kept for the list's content: the record's stored name ends with its fingerprint.
        let listing = ScoreListing(store: ScoreStore(directory: dir))
        let record = try XCTUnwrap(try listing.records(of: listing.game(named: key)).first)
        XCTAssertEqual(record.name, "stats five-letter")
        XCTAssertEqual(record.list.count, 16)
        let stats = record.value
        let text = stats.encoded
        XCTAssertEqual(stats["played"], .int(2), text)
        XCTAssertEqual(stats["won"], .int(1), text)
        XCTAssertEqual(stats["tries"], .array([0, 1, 0, 0, 0, 0].map { .int($0) }), text)
    }

    /// Changes merged into a record another session changed: counts add up (from 0 where a
    /// field was missing), lists of one length merge item by item, other values take the later
    /// save's, and fields only one side touched keep that side's value.
    func testAChangeIsMergedIntoTheRecordAsStoredNow() throws {
        let store = ScoreStore(directory: dir)
        func change(_ base: String?, _ value: String) throws -> String? {
            var batch = ScoreBatch()
            batch.records = [RecordChange(name: "r", base: base, value: try JSONValue(parsing: value), at: 0)]
            try store.write(batch, game: "g", ruleHash: "")
            return try store.record(game: "g", name: "r")
        }
        try store.add([], records: ["r": #"{"n":5,"name":"theirs","tries":[1,2],"kept":true,"log":["a"],"x":1.5}"#], game: "g", ruleHash: "", at: 0)
        // This session read an older value: n 3, tries [1,1], and it added one to n, the first
        // try and x, renamed, and logged a line.
        XCTAssertEqual(try change(#"{"n":3,"name":"old","tries":[1,1],"kept":true,"log":[],"x":1}"#,
                                  #"{"n":4,"name":"mine","tries":[2,1],"kept":true,"log":["b"],"x":2,"new":2}"#),
                       #"{"kept":true,"log":["b"],"n":6,"name":"mine","new":2,"tries":[2,2],"x":2.5}"#)
        // Unchanged since it was read: written as saved.
        XCTAssertEqual(try change(#"{"kept":true,"log":["b"],"n":6,"name":"mine","new":2,"tries":[2,2],"x":2.5}"#, #"{"n":0}"#), #"{"n":0}"#)
        // Read as missing, stored meanwhile: the counts of both.
        XCTAssertEqual(try change(nil, #"{"n":1,"tries":[0,1]}"#), #"{"n":1,"tries":[0,1]}"#)
        // Removed here, changed there: the later save wins.
        XCTAssertNil(try change(#"{"n":1}"#, "null"))
    }

    /// What a session holds of records is bounded: more than 200 different records saved in
    /// one move is refused, and reading thousands of names leaves the session working.
    func testASessionHoldsABoundedNumberOfRecords() throws {
        let t = try session(ScoreStore(directory: dir), play: """
            function(state, input, game)
                if input == "up" then
                  for i = 1, 5000 do assert(game.scores.load("name " .. i) == nil) end
                  for i = 1, 200 do game.scores.save("name " .. i, nil) end
                else
                  for i = 1, 201 do game.scores.save("name " .. i, nil) end
                end
                state.n = state.n + 1
              end
            """)
        t.send("up")
        t.assertAccepted()
        t.send("down")
        XCTAssertTrue(t.last.reason?.contains("more than 200 records saved in one step") == true, t.last.reason ?? "accepted")
    }
}

/// Another connection holding the database's write lock (python3's sqlite3, BEGIN EXCLUSIVE)
/// until `release`.
final class DatabaseLock {
    let process = Process()
    let input = Pipe()
    let output = Pipe()

    init(_ path: String) throws {
        let python = try requiredTool("python3")
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=5)
            db.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            sys.stdin.readline()
            db.execute("COMMIT")
            db.close()
            print("released", flush=True)
            """, path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        XCTAssertEqual(line(), "locked")
    }

    private func line() -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte.first == 10 { break }
            bytes += byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func release() throws {
        input.fileHandleForWriting.write(Data("\n".utf8))
        XCTAssertEqual(line(), "released")
        process.waitUntilExit()
    }

    deinit { if process.isRunning { process.terminate() } }
}
