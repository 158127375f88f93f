import Foundation
@testable import GameServer
import GameCore
import GameRules
import GameStorage
import XCTest

/// Several servers share one PostgreSQL store: the people at a table may be connected to
/// different servers, and each sees what it would see were they all on one. Three servers run
/// in the test's process (each with its own connections to the database, as processes have);
/// `ServeSharedStoreProcessTests` kills one of three server processes.
final class ServeSharedStoreTests: XCTestCase {
    private var servers: [(server: GameServer, port: Int, folder: String)] = []
    private var database = ""
    private var clients: [WebSocketClient] = []

    override func setUpWithError() throws {
        database = try PostgreSQLCluster.shared().newDatabase()
        for _ in 0..<3 {
            let folder = NSTemporaryDirectory() + "gamehost-shared-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
            try ServeScoreReadsTests.addRule(to: folder)
            let server = try ServeTests.makeServer(folder: folder, store: database)
            servers.append((server, try server.start(address: "127.0.0.1", port: 0), folder))
        }
    }

    override func tearDown() {
        for c in clients { c.close() }
        for s in servers {
            s.server.stop()
            try? FileManager.default.removeItem(atPath: s.folder)
        }
    }

    /// A connection to server `k` (0, 1 or 2).
    private func client(_ k: Int) throws -> WebSocketClient {
        let c = try WebSocketClient(port: servers[k].port)
        clients.append(c)
        return c
    }

