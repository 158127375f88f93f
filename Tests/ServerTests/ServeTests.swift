import CSQLite
import Foundation
import GameCore
import GameRules
import GameRuntime
import GameStorage
@testable import GameServer
import XCTest

/// `gamehost serve` in the test's process, on a loopback port of its own: tables, seats and
/// tokens, watchers, and what bad input gets.
class ServeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    // A server for each test: what one test leaves (tables, connections, limits spent) never
    // reaches another.
    var served: (server: GameServer, port: Int, folder: String)!
    var server: GameServer { served.server }
    var port: Int { served.port }

    override func setUpWithError() throws {
        served = try Self.serve(store: storeURL)
    }

    override func tearDown() {
        Self.stop(served, clients: clients)
    }

    /// A server on a folder of its own (and on `store`, a PostgreSQL database, when given).
    static func serve(store: String? = nil) throws -> (server: GameServer, port: Int, folder: String) {
        let folder = NSTemporaryDirectory() + "gamehost-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        let server = try makeServer(folder: folder, store: store)
        return (server, try server.start(address: "127.0.0.1", port: 0), folder)
    }

    /// Closes the clients, stops the server and removes its folder.
    static func stop(_ served: (server: GameServer, port: Int, folder: String)?, clients: [WebSocketClient]) {
        for c in clients { c.close() }
        guard let served else { return }
        served.server.stop()
        try? FileManager.default.removeItem(atPath: served.folder)
    }

    static func makeServer(folder: String, store: String? = nil, limits: ServerLimits = ServerLimits()) throws -> GameServer {
        let catalog = RuleCatalog(directories: [folder + "/data/gamehost/rules"], builtIn: root.appendingPathComponent("rules").path)
        return try GameServer(catalog: catalog, dataHome: folder + "/data", data: folder + "/data/gamehost", store: store,
                              web: root.appendingPathComponent("web").path, limits: limits)
    }

    /// A server on the folder, and on the test's store (`storeURL`).
    func makeServer(folder: String) throws -> GameServer { try Self.makeServer(folder: folder, store: storeURL) }

    /// The finished games of a game the server counted: in scores.db in the data folder (on
    /// PostgreSQL, in the database, where every server on it counts them).
    func statistics(game: String) throws -> (played: Int, winners: [(String, Int)]) {
        try ScoreStore(directory: served.folder + "/data/gamehost").statistics(game: game)
    }

    /// The PostgreSQL database the tables are kept in; nil: serve.db in the data folder.
    /// (ServeOnPostgreSQLTests runs every test of this class again on PostgreSQL.)
    var storeURL: String? { nil }

    var clients: [WebSocketClient] = []
    func client(origin: String? = nil) throws -> WebSocketClient {
        let c = try WebSocketClient(port: port, origin: origin)
        clients.append(c)
        return c
    }

    /// A step of the stream that asks `seat` to move.
    static func yourTurn(_ m: [String: Any]) -> Bool { m["type"] as? String == "step" && m["your_turn"] as? Bool == true }

    func testTwoPeoplePlayRockPaperScissorsAtOneTable() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "person"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        XCTAssertEqual(joined["seat"] as? Int, 1)
        let code = try XCTUnwrap(joined["table"] as? String)
        let annToken = try XCTUnwrap(joined["token"] as? String)
        XCTAssertEqual(annToken.count, 32)
        // The first roster the creator gets shows it connected in its seat.
        let roster = try XCTUnwrap(ann.next("table"))
        XCTAssertEqual((roster["seats"] as? [[String: Any]])?.first?["connected"] as? Bool, true, "\(roster)")
        let start = try XCTUnwrap(ann.next("start"))
        XCTAssertEqual(start["game"] as? String, "rps")
        XCTAssertEqual(start["you"] as? Int, 1)

        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        let bobJoined = try XCTUnwrap(bob.next("joined"))
        XCTAssertEqual(bobJoined["seat"] as? Int, 2)
        XCTAssertNotEqual(bobJoined["token"] as? String, annToken)
        // The start names both people, as `play --json` names its seats.
        let bobStart = try XCTUnwrap(bob.next("start"))
        XCTAssertEqual((bobStart["seats"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Ann", "Bob"], "\(bobStart)")

        ann.send(["type": "input", "line": "rock"])
        bob.send(["type": "input", "line": "scissors"])
        // Both see the game end: rock blunts scissors, seat 1 wins.
        for (who, c) in [("ann", ann), ("bob", bob)] {
            let over = try XCTUnwrap(c.next { $0["type"] as? String == "step" && $0["over"] as? Bool == true }, who)
            let result = try XCTUnwrap(over["result"] as? [String: Any])
            XCTAssertEqual(result["winners"] as? [Int], [1], who)
            XCTAssertNotNil(result["seed"] as? String, "the seed once the game is over")
            // The replay line seats two people, as the table did.
            XCTAssertTrue((result["replay"] as? String ?? "").hasSuffix(" --seat 2=Bob"), "the late joiner by name: \(result)")
        }
        // Neither saw the other's throw as their input.
        for text in bob.all where text.contains("\"input\":\"rock\"") { XCTFail("bob saw ann's input: \(text)") }
        // The game went on the boards as a terminal game does, won by Ann by name.
        var winners: [(String, Int)] = []
        for _ in 0..<100 where !winners.contains(where: { $0.0 == "Ann" }) {
            winners = (try? statistics(game: "rps"))?.winners ?? []
            usleep(20_000)
        }
        XCTAssertTrue(winners.contains { $0.0 == "Ann" }, "\(winners)")
    }

    /// One table of two-person Rock · Paper · Scissors with a watcher: seat 1 types a word the
    /// game refuses, then throws `first`; returns the watcher's and seat 2's streams up to the
    /// step of that throw (the start and step objects, as sent).
    func streamsAfterSeatOneThrows(_ first: String) throws -> (watcher: [String], seatTwo: [String], refusal: [String: Any]) {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client(), eve = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertEqual(bob.next("joined")?["seat"] as? Int, 2)
        eve.send(["type": "watch", "table": code])
        XCTAssertNotNil(eve.next("start"))
        XCTAssertNotNil(ann.next(Self.yourTurn))
        ann.send(["type": "input", "line": "banana"])
        func seatOne(_ status: String) -> ([String: Any]) -> Bool {
            { $0["type"] as? String == "step" && $0["seat"] as? Int == 1 && $0["status"] as? String == status }
        }
        let refusal = try XCTUnwrap(eve.next(seatOne("refused")))
        XCTAssertNotNil(bob.next(seatOne("refused")))
        ann.send(["type": "input", "line": first])
        XCTAssertNotNil(eve.next(seatOne("accepted")))
        XCTAssertNotNil(bob.next(seatOne("accepted")))
        let game: (String) -> Bool = { $0.contains("\"type\":\"step\"") || $0.contains("\"type\":\"start\"") }
        return (eve.all.filter(game), bob.all.filter(game), refusal)
    }

    func testAWatcherSeesWhatEverySeatSeesAndNoSeatsInputOrRefusal() throws {
        let rock = try streamsAfterSeatOneThrows("rock")
        let paper = try streamsAfterSeatOneThrows("paper")
        // Seat 1's pending throw changes nothing the watcher or seat 2 is sent.
        XCTAssertEqual(rock.watcher, paper.watcher)
        XCTAssertEqual(rock.seatTwo, paper.seatTwo)
        // A refusal is the typing seat's own: the watcher learns that it came, not why.
        XCTAssertTrue(rock.refusal["reason"] is NSNull, "\(rock.refusal)")
        XCTAssertTrue(rock.refusal["input"] is NSNull, "\(rock.refusal)")
        XCTAssertTrue(rock.refusal["code"] is NSNull, "nor its code: \(rock.refusal)")
        for line in rock.watcher {
            XCTAssertFalse(line.contains("banana"), line)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertFalse(object["input"] is String, line)
            XCTAssertFalse(object["move"] is String, line)
        }
        // What both seats see alike reaches the watcher: the heading of the view, and the
        // observation's public part (the match's score), not an empty view.
        let last = try XCTUnwrap(rock.watcher.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertFalse((last["elements"] as? [Any] ?? []).isEmpty, "\(last)")
        XCTAssertNotNil(last["observation"] as? [String: Any], "\(last)")
        XCTAssertEqual(last["moves"] as? [String], [])
    }

    func testANameIsOneLineOfVisibleTextForEveryoneAtTheTable() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann\n\u{202E}\u{200B}Lee\u{2028}"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "\u{FEFF}Bob\tthe\u{0}Builder"])
        let roster = try XCTUnwrap(bob.next { ($0["seats"] as? [[String: Any]])?.last?["name"] as? String == "Bob the Builder" })
        XCTAssertEqual((roster["seats"] as? [[String: Any]])?.first?["name"] as? String, "Ann Lee")
    }

    func testOnePersonCannotRestartOrEndAGameOthersPlay() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertNotNil(bob.next("start"))
        bob.send(["type": "input", "line": "paper"])
        XCTAssertNotNil(bob.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 })
        for line in ["/new", "/quit"] {
            ann.send(["type": "input", "line": line])
            let refused = try XCTUnwrap(ann.next { $0["type"] as? String == "step" && $0["status"] as? String == "refused" }, line)
            XCTAssertTrue((refused["reason"] as? String ?? "").contains("several people"), "\(refused)")
        }
        // Bob's throw still stands: Ann's rock loses to it.
        ann.send(["type": "input", "line": "rock"])
        let over = try XCTUnwrap(bob.next { $0["type"] as? String == "step" && $0["over"] as? Bool == true })
        XCTAssertEqual((over["result"] as? [String: Any])?["winners"] as? [Int], [2])
    }

    /// Runs `sql` on the server's store from a connection of the test's own, as another
    /// program (or a disk gone bad) could.
    /// Changes the store behind the server's back (what a second program could do).
    func alterStore(_ sql: String) throws {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(served.folder + "/data/gamehost/serve.db", &db), SQLITE_OK)
        defer { sqlite3_close(db) }
        sqlite3_busy_timeout(db, 5000)
        XCTAssertEqual(sqlite3_exec(db, sql, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(db)))
    }

    /// The number a query of the store answers (read behind the server's back). It waits for
    /// the server's own connections as `alterStore` does: reading the schema while the running
    /// server writes or copies its log is otherwise an immediate SQLITE_BUSY.
    func storedNumber(_ sql: String) throws -> Int {
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(served.folder + "/data/gamehost/serve.db", &db), SQLITE_OK)
        defer { sqlite3_close(db) }
        sqlite3_busy_timeout(db, 5000)
        var statement: OpaquePointer?
        XCTAssertEqual(sqlite3_prepare_v2(db, sql, -1, &statement, nil), SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw NSError(domain: "store", code: 1, userInfo: [NSLocalizedDescriptionKey: "no row: \(sql)"]) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    func testAMoveThatCannotBeStoredIsNeverShownAndTheTableGoesOnOnceTheStoreWorks() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "person"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), annToken = try XCTUnwrap(joined["token"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        let bobToken = try XCTUnwrap(bob.next("joined")?["token"] as? String)
        XCTAssertNotNil(bob.next("start"))
        XCTAssertNotNil(ann.next(Self.yourTurn))
        // The store fails: its table of inputs is gone (a full disk, a database that went away).
        try alterStore("ALTER TABLE inputs RENAME TO inputs_away")
        ann.send(["type": "input", "line": "rock"])
        for (who, c) in [("ann", ann), ("bob", bob)] {
            let closed = try XCTUnwrap(c.next { $0["type"] as? String == "closed" || ($0["type"] as? String == "step" && $0["seat"] as? Int == 1) }, who)
            XCTAssertEqual(closed["type"] as? String, "closed", "\(who) was shown a move that was not stored: \(closed)")
            XCTAssertTrue((closed["reason"] as? String ?? "").contains("could not save"), "\(closed)")
        }
        // While the store still fails, the table is kept, and whoever asks is told so.
        let eve = try client()
        eve.send(["type": "watch", "table": code])
        XCTAssertEqual(eve.next("error")?["code"] as? String, "store-unavailable")
        // Once it works again, the seats come back by their tokens to the table as stored:
        // the move that was never stored is to be made again, and the game goes on.
        try alterStore("ALTER TABLE inputs_away RENAME TO inputs")
        let ann2 = try client(), bob2 = try client()
        ann2.send(["type": "join", "table": code, "token": annToken])
        XCTAssertEqual(ann2.next("joined")?["seat"] as? Int, 1)
        XCTAssertNotNil(ann2.next(Self.yourTurn), "Ann's turn again: her lost move is not in the game")
        bob2.send(["type": "join", "table": code, "token": bobToken])
        XCTAssertEqual(bob2.next("joined")?["seat"] as? Int, 2)
        ann2.send(["type": "input", "line": "paper"])
        XCTAssertNotNil(ann2.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" })
        bob2.send(["type": "input", "line": "rock"])
        let end = try XCTUnwrap(ann2.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 })
        XCTAssertEqual(end["over"] as? Bool, true, "\(end)")
    }

    func testOneDataFolderServesOneServer() throws {
        XCTAssertThrowsError(try makeServer(folder: served.folder)) { error in
            XCTAssertTrue("\(error)".contains("in use by another gamehost serve"), "\(error)")
        }
        // A lock file deleted while the server runs (a careless keeper) lets no second one in.
        let data = served.folder + "/data/gamehost"
        let locks = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasSuffix(".lock") }
        XCTAssertFalse(locks.isEmpty)
        for lock in locks { try FileManager.default.removeItem(atPath: data + "/" + lock) }
        XCTAssertThrowsError(try makeServer(folder: served.folder)) { error in
            XCTAssertTrue("\(error)".contains("in use by another gamehost serve"), "\(error)")
        }
        // Once the first server has stopped, the folder is free.
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
    }

    func testAStoredTableOfAGameNotInstalledIsKeptAndReportedNotRun() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        XCTAssertNotNil(ann.next("start"))
        served.server.stop()
        // A row naming a file outside every rules folder (what a second program could write).
        try alterStore("UPDATE tables SET game = '../../../../tmp/evil' WHERE code = '\(code)'")
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        XCTAssertEqual(again.tableCount, 0)
        XCTAssertEqual(again.brokenTables.map(\.code), [code])
        XCTAssertTrue(again.brokenTables.first?.reason.contains("is not installed") == true, "\(again.brokenTables)")
        // Kept as it was, for the server's keeper: never deleted.
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM tables WHERE code = '\(code)'"), 1, "the row is kept")
        // A player who comes back is told.
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertEqual(bob.next("error")?["code"] as? String, "table-broken")
        // And a later start neither rebuilds it nor forgets it.
        again.stop()
        let third = try makeServer(folder: served.folder)
        served = (third, try third.start(address: "127.0.0.1", port: 0), served.folder)
        third.waitUntilRebuilt()
        XCTAssertEqual(third.brokenTables.map(\.code), [code])
    }

    /// What a stored step read of the scores is checked when it is played again: reads that are
    /// not the step's (another program wrote them) or not reads at all keep the table broken,
    /// not played as another game; a step stored before reads were (none noted) reads the scores.
    func testStoredScoreReadsThatAreNotTheStepsKeepTheTableBroken() throws {
        // (The rules folder is read when the server starts.)
        served.server.stop()
        try ServeScoreReadsTests.addRule(to: served.folder)
        let server = try makeServer(folder: served.folder)
        served = (server, try server.start(address: "127.0.0.1", port: 0), served.folder)
        var codes: [String] = []
        for (game, move) in [("ranked", "5"), ("rps", "paper"), ("ranked", "9")] {
            let c = try client()
            c.send(["type": "create", "game": game, "name": "Ann"])
            codes.append(try XCTUnwrap(c.next("joined")?["table"] as? String))
            c.send(["type": "input", "line": move])
            XCTAssertNotNil(c.next { $0["type"] as? String == "step" && $0["input"] as? String == move })
        }
        served.server.stop()
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM inputs WHERE reads LIKE '[[\"b\",\"points\",%'"), 2, "a board read, noted")
        try alterStore("UPDATE inputs SET reads = '[[\"c\",1]]' WHERE code = '\(codes[0])'")
        try alterStore("UPDATE inputs SET reads = '[[\"b\",5]]' WHERE code = '\(codes[1])'")
        try alterStore("UPDATE inputs SET reads = NULL WHERE code = '\(codes[2])'")
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        let broken = Dictionary(again.brokenTables.map { ($0.code, $0.reason) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(Set(broken.keys), [codes[0], codes[1]])
        XCTAssertTrue(broken[codes[0]]?.contains("read other scores than it first did") == true, "\(broken)")
        XCTAssertTrue(broken[codes[1]]?.contains("read of the scores cannot be read") == true, "\(broken)")
        XCTAssertEqual(again.tableCount, 1, "the table stored without reads is rebuilt")
    }

    /// What another program wrote into the store is read back bounded: an input longer than a
    /// move can be is never read whole, and its table is kept, marked broken, not played.
    func testAStoredTableLongerThanATableCanBeIsKeptNotReadWhole() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-3"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        XCTAssertNotNil(ann.next(Self.yourTurn))
        ann.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
        // And a table one of whose inputs names a seat it does not have.
        let bob = try client()
        bob.send(["type": "create", "game": "rps", "options": ["match": "best-of-3"], "name": "Bob"])
        let other = try XCTUnwrap(bob.next("joined")?["table"] as? String)
        bob.send(["type": "input", "line": "paper"])
        XCTAssertNotNil(bob.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" })
        served.server.stop()
        try alterStore("UPDATE inputs SET line = '\(String(repeating: "x", count: 20_000))' WHERE code = '\(code)'")
        try alterStore("UPDATE inputs SET seat = 9 WHERE code = '\(other)'")
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        let broken = Dictionary(again.brokenTables.map { ($0.code, $0.reason) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(Set(broken.keys), [code, other])
        XCTAssertTrue(broken[code]?.contains("longer than a move can be") == true, "\(broken)")
        XCTAssertTrue(broken[other]?.contains("names a seat the table does not have") == true, "\(broken)")
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM inputs WHERE code = '\(code)'"), 1, "kept as it was")
    }

    /// A table's description as another program may have written it (options that are not names
    /// and values, a seat of a kind a server never seats, a lost first seed, a clock reading that
    /// is not a number) keeps the table broken: never rebuilt as another game with the default
    /// options, a new seed or a seat dropped. A table stored as the server writes it is rebuilt.
    func testAStoredDescriptionNotAsTheServerWritesItKeepsTheTableBroken() throws {
        var codes: [String] = []
        for k in 0..<7 {
            let c = try client()
            c.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "seats": ["person", "bot"], "name": "P\(k)"])
            codes.append(try XCTUnwrap(c.next("joined")?["table"] as? String))
            c.send(["type": "input", "line": "rock"])
            XCTAssertNotNil(c.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
        }
        served.server.stop()
        try alterStore("UPDATE tables SET options = '{{{' WHERE code = '\(codes[0])'")
        try alterStore("UPDATE tables SET options = '{\"match\":99}' WHERE code = '\(codes[1])'")
        try alterStore("DELETE FROM seeds WHERE code = '\(codes[2])'")
        try alterStore("UPDATE tables SET seats = replace(seats, '\"filler\":\"bot\"', '\"filler\":\"program\"') WHERE code = '\(codes[3])'")
        try alterStore("UPDATE tables SET seats = '{}' WHERE code = '\(codes[4])'")
        try alterStore("UPDATE inputs SET clock = '[\"noon\"]' WHERE code = '\(codes[5])'")
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        let broken = Dictionary(again.brokenTables.map { ($0.code, $0.reason) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(Set(broken.keys), Set(codes.prefix(6)), "\(broken)")
        XCTAssertTrue(broken[codes[0]]?.contains("its options are not a list of names and values") == true, "\(broken)")
        XCTAssertTrue(broken[codes[1]]?.contains("its options are not a list of names and values") == true, "\(broken)")
        XCTAssertTrue(broken[codes[2]]?.contains("its first game's seed is not stored") == true, "\(broken)")
        XCTAssertTrue(broken[codes[3]]?.contains("a seat of it is not a served seat") == true, "\(broken)")
        XCTAssertTrue(broken[codes[4]]?.contains("its seats are not a list of seats") == true, "\(broken)")
        XCTAssertTrue(broken[codes[5]]?.contains("a clock reading of it is not a number") == true, "\(broken)")
        XCTAssertEqual(again.tableCount, 1, "the table stored as written is rebuilt")
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM tables WHERE code = '\(codes[0])' AND options = '{{{'"), 1, "kept as it was")
    }

    /// A game that ended before a restart is counted in the statistics once: the rebuild plays
    /// its steps again, and writes nothing they wrote the first time.
    func testARebuiltTableCountsItsFinishedGameOnce() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "bot"], "name": "Ann"])
        XCTAssertNotNil(ann.next("joined"))
        XCTAssertNotNil(ann.next(Self.yourTurn))
        // (A tie with the bot is thrown again.)
        var over = false
        for _ in 0..<20 where !over {
            ann.send(["type": "input", "line": "rock"])
            // (The bot threw first: Ann's throw ends the round.)
            over = ann.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 1 }?["over"] as? Bool == true
        }
        XCTAssertTrue(over, "\(ann.all.suffix(3))")
        let rps = try XCTUnwrap(RuleCatalog(directories: [], builtIn: Self.root.appendingPathComponent("rules").path).load("rps"))
        let key = rps.info.scoreKey
        rps.close()
        func played() -> Int { (try? statistics(game: key).played) ?? 0 }
        XCTAssertEqual(played(), 1)
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        XCTAssertEqual(again.tableCount, 1, "the table is open again (its next game may start)")
        XCTAssertEqual(played(), 1, "the rebuild counts nothing again")
    }

    func testARestartListensAtOnceAndATableAskedForIsRebuiltFirst() throws {
        // A rule whose every move costs some processor time: four tables of 20 moves take a
        // while to replay.
        let rules = served.folder + "/data/gamehost/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try """
            return { id = "slow", title = "Slow", setup = function() return { n = 0 } end,
              view = function(state) return "n = " .. state.n end, moves = function() return { "go" } end,
              play = function(state) local x = 0 for i = 1, 5000000 do x = x + i end state.n = state.n + 1 end,
              result = function() end }
            """.write(toFile: rules + "/slow.lua", atomically: true, encoding: .utf8)
        served.server.stop()
        let first = try makeServer(folder: served.folder)
        served = (first, try first.start(address: "127.0.0.1", port: 0), served.folder)
        var tables: [(code: String, token: String)] = []
        for _ in 0..<4 {
            let ann = try client()
            ann.send(["type": "create", "game": "slow", "name": "Ann"])
            let joined = try XCTUnwrap(ann.next("joined"))
            tables.append((try XCTUnwrap(joined["table"] as? String), try XCTUnwrap(joined["token"] as? String)))
            for k in 1...20 {
                ann.send(["type": "input", "line": "go"])
                XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == "go" }, "move \(k)")
            }
            ann.close()
        }
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        // Listening already, with the four tables still to rebuild (the first is under way).
        XCTAssertEqual(again.tablesToRebuild, 4)
        let eve = try client()
        eve.send(["type": "create", "game": "rps", "options": ["match": "single"]])
        XCTAssertNotNil(eve.next("joined"), "a new table is made while the old ones are rebuilt")
        eve.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(eve.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
        XCTAssertGreaterThan(again.tablesToRebuild, 0, "the stored tables were still being rebuilt meanwhile")
        // The newest table, asked for by its seat, is rebuilt next (before the third) and is
        // where it was.
        let ann = try client()
        ann.send(["type": "join", "table": tables[3].code, "token": tables[3].token])
        XCTAssertEqual(ann.next("joined")?["seat"] as? Int, 1)
        XCTAssertGreaterThan(again.tablesToRebuild, 0, "the table asked for went before the one made before it")
        XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["view"] as? String == "n = 20" })
        again.waitUntilRebuilt()
        XCTAssertEqual(again.tableCount, 5)
    }

    func testTheLogIsCopiedIntoTheDatabaseWhileTheServerRuns() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "name": "Ann"])
        XCTAssertNotNil(ann.next("joined"))
        for k in 1...10 {
            ann.send(["type": "input", "line": "rock"])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" }, "move \(k)")
        }
        // The database file itself (not only its log) holds the tables within a few
        // checkpoints: a log never copied would grow without end and be read whole at a start.
        let file = served.folder + "/data/gamehost/serve.db"
        func size(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        var copied = false
        for _ in 0..<60 where !copied {
            copied = size(file) > 4 * 4096
            if !copied { usleep(50_000) }
        }
        XCTAssertTrue(copied, "serve.db is \(size(file)) bytes beside a log of \(size(file + "-wal"))")
    }

    func testAConnectionIsAtOneTableAtATime() throws {
        let ann = try client(), bob = try client()
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let first = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        bob.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Bob"])
        let second = try XCTUnwrap(bob.next("joined")?["table"] as? String)
        let eve = try client()
        eve.send(["type": "watch", "table": first])
        XCTAssertNotNil(ann.next { $0["type"] as? String == "table" && $0["watchers"] as? Int == 1 }, "Eve watches the first table")
        // Eve goes to watch the second: the first counts her no more.
        eve.send(["type": "watch", "table": second])
        XCTAssertNotNil(ann.next { $0["type"] as? String == "table" && $0["watchers"] as? Int == 0 }, "\(ann.all.suffix(3))")
        XCTAssertNotNil(bob.next { $0["type"] as? String == "table" && $0["watchers"] as? Int == 1 })
        // Ann makes another table: at the first her seat shows her gone.
        let watcher = try client()
        watcher.send(["type": "watch", "table": first])
        XCTAssertNotNil(watcher.next("joined"))
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        XCTAssertNotNil(ann.next("joined"))
        let roster = watcher.next { m in
            m["type"] as? String == "table" && ((m["seats"] as? [[String: Any]])?.first?["connected"] as? Bool) == false
        }
        XCTAssertNotNil(roster, "\(watcher.all.suffix(2))")
    }

    func testASeatBackFromADroppedConnectionMissesNothing() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "person"], "name": "Ann"])
        let code = try XCTUnwrap(ann.next("joined")?["table"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        let token = try XCTUnwrap(bob.next("joined")?["token"] as? String)
        XCTAssertNotNil(bob.next("start"))
        bob.close()
        // While Bob is away Ann throws, and is told so.
        ann.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 1 && $0["status"] as? String == "accepted" })
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(back.next("joined")?["seat"] as? Int, 2)
        XCTAssertNotNil(back.next("start"))
        // The game's steps come again: its first, then the one made while he was away (Ann's
        // throw hidden), the last, with his view as it is now: his turn.
        let first = try XCTUnwrap(back.next("step"))
        XCTAssertEqual(first["step"] as? Int, 0, "\(first)")
        let away = try XCTUnwrap(back.next("step"))
        XCTAssertEqual(away["seat"] as? Int, 1, "\(away)")
        XCTAssertTrue(away["input"] is NSNull, "\(away)")
        XCTAssertEqual(away["your_turn"] as? Bool, true, "\(away)")
        XCTAssertFalse((away["moves"] as? [String] ?? []).isEmpty, "\(away)")
    }

    func testASeatOpenOnTwoDevicesPlaysOneTapNotTwo() throws {
        let phone = try client()
        phone.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "name": "Ann"])
        let joined = try XCTUnwrap(phone.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        let shown = try XCTUnwrap(phone.next(Self.yourTurn))
        let laptop = try client()
        laptop.send(["type": "join", "table": code, "token": token])
        XCTAssertNotNil(laptop.next(Self.yourTurn))
        let game = try XCTUnwrap(shown["game_number"] as? Int), step = try XCTUnwrap(shown["step"] as? Int)
        // Both screens show the same step; both are tapped.
        phone.send(["type": "input", "line": "rock", "game": game, "step": step])
        let now = try XCTUnwrap(phone.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" })
        laptop.send(["type": "input", "line": "paper", "game": game, "step": step])
        XCTAssertEqual(laptop.next { $0["type"] as? String == "error" || ($0["type"] as? String == "step" && $0["input"] as? String == "paper") }?["code"] as? String, "stale")
        // A tap on the step the seat now sees is played.
        laptop.send(["type": "input", "line": "paper", "game": try XCTUnwrap(now["game_number"] as? Int), "step": try XCTUnwrap(now["step"] as? Int)])
        XCTAssertNotNil(laptop.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" })
    }

    func testASeatIsHeldByItsTokenAndNobodyElse() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        let bob = try client()
        bob.send(["type": "join", "table": code, "name": "Bob"])
        XCTAssertEqual(bob.next("joined")?["seat"] as? Int, 2)

        // A third: no free seat, a wrong token, a guessed one of the same length: refused.
        let eve = try client()
        eve.send(["type": "join", "table": code, "name": "Eve"])
        XCTAssertEqual(eve.next("error")?["code"] as? String, "table-full")
        for guess in ["nope", String(repeating: "0", count: 32), String(token.dropLast()) + (token.last == "a" ? "b" : "a")] {
            eve.send(["type": "join", "table": code, "token": guess])
            XCTAssertEqual(eve.next("error")?["code"] as? String, "bad-token", guess)
        }
        // A token that is not a text is refused too, not taken as none.
        for wrong: Any in [12345, ["a": 1], true] {
            eve.send(["type": "join", "table": code, "token": wrong])
            XCTAssertEqual(eve.next("error")?["code"] as? String, "bad-token", "\(wrong)")
        }
        // Moving without a seat is refused, and seat 1 is untouched.
        eve.send(["type": "input", "line": "rock"])
        XCTAssertEqual(eve.next("error")?["code"] as? String, "no-seat")
        // A watcher sits in no seat and may move for none.
        eve.send(["type": "watch", "table": code])
        let watching = try XCTUnwrap(eve.next("start"))
        XCTAssertTrue(watching["you"] is NSNull)
        let step = try XCTUnwrap(eve.next("step"))
        XCTAssertEqual(step["moves"] as? [String], [])
        XCTAssertEqual(step["your_turn"] as? Bool, false)

        // Ann's connection drops; with her token she is back in seat 1, where she was.
        ann.close()
        let again = try client()
        again.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(again.next("joined")?["seat"] as? Int, 1)
        XCTAssertEqual(again.next("start")?["you"] as? Int, 1)
        let now = try XCTUnwrap(again.next("step"))
        XCTAssertEqual(now["your_turn"] as? Bool, true)
    }

    /// The creator is sent the table's first steps as they were made, views and all, though the
    /// bot threw before the creator was attached (the stream `play --json --as 1` writes); a
    /// seat back on the table later is sent the steps before the last without their views.
    func testTheCreatorIsSentTheFirstStepsAsTheyWereMade() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "bot"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let first = try XCTUnwrap(ann.next("step")), second = try XCTUnwrap(ann.next("step"))
        XCTAssertEqual(first["step"] as? Int, 0)
        XCTAssertEqual(second["seat"] as? Int, 2, "the bot threw first: \(second)")
        for step in [first, second] {
            XCTAssertTrue((step["view"] as? String ?? "").contains("Rock"), "\(step)")
            XCTAssertNotNil(step["observation"] as? [String: Any], "\(step)")
            XCTAssertNotNil(step["elements"] as? [Any], "\(step)")
        }
        let back = try client()
        back.send(["type": "join", "table": try XCTUnwrap(joined["table"] as? String), "token": try XCTUnwrap(joined["token"] as? String)])
        XCTAssertNotNil(back.next("joined"))
        let again = try XCTUnwrap(back.next("step")), last = try XCTUnwrap(back.next("step"))
        XCTAssertEqual(again["step"] as? Int, 0)
        XCTAssertEqual(again["view"] as? String, "", "a step before the last, shown again: \(again)")
        XCTAssertTrue((last["view"] as? String ?? "").contains("Rock"), "\(last)")
    }

    func testOnlyInstalledGamesAndPlainMessagesAreTaken() throws {
        let c = try client()
        for (message, code) in [
            (#"{"type":"create","game":"../../etc/passwd"}"#, "no-game"),
            (#"{"type":"create","game":"/tmp/x.lua"}"#, "no-game"),
            (#"{"type":"create","game":"chess"}"#, "no-game"),
            (#"{"type":"create","game":"rps","seats":["person","person","person"]}"#, "bad-seats"),
            (#"{"type":"create","game":"rps","seats":["person","wizard"]}"#, "bad-seats"),
            // The creator takes seat 1: a list that gives it to another is refused, not changed.
            (#"{"type":"create","game":"rps","seats":["bot","bot"]}"#, "bad-seats"),
            // A field of the wrong kind is refused, never taken as its default.
            (#"{"type":"create","game":"rps","seats":"person"}"#, "bad-seats"),
            (#"{"type":"create","game":"rps","seats":{"1":"bot"}}"#, "bad-seats"),
            (#"{"type":"create","game":"rps","options":[]}"#, "bad-options"),
            (#"{"type":"create","game":"rps","options":"best-of-5"}"#, "bad-options"),
            (#"{"type":"create","game":"rps","name":1}"#, "bad-name"),
            (#"{"type":"create","game":"rps","name":true}"#, "bad-name"),
            (#"{"type":"create","game":"rps","name":{"first":"Ann"}}"#, "bad-name"),
            (#"{"type":"join","table":"ZZZZZZ"}"#, "no-table"),
            (#"{"type":"dance"}"#, "bad-message"),
            ("not json", "bad-message"),
            (#"[1,2,3]"#, "bad-message"),
        ] {
            c.send(message)
            XCTAssertEqual(c.next("error")?["code"] as? String, code, message)
        }
        // An option the game does not take, or a value it refuses, is named, without the
        // command line's help.
        for (message, text) in [(#"{"type":"create","game":"rps","options":{"colour":"red"}}"#, "rps: no option --colour (options: --match, --opponent)"),
                                (#"{"type":"create","game":"rps","options":{"match":"best-of-4"}}"#, "rps: --match: best-of-4 is not a match length")] {
            c.send(message)
            let error = c.next("error")
            XCTAssertEqual(error?["code"] as? String, "bad-options", message)
            XCTAssertTrue((error?["message"] as? String ?? "").hasPrefix(text), "\(error ?? [:])")
        }
        // A message the parser refuses says why. (Only a move's line may hold a run of combining
        // marks: the table refuses it in a step.)
        c.send(#"{"type":"games","lang":"e"# + String(repeating: "\u{301}", count: 40) + #""}"#)
        let marks = c.next("error")
        XCTAssertEqual(marks?["code"] as? String, "bad-message")
        XCTAssertTrue((marks?["message"] as? String ?? "").contains("combining"), "\(marks ?? [:])")
        c.send(["type": "games"])
        let games = try XCTUnwrap(c.next("games")?["games"] as? [[String: Any]])
        XCTAssertTrue(games.contains { $0["game"] as? String == "rps" })
        XCTAssertTrue(games.contains { ($0["seats"] as? [String: Int])?["max"] == 4 && $0["game"] as? String == "crazy-eights" })
        XCTAssertFalse(games.contains { $0["translations"] != nil }, "a page that names no language is sent no translation")
        // A page is sent its own language's texts alone (de-AT: the rules' German); a language
        // no rule has, or a code that is none, is sent none.
        for (lang, expected) in [("de-AT", ["de"]), ("ja", ["ja"]), ("fr", []), ("../../etc", []), (String(repeating: "x", count: 5000), [])] {
            c.send(["type": "games", "lang": lang])
            let listed = try XCTUnwrap(c.next("games")?["games"] as? [[String: Any]], lang)
            let memory = try XCTUnwrap(listed.first { $0["game"] as? String == "memory" })
            XCTAssertEqual(((memory["translations"] as? [String: Any]) ?? [:]).keys.sorted(), expected, lang)
        }
    }

    /// A move line is taken as `play --json` takes a line it reads: a NUL is a space, and a line
    /// the table cannot take (a run of combining marks, more than 4096 bytes) is refused in a
    /// step, not with an error. Each is stored as the table took it (the store could not keep a
    /// NUL, and refuses any text with one rather than cut it), and a restart plays them again
    /// to the same table.
    func testOddMoveLinesAreRefusedInAStepAsPlayRefusesThemAndSurviveARestart() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-5"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        XCTAssertNotNil(ann.next(Self.yourTurn))
        let marks = "e" + String(repeating: "\u{301}", count: 40)
        let long = String(repeating: "r", count: InputLine.limit + 900)
        let fifteen = String(repeating: "\u{301}", count: 15), sixteen = String(repeating: "\u{301}", count: 16)
        let odd: [(line: String, input: String?, code: String)] = [
            ("rock\u{0}scissors", "rock scissors", "refused"), (marks, nil, "refused"), (long, nil, "line-too-long"),
            // A newline is dropped first, as a pipe would have ended the line: what is left is
            // the line, its runs of marks and its length; a CR dropped in cleaning joins runs too.
            ("a" + fifteen + "\n" + sixteen, nil, "refused"), ("a" + fifteen + "\r" + sixteen, nil, "refused"),
            (String(repeating: "a", count: InputLine.limit) + "\n", String(repeating: "a", count: InputLine.limit), "refused"),
            // A bidirectional override is named in every stream, as play's standard output names it.
            ("\u{202E}rock", "<U+202E>rock", "refused"),
        ]
        // What `play --json` makes of the same lines: the same table, played in this process.
        let rule = try RuleCatalog(directories: [], builtIn: Self.root.appendingPathComponent("rules").path).load("rps")
        var settings = EngineSettings()
        settings.options = ["match": "best-of-5"]
        let engine = try GameEngine(rule: rule, settings: settings)
        defer { engine.close() }
        let table = Table(engine: engine)
        _ = table.start()
        for (line, input, code) in odd {
            ann.send(["type": "input", "line": line])
            let step = try XCTUnwrap(ann.next { $0["type"] as? String == "step" || $0["type"] as? String == "error" }, code)
            XCTAssertEqual(step["type"] as? String, "step", "\(step)")
            XCTAssertEqual(step["status"] as? String, "refused", "\(step)")
            XCTAssertEqual(step["code"] as? String, code, "\(step)")
            XCTAssertEqual(step["input"] as? String, input, "\(step)")
            let read = line.replacingOccurrences(of: "\n", with: "")  // as play reads it
            let played = table.handle(read, seat: 1, bytes: read.utf8.count)
            XCTAssertEqual(played.status, .refused, code)
            XCTAssertEqual(played.input.map(TerminalText.plain), input, code)
            XCTAssertEqual(played.code?.rawValue, code)
        }
        ann.send(["type": "input", "line": "paper"])
        XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" && $0["status"] as? String == "accepted" })
        XCTAssertEqual(try storedNumber("SELECT count(*) FROM inputs WHERE code = '\(code)'"), odd.count + 1, "every input is stored")

        // A restart rebuilds the table from those inputs, and it goes on.
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        again.waitUntilRebuilt()
        XCTAssertEqual(again.tableCount, 1, "the table is open again")
        XCTAssertEqual(again.brokenTables.map(\.code), [])
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(back.next("joined")?["seat"] as? Int, 1)
        XCTAssertNotNil(back.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" }, "the table as it was")
        back.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(back.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" && $0["status"] as? String == "accepted" })

        let store = try TableStore(directory: served.folder + "/other")
        XCTAssertThrowsError(try store.addInput(code: "T", n: 1, seat: 1, line: "rock\u{0}x", clock: [], at: 0)) { error in
            XCTAssertTrue("\(error)".contains("NUL"), "\(error)")
        }
    }

    /// A game that plays a word list offers the lists by name; a table plays the one chosen,
    /// keeps it across a restart and names it in its replay line; a path, an unknown name or a
    /// list for a game of none is refused.
    func testATableChoosesItsWordListByName() throws {
        let ann = try client()
        ann.send(["type": "games"])
        let games = try XCTUnwrap(ann.next("games")?["games"] as? [[String: Any]])
        let hangman = try XCTUnwrap(games.first { $0["game"] as? String == "hangman" })
        let lists = try XCTUnwrap(hangman["word_lists"] as? [String])
        XCTAssertTrue(lists.contains("fruits") && lists.contains("animals") && !lists.contains("system"), "\(lists)")
        XCTAssertNil(games.first { $0["game"] as? String == "rps" }?["word_lists"], "a game of no list offers none")
        for (game, words) in [("hangman", "../../etc/passwd"), ("hangman", "/usr/share/dict/words"), ("hangman", "nonesuch"), ("rps", "fruits")] {
            ann.send(["type": "create", "game": game, "words": words])
            XCTAssertEqual(ann.next("error")?["code"] as? String, "bad-words", "\(game) \(words)")
        }
        ann.send(["type": "create", "game": "hangman", "words": "fruits", "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        func list(_ start: [String: Any]?) -> String? { (start?["words"] as? [String: Any])?["name"] as? String }
        XCTAssertEqual(list(ann.next("start")), "fruits")
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(list(back.next("start")), "fruits", "the list is kept across a restart")
        // The replay line repeats the list: guesses to the word's end, then no other word.
        for letter in "etaoinshrdlucmfwypvbgkjqxz" {
            back.send(["type": "input", "line": String(letter)])
            let step = back.next { $0["type"] as? String == "step" && $0["input"] as? String == String(letter) }
            if let question = step?["question"] as? String, !question.isEmpty { break }
        }
        back.send(["type": "input", "line": "n"])
        let result = back.next { $0["type"] as? String == "step" && $0["input"] as? String == "n" }?["result"] as? [String: Any]
        XCTAssertTrue((result?["replay"] as? String ?? "").contains("--words fruits"), "\(result ?? [:])")
    }

    /// A table of the game of the day: the day's deal (the same for every name, and as
    /// `play --daily` deals it), under a name, once a day by each name; kept across a restart,
    /// one game, and its end gives the line to share and names the day in the replay line.
    func testTheGameOfTheDayIsTheDaysDealOncePerName() throws {
        let today = DailyGame.date(at: SystemClock().now())
        let c = try client()
        for (message, code) in [
            (#"{"type":"create","game":"memory","daily":true}"#, "bad-name"),
            (#"{"type":"create","game":"memory","daily":true,"name":"Ann","options":{"theme":"flags"}}"#, "bad-options"),
            (#"{"type":"create","game":"memory","daily":true,"name":"Ann","seats":["person","bot"]}"#, "bad-options"),
            (#"{"type":"create","game":"memory","daily":"yes","name":"Ann"}"#, "bad-options"),
        ] {
            c.send(message)
            XCTAssertEqual(c.next("error")?["code"] as? String, code, message)
        }
        func firstTurn(_ name: String) throws -> (String, WebSocketClient, String) {
            let player = try client()
            player.send(["type": "create", "game": "memory", "daily": true, "name": name])
            let joined = try XCTUnwrap(player.next("joined"), name)
            XCTAssertNotNil(player.next(Self.yourTurn))
            player.send(["type": "input", "line": "1"])
            let step = try XCTUnwrap(player.next { $0["type"] as? String == "step" && $0["input"] as? String == "1" })
            return (try XCTUnwrap(step["view"] as? String), player, try XCTUnwrap(joined["token"] as? String))
        }
        let (annView, _, _) = try firstTurn("Ann")
        let (bobView, _, _) = try firstTurn("Bob")
        XCTAssertEqual(annView, bobView, "every name is dealt the same")
        // The deal is the one play --daily deals.
        let rule = try RuleCatalog(directories: [], builtIn: Self.root.appendingPathComponent("rules").path).load("memory")
        var settings = EngineSettings()
        settings.seed = DailyGame.seed(game: "memory", date: today)
        let engine = try GameEngine(rule: rule, settings: settings)
        defer { engine.close() }
        let local = Table(engine: engine)
        _ = local.start()
        XCTAssertEqual(local.handle("1", seat: 1).view(of: 1).view, annView)
        // Ann has had the day.
        c.send(["type": "create", "game": "memory", "daily": true, "name": "Ann"])
        let refused = try XCTUnwrap(c.next("error"))
        XCTAssertEqual(refused["code"] as? String, "cannot-start")
        XCTAssertTrue((refused["message"] as? String ?? "").contains("you began today's Memory already"), "\(refused)")
        // Rock, paper, scissors to its end, after a restart: one game, its line to share.
        let cy = try client()
        cy.send(["type": "create", "game": "rps", "daily": true, "name": "Cy"])
        let joined = try XCTUnwrap(cy.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        XCTAssertNotNil(cy.next(Self.yourTurn))
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        XCTAssertNotNil(back.next(Self.yourTurn))
        var last: [String: Any]?
        for _ in 0..<30 {
            back.send(["type": "input", "line": "rock"])
            last = back.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" }
            if last?["result"] is [String: Any] { break }
        }
        let result = try XCTUnwrap(last?["result"] as? [String: Any], "\(last ?? [:])")
        XCTAssertTrue((result["replay"] as? String ?? "").contains("--daily \(today)"), "\(result)")
        XCTAssertTrue((last?["messages"] as? [String] ?? []).contains { $0.hasPrefix("GameHost · Rock · Paper · Scissors · \(today) · ") }, "\(last ?? [:])")
        XCTAssertEqual(last?["ends_session"] as? Bool, true, "one game")
    }

    /// A table speaks its maker's language where the rule has it (Memory in German), across a
    /// restart; a code that is no language is refused.
    func testATableSpeaksItsMakersLanguage() throws {
        let ann = try client()
        ann.send(["type": "create", "game": "memory", "name": "Ann", "lang": 7])
        XCTAssertEqual(ann.next("error")?["code"] as? String, "bad-options")
        ann.send(["type": "create", "game": "memory", "name": "Ann", "lang": "de-DE"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        XCTAssertEqual(ann.next("start")?["title"] as? String, "Memory")
        let first = try XCTUnwrap(ann.next(Self.yourTurn))
        XCTAssertTrue((first["view"] as? String ?? "").contains("Punkte: 0"), "\(first["view"] ?? "")")
        served.server.stop()
        let again = try makeServer(folder: served.folder)
        served = (again, try again.start(address: "127.0.0.1", port: 0), served.folder)
        let back = try client()
        back.send(["type": "join", "table": code, "token": token])
        back.send(["type": "input", "line": "99"])
        let refused = try XCTUnwrap(back.next { $0["type"] as? String == "step" && $0["input"] as? String == "99" })
        XCTAssertTrue((refused["reason"] as? String ?? "").hasPrefix("„99“ ist keine Karte: gib eine Zahl von 1 bis "), "\(refused)")
    }

    func testACrossSiteConnectionIsRefused() throws {
        XCTAssertThrowsError(try client(origin: "http://evil.example"))
        // The page's own origin is welcome.
        let own = try client(origin: "http://127.0.0.1:\(port)")
        own.send(["type": "games"])
        XCTAssertNotNil(own.next("games"))
    }
}
