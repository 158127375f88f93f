import CSQLite
import Foundation
@testable import GameServer
import GameStorage
import XCTest

/// A served step that reads the scores (a rank, a record) is stored with what it read: played
/// again (a rebuild after a restart, or another server's copy of the table), it reads the
/// same, whatever was written to the scores since.
final class ServeScoreReadsTests: XCTestCase {
    /// A game of one person that ranks every move on a board and counts moves in a record,
    /// and says both.
    static let rankedRule = """
        return {
          id = "ranked", title = "Ranked",
          setup = function() return { n = 0 } end,
          view = function(state) return "moves: " .. state.n end,
          moves = function() return { "1", "5", "9" } end,
          play = function(state, input, game)
            state.n = state.n + 1
            local rank = game.scores.submit { board = "points", value = tonumber(input) }
            local seen = (game.scores.load("seen") or 0) + 1
            game.scores.save("seen", seen)
            game.say(("rank %d of %s; seen %d"):format(rank, game.scores.summary("points", 4), seen))
          end,
          result = function(state) if state.n >= 5 then return { summary = "done" } end end,
        }
        """

    static func addRule(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/data/gamehost/rules", withIntermediateDirectories: true)
        try rankedRule.write(toFile: folder + "/data/gamehost/rules/ranked.lua", atomically: true, encoding: .utf8)
    }

    /// What the steps of a stream said, by step number.
    static func said(_ c: WebSocketClient) -> [Int: [String]] {
        var said: [Int: [String]] = [:]
        for text in c.all {
            guard let m = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], m["type"] as? String == "step",
                  let step = m["step"] as? Int, let messages = m["messages"] as? [String], !messages.isEmpty else { continue }
            said[step] = messages
        }
        return said
    }

    /// Better scores on the board and another count in the record, written beside the server
    /// (as another table's would be), by SQL on the scores database.
    static let otherScores = """
        INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice, list)
          SELECT game, rule_hash, board, 100, better, unit, label, at, 'Zed', 0, list FROM scores WHERE player = 'Ann' LIMIT 1;
        INSERT INTO scores(game, rule_hash, board, value, better, unit, label, at, player, practice, list)
          SELECT game, rule_hash, board, 200, better, unit, label, at, 'Zed', 0, list FROM scores WHERE player = 'Ann' LIMIT 1;
        UPDATE records SET value = '40';
        """

    func testARebuiltTableSaysWhatItsStepsSaidThoughTheScoresChanged() throws {
        let folder = NSTemporaryDirectory() + "gamehost-reads-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.addRule(to: folder)
        var server = try ServeTests.makeServer(folder: folder)
        var port = try server.start(address: "127.0.0.1", port: 0)
        let ann = try WebSocketClient(port: port)
        ann.send(["type": "create", "game": "ranked", "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        for move in ["5", "9"] {
            ann.send(["type": "input", "line": move])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == move })
        }
        let before = Self.said(ann)
        XCTAssertEqual(before[1], ["rank 1 of 1st 5; seen 1"])
        XCTAssertEqual(before[2], ["rank 1 of 1st 9, 2nd 5; seen 2"])
        ann.close()
        server.stop()

        // Meanwhile the scores change: two better scores, and the record.
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(folder + "/data/gamehost/scores.db", &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, Self.otherScores, nil, nil, nil), SQLITE_OK, String(cString: sqlite3_errmsg(db)))
        sqlite3_close(db)

        server = try ServeTests.makeServer(folder: folder)
        port = try server.start(address: "127.0.0.1", port: 0)
        defer { server.stop() }
        let again = try WebSocketClient(port: port)
        defer { again.close() }
        again.send(["type": "join", "table": code, "token": token])
        XCTAssertEqual(again.next("joined")?["seat"] as? Int, 1)
        XCTAssertNotNil(again.next { $0["type"] as? String == "step" && $0["step"] as? Int == 2 })
        // The steps of the game so far say what they said: ranked against the boards they read.
        XCTAssertEqual(Self.said(again)[1], before[1])
        XCTAssertEqual(Self.said(again)[2], before[2])
        // A new move reads the record afresh (another session's count), and its scores go on.
        again.send(["type": "input", "line": "1"])
        let next = try XCTUnwrap(again.next { $0["type"] as? String == "step" && $0["input"] as? String == "1" })
        XCTAssertEqual(next["messages"] as? [String], ["rank 3 of 1st 9, 2nd 5, 3rd 1; seen 41"])
    }

    /// Inputs are read from the store in batches bounded in bytes, reads and all: a table's
    /// rows written past its bound by another program are never sent whole.
    func testABatchOfStoredInputsIsBoundedInBytes() throws {
        let folder = NSTemporaryDirectory() + "gamehost-batch-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try TableStore(directory: folder)
        defer { store.release() }
        try store.create(code: "T", game: "rps", options: [:], seats: [.init(filler: "person", name: "Ann", token: nil)], at: 0)
        let big = [ScoreRead.record(name: "r", base: nil, value: .string(String(repeating: "x", count: 10_000)))]
        for n in 1...5 { try store.addInput(code: "T", n: n, seat: 1, line: "rock", clock: [], reads: big, at: 0) }
        // Each input is about 10 KB: a bound of 15 KB reads the first two (the second passes it).
        let batch = try store.inputs(code: "T", after: 0, limit: 500, bytes: 15_000, seats: 1)
        XCTAssertEqual(batch.map(\.n), [1, 2])
        XCTAssertEqual(batch.first?.reads, big)
        XCTAssertEqual(try store.inputs(code: "T", after: 2, limit: 500, bytes: 100_000, seats: 1).map(\.n), [3, 4, 5])
        XCTAssertEqual(try store.inputs(code: "T", after: 0, limit: 2, bytes: 100_000, seats: 1).map(\.n), [1, 2])
        XCTAssertEqual(try store.inputs(code: "T", after: 0, limit: 500, bytes: 0, seats: 1).map(\.n), [1])
    }

    /// Reads as stored, and what another program might store instead.
    func testReadsAreStoredAsTextAndOnlyReadsAreTakenBack() {
        let reads: [ScoreRead] = [
            .board(name: "points", upTo: 12, waiting: [.init(value: 2.5, label: "x", player: "Ann")]),
            .record(name: "seen", base: "{\"n\":1}", value: .object(["n": .int(1)])),
            .record(name: "none", base: nil, value: .null),
            .recordCount(3),
        ]
        let text = ScoreRead.encode(reads)
        XCTAssertEqual(ScoreRead.decode(text), reads)
        XCTAssertEqual(ScoreRead.decode("[]"), [])
        for hostile in ["", "{}", "[1]", "[[\"b\",\"x\",1]]", "[[\"b\",\"x\",\"1\",[]]]", "[[\"c\",-1]]", "[[\"r\",3,null,1]]",
                        "[[\"b\",\"x\",1,[[1,\"a\"]]]]", "[[\"z\"]]", "[[\"r\",\"x\",5,1]]"] {
            XCTAssertNil(ScoreRead.decode(hostile), hostile)
        }
        XCTAssertThrowsError(try TableStore.decodeReads(.text("[[\"c\",\"many\"]]")))
        XCTAssertNil(try TableStore.decodeReads(.null))
    }
}