    /// What a connection was sent, without the `table` messages (who is connected: each server
    /// counts its own connections).
    private func stream(_ c: WebSocketClient) -> [String] {
        c.all.filter { text in
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return true }
            return object["type"] as? String != "table"
        }
    }

    private func storeNumber(_ sql: String) throws -> Int {
        let text = try PostgreSQLCluster.shared().sql(sql, database: PostgreSQLCluster.database(of: database))
        return try XCTUnwrap(Int(text), "not a number: \(text)")
    }

    /// The name the statistics keep Rock · Paper · Scissors under.
    static var rpsKey: String {
        let rule = try? RuleCatalog(directories: [], builtIn: ServeTests.root.appendingPathComponent("rules").path).load("rps")
        defer { rule?.close() }
        return rule?.info.scoreKey ?? "rps"
    }

    private static func isOver(_ m: [String: Any]) -> Bool { m["type"] as? String == "step" && m["over"] as? Bool == true }

    func testPeopleOnThreeServersPlayOneTableAndSeeOneStream() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-3"], "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        XCTAssertNotNil(ann.next(ServeTests.yourTurn))
        // Bob sits down on another server, which has never seen the table.
        let bob = try client(1)
        bob.send(["type": "join", "table": code, "name": "Bob"])
        let bobJoined = try XCTUnwrap(bob.next("joined"))
        XCTAssertEqual(bobJoined["seat"] as? Int, 2)
        let bobToken = try XCTUnwrap(bobJoined["token"] as? String)
        XCTAssertNotNil(bob.next(ServeTests.yourTurn))
        // Ann's server hears of it: the table's seats name Bob there too.
        XCTAssertNotNil(ann.next { m in
            m["type"] as? String == "table" && ((m["seats"] as? [[String: Any]])?.last?["name"] as? String) == "Bob"
        }, "Ann's server hears that Bob sat down")
        // Watchers on two servers, and Bob's second device on the third.
        let watcherA = try client(0), watcherC = try client(2), bobPhone = try client(2)
        for watcher in [watcherA, watcherC] {
            watcher.send(["type": "watch", "table": code])
            XCTAssertNotNil(watcher.next("joined"))
        }
        bobPhone.send(["type": "join", "table": code, "token": bobToken])
        XCTAssertEqual(bobPhone.next("joined")?["seat"] as? Int, 2)
        XCTAssertNotNil(bobPhone.next(ServeTests.yourTurn))
        // Rock beats scissors, twice: Ann wins the match. Each move is made on its mover's
        // server and seen on the others.
        for _ in 0..<2 {
            ann.send(["type": "input", "line": "rock"])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
            bob.send(["type": "input", "line": "scissors"])
            XCTAssertNotNil(bob.next { $0["type"] as? String == "step" && $0["input"] as? String == "scissors" })
        }
        for c in [ann, watcherA, watcherC, bobPhone] {
            XCTAssertNotNil(c.next(Self.isOver), "every connection hears the match end")
        }
        // One stream per seat, whichever server it comes from: byte for byte.
        XCTAssertEqual(stream(watcherA), stream(watcherC))
        XCTAssertEqual(stream(bob), stream(bobPhone))
        XCTAssertTrue(stream(watcherC).contains { $0.contains("Ann wins") }, stream(watcherC).joined(separator: "\n"))
        // Its result is counted once, in the database, by the server that stored the move that
        // ended it. (The result is written as its step is played; the others may show it first.)
        func played() -> Int { (try? storeNumber("SELECT count(*) FROM results WHERE game = '\(Self.rpsKey)'")) ?? -1 }
        for _ in 0..<50 where played() == 0 { usleep(100_000) }
        usleep(200_000)
        XCTAssertEqual(played(), 1)
    }

    /// The scores of every server's tables are in the database, on one board; and a step
    /// that read them says the same on every server that plays it, though scores were written
    /// since it was first played.
    func testEveryServerRanksAgainstOneBoardAndSaysWhatAStepFirstSaid() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "ranked", "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        for move in ["5", "9"] {
            ann.send(["type": "input", "line": move])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == move })
        }
        // Another table's scores come meanwhile.
        _ = try PostgreSQLCluster.shared().sql("SET search_path TO gamehost; " + ServeScoreReadsTests.otherScores,
                                               database: PostgreSQLCluster.database(of: database))
        // Watched on every server: two of them make their copy of the table now, from the store.
        let watchers = try (0..<3).map { k in try client(k) }
        for watcher in watchers {
            watcher.send(["type": "watch", "table": code])
            XCTAssertNotNil(watcher.next("joined"))
        }
        for move in ["1", "5", "9"] {
            ann.send(["type": "input", "line": move])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == move })
        }
        for watcher in watchers { XCTAssertNotNil(watcher.next(Self.isOver), "every watcher sees the game end") }
        let said = ServeScoreReadsTests.said(ann)
        XCTAssertEqual(said[1], ["rank 1 of 1st 5; seen 1"])
        XCTAssertEqual(said[2], ["rank 1 of 1st 9, 2nd 5; seen 2"])
        // (The board was read once, at the first move; the record afresh at each.)
        XCTAssertEqual(said[3], ["rank 3 of 1st 9, 2nd 5, 3rd 1; seen 41"])
        for (k, watcher) in watchers.enumerated() {
            XCTAssertEqual(ServeScoreReadsTests.said(watcher), said, "server \(k)")
        }
        // The scores are in the database, once each, and in no server's data folder.
        for _ in 0..<50 where (try? storeNumber("SELECT count(*) FROM results")) == 0 { usleep(100_000) }
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM scores WHERE player = 'Ann'"), 5)
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM results"), 1)
        XCTAssertEqual(try storeNumber("SELECT value::int FROM records"), 43)
        for s in servers { XCTAssertFalse(FileManager.default.fileExists(atPath: s.folder + "/data/gamehost/scores.db")) }
    }

    /// Both seats throw at the same moment, each on its own server, round after round: the
    /// store orders the throws (each server plays the other's first when it was stored first),
    /// so no round is lost or counted twice and both see every round end alike.
    func testMovesMadeAtOnceOnTwoServersAreOrderedByTheStore() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client(1)
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertNotNil(bob.next("joined"))
        XCTAssertNotNil(bob.next(ServeTests.yourTurn))
        func ties(_ m: [String: Any]) -> Int? { (m["observation"] as? [String: Any])?["ties"] as? Int }
        for round in 1...12 {
            ann.send(["type": "input", "line": "rock"])
            bob.send(["type": "input", "line": "rock"])
            for c in [ann, bob] {
                let seen = c.next { $0["type"] as? String == "closed" || ($0["type"] as? String == "step" && ties($0) == round) }
                XCTAssertEqual(seen?["type"] as? String, "step", "round \(round): \(c.all.suffix(2))")
            }
        }
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM inputs WHERE seat > 0"), 24)
    }

    /// A request to take a move back, and its answer, made on two servers: every server that
    /// shows the table takes the move back, and each connection sees the game as before it.
    func testAMoveIsTakenBackOnEveryServerOnceTheOthersAgree() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "crazy-eights", "seats": ["person", "person"], "name": "Ann", "practice": true])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client(1), watcher = try client(2)
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertNotNil(bob.next("joined"))
        let waiting = try XCTUnwrap(bob.next { ServeUndoTests.isStep($0) && !($0["to_move"] as? [Int] ?? []).isEmpty })
        let first = try XCTUnwrap((waiting["to_move"] as? [Int])?.first)
        XCTAssertNotNil(ann.next { ServeUndoTests.isStep($0) && ($0["to_move"] as? [Int]) == [first] })
        watcher.send(["type": "watch", "table": code])
        XCTAssertNotNil(watcher.next { ServeUndoTests.isStep($0) && ($0["to_move"] as? [Int]) == [first] })
        let (mover, other) = first == 1 ? (ann, bob) : (bob, ann)
        let before = [mover, other, watcher].map { ServeUndoTests.seen($0.all.compactMap(ServeUndoTests.object).last(where: ServeUndoTests.isStep)) }
        mover.send(["type": "input", "line": "draw"])
        let accepted: ([String: Any]) -> Bool = { ServeUndoTests.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "accepted" }
        for c in [mover, other, watcher] { XCTAssertNotNil(c.next(accepted)) }
        mover.send(["type": "input", "line": "/undo"])
        XCTAssertNotNil(other.next(ServeUndoTests.undo("asked")), "asked on the other server")
        other.send(["type": "input", "line": "/agree"])
        let takenBack: ([String: Any]) -> Bool = { ServeUndoTests.isStep($0) && $0["seat"] as? Int == first && $0["status"] as? String == "command" }
        let after = [mover, other, watcher].map { ServeUndoTests.seen($0.next(takenBack)) }
        XCTAssertEqual(after, before)
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM inputs WHERE seat = 0 AND line LIKE '%\"undo\"%'"), 2)
    }

    /// Another program may write the store too: what a server reads of it is checked before it
    /// is played. A seat's naming is cleaned as a name typed at the table is; inputs that skip a
    /// number set the table aside (kept, not played) rather than play another game.
    func testWhatAnotherProgramWritesInTheStoreIsCheckedBeforeItIsPlayed() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let watcher = try client(1)
        watcher.send(["type": "watch", "table": code])
        XCTAssertNotNil(watcher.next("start"))
        func write(_ n: String, _ seat: Int, _ line: String) throws {
            try PostgreSQLCluster.shared().sql("""
                INSERT INTO inputs(code, n, seat, line, clock) VALUES ('\(code)', \(n), \(seat), '\(line)', '[]');
                SELECT pg_notify('gamehost', 'elsewhere \(code)')
                """, database: PostgreSQLCluster.database(of: database))
        }
        try write("(SELECT coalesce(max(n), 0) + 1 FROM inputs WHERE code = '\(code)')", 0, #"[2, "Eve\u001b[31m\u0007"]"#)
        // Ann's server plays it before her move (it is stored first): her move's step names Eve.
        ann.send(["type": "input", "line": "rock"])
        let named = try XCTUnwrap(watcher.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 1 }, "\(watcher.all)")
        let shown = try XCTUnwrap(all(named["elements"]).first { $0.contains("Ann 0") }, "\(named)")
        XCTAssertTrue(shown.contains("Eve"), shown)
        XCTAssertFalse(shown.contains("\u{1b}") || shown.contains("\u{7}"), shown)
        try write("(SELECT coalesce(max(n), 0) + 5 FROM inputs WHERE code = '\(code)')", 1, "rock")
        XCTAssertNotNil(watcher.next("closed"), "set aside, not played")
        let late = try client(1)
        late.send(["type": "games"])
        XCTAssertNotNil(late.next("games"), "the server is still there, and answers")
        // A table one server found broken is broken for every server's people, who are told so.
        _ = try PostgreSQLCluster.shared().sql("INSERT INTO broken(code, reason, at) VALUES ('\(code)', 'its inputs skip a number', 0)",
                                               database: PostgreSQLCluster.database(of: database))
        let elsewhere = try client(2)
        elsewhere.send(["type": "join", "table": code, "name": "Dan"])
        XCTAssertEqual(elsewhere.next("error")?["code"] as? String, "table-broken")
    }

    /// Every text in a decoded JSON value.
    private func all(_ value: Any?) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap(all)
        case let object as [String: Any]: return object.values.flatMap(all)
        default: return []
        }
    }

    /// Two servers offered the last seat at the same moment: one person gets it.
    func testTheLastSeatGoesToOnePersonWhenServersOfferItAtOnce() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        XCTAssertNotNil(ann.next(ServeTests.yourTurn))
        let joiners = try (0..<6).map { try client(1 + $0 % 2) }
        for (k, joiner) in joiners.enumerated() { joiner.send(["type": "join", "table": code, "name": "P\(k)"]) }
        let answers = joiners.map { $0.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" } }
        XCTAssertEqual(answers.filter { $0?["type"] as? String == "joined" }.count, 1, "\(answers)")
        XCTAssertEqual(answers.filter { $0?["code"] as? String == "table-full" }.count, 5, "\(answers)")
    }

    /// An idle table is ended once, in the store, by the first server to find it idle; the
    /// other servers that show it hear of it and close it too.
    func testAnIdleTableIsEndedOnceAndEveryServerClosesIt() throws {
        let ann = try client(0)
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let watcher = try client(1)
        watcher.send(["type": "watch", "table": code])
        XCTAssertNotNil(watcher.next("joined"))
        servers[0].server.expire(olderThan: Date().timeIntervalSince1970 + 1)
        XCTAssertEqual(ann.next("closed")?["reason"] as? String, "idle")
        XCTAssertNotNil(watcher.next("closed"), "the other server closes its copy")
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM ended"), 1)
        let late = try client(2)
        late.send(["type": "watch", "table": code])
        XCTAssertEqual(late.next("error")?["code"] as? String, "no-table")
        // The ended table is kept a while (a server that shows it may still have to play its
        // last input), then forgotten, all of it.
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM tables"), 1)
        servers[2].server.purgeEnded(before: SystemClock().now() - 60)
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM tables"), 1, "not yet")
        servers[2].server.purgeEnded(before: SystemClock().now() + 1)
        for table in ["tables", "seeds", "inputs", "ended"] {
            XCTAssertEqual(try storeNumber("SELECT count(*) FROM \(table)"), 0, table)
        }
    }

    /// The bound of tables holds over every server of the store.
    /// Servers of one database count every server's tables against the bounds, of tables and
    /// of tables one address made, exactly, though the tables are asked for at the same moment.
    func testTheBoundsOfTablesHoldOverEveryServerUnderSimultaneousCreates() throws {
        for s in servers { s.server.stop() }
        servers = []
        var limits = ServerLimits()
        limits.tables = 4
        limits.tablesPerAddress = 3
        for _ in 0..<3 {
            let folder = NSTemporaryDirectory() + "gamehost-shared-" + UUID().uuidString
            let server = try ServeTests.makeServer(folder: folder, store: database, limits: limits)
            servers.append((server, try server.start(address: "127.0.0.1", port: 0), folder))
        }
        // Three asked for at once, one on each server: each server's own count would let all
        // three through; the address may have three.
        let first = try (0..<3).map { k in try client(k) }
        for c in first { c.send(["type": "create", "game": "rps"]) }
        XCTAssertEqual(first.compactMap { $0.next("joined") }.count, 3)
        // A fourth from the same address, on any server: refused by the count of every server's.
        let fourth = try client(0)
        fourth.send(["type": "create", "game": "rps"])
        XCTAssertEqual(fourth.next("error")?["code"] as? String, "too-many-tables")
        // With the bound by address raised (the servers started again), one more table may be
        // made (the bound of tables is 4), and no more, though six ask at once.
        for s in servers { s.server.stop() }
        servers = []
        limits.tablesPerAddress = 100
        for _ in 0..<3 {
            let folder = NSTemporaryDirectory() + "gamehost-shared-" + UUID().uuidString
            let server = try ServeTests.makeServer(folder: folder, store: database, limits: limits)
            servers.append((server, try server.start(address: "127.0.0.1", port: 0), folder))
        }
        for s in servers { s.server.waitUntilRebuilt() }
        let more = try (0..<6).map { k in try client(k % 3) }
        for c in more { c.send(["type": "create", "game": "rps"]) }
        let answers = more.compactMap { c in c.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" } }
        XCTAssertEqual(answers.count, 6)
        XCTAssertEqual(answers.filter { $0["type"] as? String == "joined" }.count, 1, "\(answers)")
        XCTAssertEqual(answers.filter { $0["code"] as? String == "server-full" }.count, 5, "\(answers)")
        XCTAssertEqual(try storeNumber("SELECT count(*) FROM tables"), 4)
    }
}
