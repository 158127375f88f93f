import CSQLite
import Foundation
import GameHostTesting
import GameStorage
import XCTest

/// A record in scores.db that another program left as no JSON data is reported once and left
/// as it is: never read as nothing and then replaced by a save built on nothing.
final class UnreadableRecordTests: XCTestCase {
    private var folder = ""
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "gamehost-unreadable-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testARecordThatIsNoJSONIsReportedAndLeftAsItIs() throws {
        let rule = folder + "/counter.lua"
        try """
            return {
              id = "counter", title = "Counter",
              setup = function() return { n = 0 } end,
              view = function(state) return "n=" .. state.n end,
              moves = function() return { "up" } end,
              play = function(state, input, game)
                local saved = game.scores.load("ups") or { count = 0 }
                saved.count = saved.count + 1
                game.scores.save("ups", saved)
                state.n = state.n + 1
              end,
              result = function() end,
            }
            """.write(toFile: rule, atomically: true, encoding: .utf8)
        let first = try RuleTester(rule, scores: ScoreStore(directory: folder))
        first.send(["up", "up"])
        _ = first
        var db: OpaquePointer?
        XCTAssertEqual(sqlite3_open(folder + "/scores.db", &db), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(db, "UPDATE records SET value = '{\"count\":2' WHERE name = 'ups'", nil, nil, nil), SQLITE_OK)
        XCTAssertEqual(sqlite3_changes(db), 1, "the record was stored")
        let second = try RuleTester(rule, scores: ScoreStore(directory: folder))
        second.send("up")
        XCTAssertTrue(second.last.notices.contains { $0.contains("the record 'ups' in \(folder)/scores.db is not JSON data (another program changed it), and is left as it is") },
                      "\(second.last.notices)")
        second.send("up")
        _ = second
        var statement: OpaquePointer?
        XCTAssertEqual(sqlite3_prepare_v2(db, "SELECT value FROM records WHERE name = 'ups'", -1, &statement, nil), SQLITE_OK)
        XCTAssertEqual(sqlite3_step(statement), SQLITE_ROW)
        XCTAssertEqual(String(cString: sqlite3_column_text(statement, 0)), #"{"count":2"#, "left as it was")
        sqlite3_finalize(statement)
        sqlite3_close(db)
    }
}
