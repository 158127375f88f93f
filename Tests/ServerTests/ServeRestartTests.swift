import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost serve` as a program: killed with SIGKILL in the middle of a game and started
/// again, it rebuilds the table from its store, and the players go on from the same step.
class ServeRestartTests: XCTestCase {
    let folder = NSTemporaryDirectory() + "gamehost-restart-" + UUID().uuidString

    /// What the server is started with beside its data folder (ServeRestartOnPostgreSQLTests:
    /// its store), and the file that names a table while it is rebuilt.
    var storeArguments: [String] { [] }
    var restoringMarker: String { folder + "/serve.db.restoring" }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// Starts `gamehost serve` on a free port; returns the process and its port.
    func startServer() throws -> (Process, Int) { try Self.startServer(folder: folder, arguments: storeArguments) }

    /// Starts `gamehost serve` on a free port, with its data in `folder` (what it says on its
    /// standard error in `folder/stderr.txt`); returns the process and its port.
    static func startServer(folder: String, arguments: [String]) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost")
        process.arguments = ["serve", "--port", "0", "--data", folder] + arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = folder + "/home"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        // What the server says of its tables (a rebuild that failed says why) goes to a file a
        // failing test quotes.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/stderr.txt", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: folder + "/stderr.txt") ?? FileHandle.nullDevice
        try process.run()
        // The first line says where: "GameHost is serving at http://127.0.0.1:PORT/ ...".
        var line = Data()
        while !line.contains(10) {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.range(of: "127.0.0.1:"), let port = Int(text[colon.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw NSError(domain: "serve", code: 1, userInfo: [NSLocalizedDescriptionKey: "no address in \(text)"])
        }
        return (process, port)
    }

    func testAKilledServerGoesOnFromTheSameStep() throws {
        var (server, port) = try startServer()
        let ann = try WebSocketClient(port: port), bob = try WebSocketClient(port: port)
        ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-5"], "seats": ["person", "person"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), annToken = try XCTUnwrap(joined["token"] as? String)
        bob.send(["type": "join", "table": code, "name": "Bob"])
        let bobToken = try XCTUnwrap(bob.next("joined")?["token"] as? String)
        // Two throws each: rock beats scissors, paper beats rock. 1:1.
        var before: [String: Any] = [:]
        for (a, b) in [("rock", "scissors"), ("rock", "paper")] {
            ann.send(["type": "input", "line": a])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "step" && $0["input"] as? String == a })
            bob.send(["type": "input", "line": b])
            before = try XCTUnwrap(bob.next { $0["type"] as? String == "step" && $0["input"] as? String == b })
        }
        XCTAssertTrue((before["view"] as? String ?? "").contains("Ann 1 · Bob 1"), "\(before)")
        ann.close()
        bob.close()

        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        (server, port) = try startServer()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }

        // Back in their seats by their tokens, at the step where they were.
        let ann2 = try WebSocketClient(port: port), bob2 = try WebSocketClient(port: port)
        defer { ann2.close(); bob2.close() }
        ann2.send(["type": "join", "table": code, "token": annToken])
        XCTAssertEqual(ann2.next("joined")?["seat"] as? Int, 1)
        bob2.send(["type": "join", "table": code, "token": bobToken])
        XCTAssertEqual(bob2.next("joined")?["seat"] as? Int, 2)
        // (The game's earlier steps come first, without their views; the last has them.)
        let now = try XCTUnwrap(bob2.next { $0["type"] as? String == "step" && $0["step"] as? Int == before["step"] as? Int })
        XCTAssertEqual(now["view"] as? String, before["view"] as? String)
        XCTAssertEqual(now["observation"] as? NSDictionary, before["observation"] as? NSDictionary)
        // And the game goes on to its end: three more wins for Ann.
        var over = false
        for _ in 0..<3 where !over {
            ann2.send(["type": "input", "line": "paper"])
            XCTAssertNotNil(ann2.next { $0["type"] as? String == "step" && $0["input"] as? String == "paper" })
            bob2.send(["type": "input", "line": "rock"])
            let step = try XCTUnwrap(ann2.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 })
            over = step["over"] as? Bool == true
        }
        XCTAssertTrue(over, "the match ends after the restart")
    }

    /// A table with a search seat is rebuilt from its inputs alone: the search thinks in scratch
    /// games, not in time, so it plays the same moves again and the game is at the same step.
    func testASearchSeatPlaysTheSameMovesAfterARestart() throws {
        var (server, port) = try startServer()
        let ann = try WebSocketClient(port: port)
        ann.send(["type": "create", "game": "crazy-eights", "seats": ["person", "search"], "name": "Ann"])
        let joined = try XCTUnwrap(ann.next("joined"))
        let code = try XCTUnwrap(joined["table"] as? String), token = try XCTUnwrap(joined["token"] as? String)
        func yourTurn() throws -> [String: Any] {
            try XCTUnwrap(ann.next { $0["type"] as? String == "step" && $0["your_turn"] as? Bool == true && $0["over"] as? Bool != true })
        }
        for _ in 0..<3 {
            let step = try yourTurn()
            let moves = step["moves"] as? [String] ?? []
            let move = try XCTUnwrap(moves.first { $0 != "draw" && $0 != "pass" } ?? moves.first)
            ann.send(["type": "input", "line": move])
        }
        let before = try yourTurn()
        let seatTwo = ann.all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 && $0["status"] as? String == "accepted" }
        XCTAssertGreaterThanOrEqual(seatTwo.count, 2, "the search played seat 2")
        ann.close()
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        (server, port) = try startServer()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }

        let again = try WebSocketClient(port: port)
        defer { again.close() }
        again.send(["type": "join", "table": code, "token": token])
        let joinedAgain = again.next("joined")
        let broken = (try? String(contentsOfFile: folder + "/stderr.txt", encoding: .utf8)) ?? ""
        XCTAssertEqual(joinedAgain?["seat"] as? Int, 1, "\(again.all) \(broken)")
        let now = try XCTUnwrap(again.next { $0["type"] as? String == "step" && $0["step"] as? Int == before["step"] as? Int })
        XCTAssertEqual(now["view"] as? String, before["view"] as? String)
        XCTAssertEqual(now["moves"] as? [String], before["moves"] as? [String])
    }

    /// A table whose rebuild ended the last start (a step stuck in Lua's own C code ends the
    /// process) is named in a file of the data folder; the next start marks it broken (kept, not
    /// played) instead of replaying it again, and serves the other tables.
    func testATableWhoseRebuildEndedTheLastStartIsKeptNotReplayed() throws {
        var (server, port) = try startServer()
        var codes: [String] = []
        for _ in 0..<2 {
            let ann = try WebSocketClient(port: port)
            ann.send(["type": "create", "game": "rps", "seats": ["person", "person"], "name": "Ann"])
            codes.append(try XCTUnwrap(ann.next("joined")?["table"] as? String))
            ann.close()
        }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        // As the process leaves it when it ends while rebuilding the first table.
        try codes[0].write(toFile: restoringMarker, atomically: false, encoding: .utf8)
        (server, port) = try startServer()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let bob = try WebSocketClient(port: port)
        defer { bob.close() }
        bob.send(["type": "join", "table": codes[0], "name": "Bob"])
        XCTAssertEqual(bob.next { $0["type"] as? String != "lobby" }?["code"] as? String, "table-broken")
        bob.send(["type": "join", "table": codes[1], "name": "Bob"])
        XCTAssertEqual(bob.next("joined")?["seat"] as? Int, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: restoringMarker), "the marker goes once the tables are rebuilt")
    }
}

/// The same, with the tables in PostgreSQL (`--store`): a killed server loses no input there
/// either.
final class ServeRestartOnPostgreSQLTests: ServeRestartTests {
    private lazy var database = Result { try PostgreSQLCluster.shared().newDatabase() }
    override var storeArguments: [String] { ["--store", (try? database.get()) ?? "postgresql://unreachable"] }
    override var restoringMarker: String { folder + "/serve-postgresql.restoring" }

    override func setUpWithError() throws { _ = try database.get() }

    // (Declared here so that the test list of Linux's XCTest finds the class, and with it the
    // tests it inherits.)
    override func testAKilledServerGoesOnFromTheSameStep() throws { try super.testAKilledServerGoesOnFromTheSameStep() }
}
