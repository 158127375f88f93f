import Foundation
import Locking
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Three `gamehost serve` processes on one PostgreSQL database, with tables whose people are
/// spread over all three. One is killed with SIGKILL while the tables are played: no move any
/// player saw is lost, its players are back at their seats on another server within seconds,
/// and every table goes on.
final class ServeSharedStoreProcessTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "gamehost-shared-processes-" + UUID().uuidString
    private var processes: [Process] = []

    override func tearDown() {
        for p in processes where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A seat at a table: its connection, its token and how many tied throws it has seen.
    private final class Player {
        var client: WebSocketClient
        let token: String
        let code: String
        let seat: Int
        init(_ client: WebSocketClient, token: String, code: String, seat: Int) {
            self.client = client
            self.token = token
            self.code = code
            self.seat = seat
        }
    }

    /// The ties the step's observation counts (a step shown again when a seat comes back has
    /// none, but the last).
    private static func ties(_ step: [String: Any]) -> Int? {
        (step["observation"] as? [String: Any])?["ties"] as? Int
    }

    /// One tied round: both seats throw rock, each on its own server. The number of ties
    /// both have seen after it (nil: a seat did not see the round end).
    private static func tiedRound(_ a: Player, _ b: Player) -> Int? {
        a.client.send(["type": "input", "line": "rock"])
        guard a.client.next({ $0["type"] as? String == "step" && $0["seat"] as? Int == a.seat }) != nil else { return nil }
        b.client.send(["type": "input", "line": "rock"])
        guard let end = b.client.next({ $0["type"] as? String == "step" && $0["seat"] as? Int == b.seat }),
              let seen = a.client.next({ $0["type"] as? String == "step" && $0["seat"] as? Int == b.seat }) else { return nil }
        XCTAssertEqual(Self.ties(end), Self.ties(seen), "both seats see the same round")
        return Self.ties(end)
    }

    func testKillingOneOfThreeServersLosesNoMoveAndItsPlayersGoOnOnAnother() throws {
        let database = try PostgreSQLCluster.shared().newDatabase()
        var ports: [Int] = []
        for k in 0..<3 {
            // (Every player here comes from one address, where a club has many: table 1's rounds,
            // played as fast as the machine goes, would pass one address's limit of messages.)
            let (process, port) = try ServeRestartTests.startServer(folder: folder + "/server\(k)",
                                                                    arguments: ["--store", database, "--max-messages-per-address", "10000"])
            processes.append(process)
            ports.append(port)
        }
        // Three tables of a long match: each made on server k, its second seat taken on the next.
        var tables: [(Player, Player)] = []
        for k in 0..<3 {
            let ann = try WebSocketClient(port: ports[k])
            ann.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"], "seats": ["person", "person"], "name": "Ann\(k)"])
            let made = try XCTUnwrap(ann.next("joined"))
            let code = try XCTUnwrap(made["table"] as? String)
            let bob = try WebSocketClient(port: ports[(k + 1) % 3])
            bob.send(["type": "join", "table": code, "name": "Bob\(k)"])
            let joined = try XCTUnwrap(bob.next("joined"), "\(bob.all)")
            tables.append((Player(ann, token: try XCTUnwrap(made["token"] as? String), code: code, seat: 1),
                           Player(bob, token: try XCTUnwrap(joined["token"] as? String), code: code, seat: 2)))
        }
        var ties = [Int](repeating: 0, count: 3)
        for _ in 0..<3 {
            for (k, (a, b)) in tables.enumerated() { ties[k] = try XCTUnwrap(Self.tiedRound(a, b)) }
        }
        XCTAssertEqual(ties, [3, 3, 3])

        // Server 0 is killed while a move is on its way to it (Ann0 throws, and the server dies
        // before she hears back, or just after) and table 1 (on servers 1 and 2) is played on.
        let busy = Locked(true)
        let played = Locked(ties[1])
        // (Its connections are used by the thread alone until it has stopped.)
        nonisolated(unsafe) let (ann1, bob1) = tables[1]
        // (Paced under a connection's limit of 20 messages a second: faster, the server closes
        // the connection as too fast, and the table could not be seen going on.)
        let load = Thread {
            while busy.withLock({ $0 }), let n = Self.tiedRound(ann1, bob1) {
                played.withLock { $0 = n }
                usleep(60_000)
            }
        }
        load.start()
        usleep(100_000)
        tables[0].0.client.send(["type": "input", "line": "rock"])
        kill(processes[0].processIdentifier, SIGKILL)
        processes[0].waitUntilExit()
        // Its people (Ann0, and Bob2, whose table lives on) are back on another server by their
        // tokens, within seconds, at the step where they were.
        for (k, player) in [(0, tables[0].0), (2, tables[2].1)] {
            let started = Date()
            let again = try WebSocketClient(port: ports[1 + k % 2])
            again.send(["type": "join", "table": player.code, "token": player.token])
            XCTAssertEqual(again.next("joined")?["seat"] as? Int, player.seat, "\(again.all)")
            let now = try XCTUnwrap(again.next { $0["type"] as? String == "step" && Self.ties($0) != nil }, "\(again.all)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "back at the seat within seconds")
            XCTAssertEqual(Self.ties(now), 3, "no tied round lost: \(now)")
            player.client = again
        }
        busy.withLock { $0 = false }
        while !load.isFinished { usleep(10_000) }
        ties[1] = played.withLock { $0 }
        XCTAssertGreaterThan(ties[1], 3, "table 1 was played on meanwhile")
        // Every table goes on. Ann0's last throw was stored or lost with the server (then it
        // was never shown to her: not acknowledged). Bob0 throws; if the round is not over,
        // Ann0's throw was lost, and she throws again.
        let (ann0, bob0) = tables[0]
        bob0.client.send(["type": "input", "line": "rock"])
        let bobsThrow = try XCTUnwrap(bob0.client.next { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 })
        if Self.ties(bobsThrow) != 4 { ann0.client.send(["type": "input", "line": "rock"]) }
        let fourth: ([String: Any]) -> Bool = { $0["type"] as? String == "step" && Self.ties($0) == 4 && $0["status"] as? String == "accepted" }
        XCTAssertNotNil(ann0.client.next(fourth), "\(ann0.client.all.suffix(3))")
        if Self.ties(bobsThrow) != 4 { XCTAssertNotNil(bob0.client.next(fourth)) }
        XCTAssertEqual(Self.tiedRound(tables[1].0, tables[1].1), ties[1] + 1, "table 1 goes on")
        XCTAssertEqual(Self.tiedRound(tables[2].0, tables[2].1), 4, "table 2 goes on")
        let logs = (0..<3).map { (try? String(contentsOfFile: folder + "/server\($0)/stderr.txt", encoding: .utf8)) ?? "" }
        XCTAssertFalse(logs[1].contains("set aside") || logs[2].contains("set aside"), logs.joined(separator: "\n"))
    }
}
