import Foundation
@testable import GameServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Each attack on a running server, and then proof that it still serves others: a fresh client
/// creates a table and plays a move.
final class ServeAttackTests: XCTestCase {
    // A server for each test: an attack's leftovers (connections, tables, a spinning rule)
    // never reach another test.
    var served: (server: GameServer, port: Int, folder: String)!
    var port: Int { served.port }
    static var limits: ServerLimits {
        var limits = ServerLimits()
        limits.connectionsPerAddress = 12
        limits.requestTimeoutMilliseconds = 500
        limits.tables = 40
        return limits
    }

    override func setUpWithError() throws {
        let folder = NSTemporaryDirectory() + "gamehost-attack-" + UUID().uuidString
        let rules = folder + "/data/gamehost/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        // An installed rule that never ends a step: its table must not hold up the others.
        try """
            return { id = "spin", title = "Spin", setup = function() return { n = 0 } end,
              view = function(state) return "n = " .. state.n end, moves = function() return { "go" } end,
              play = function(state, input) if input == "go" then while true do end end state.n = state.n + 1 end,
              result = function() end }
            """.write(toFile: rules + "/spin.lua", atomically: true, encoding: .utf8)
        // An installed rule whose _G runs away on any missing name: the server reads it raw.
        try """
            setmetatable(_G, { __index = function() while true do end end, __newindex = function() while true do end end })
            return { id = "hostile-globals", title = "Hostile globals", setup = function() return { n = 0 } end,
              view = function(state) return "n = " .. state.n end, moves = function() return { "up" } end,
              play = function(state) state.n = state.n + 1 end,
              result = function(state) if state.n >= 2 then return { winner = "player", summary = "done" } end end }
            """.write(toFile: rules + "/hostile-globals.lua", atomically: true, encoding: .utf8)
        // An installed rule that fails on one move: its error names the file, not the folder.
        try """
            return { id = "boom", title = "Boom", setup = function() return { n = 0 } end,
              view = function(state) return "n = " .. state.n end, moves = function() return { "up", "boom" } end,
              play = function(state, input)
                if input == "boom" then error("it went off") end
                state.n = state.n + 1
              end,
              result = function() end }
            """.write(toFile: rules + "/boom.lua", atomically: true, encoding: .utf8)
        let server = try ServeTests.makeServer(folder: folder, limits: Self.limits)
        served = (server, try server.start(address: "127.0.0.1", port: 0), folder)
    }

    override func tearDown() {
        guard let served else { return }
        served.server.stop()
        try? FileManager.default.removeItem(atPath: served.folder)
    }

    /// The server still serves: a new client creates a table and its move is answered.
    func assertStillServing(port: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let c = try WebSocketClient(port: port ?? self.port)
        defer { c.close() }
        c.send(["type": "create", "game": "rps", "options": ["match": "single"]])
        XCTAssertNotNil(c.next("joined"), "a table is created", file: file, line: line)
        c.send(["type": "input", "line": "rock"])
        XCTAssertNotNil(c.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" && $0["status"] as? String == "accepted" },
                        "a move is answered: \(c.all.map { String($0.prefix(200)) })", file: file, line: line)
    }

    /// What the server answers raw bytes with (up to 64 KB), the connection then closed.
    func raw(_ bytes: [UInt8]) throws -> String {
        let fd = try WebSocketClient.connect(port: port)
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while answer.count < 65536 {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            answer += chunk[..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func testMalformedHTTPIsRefused() throws {
        for request in ["GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "GET / HTTP/1.1\r\nHost: " + String(repeating: "h", count: 20000) + "\r\n\r\n",
                        "\u{0}\u{1}\u{2}\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n"] {
            let answer = try raw(Array(request.utf8))
            XCTAssertFalse(answer.hasPrefix("HTTP/1.1 200"), String(request.prefix(40)))
        }
        try assertStillServing()
    }

    /// A page on another site whose name was made to point at this machine (DNS rebinding)
    /// names its own site in Host, and Origin agrees with it: refused, page and connection.
    func testARequestByAnotherSitesNameIsRefused() throws {
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1.evil.example:\(port)", "localhost.evil.example"] {
            let page = try raw(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
            XCTAssertTrue(page.hasPrefix("HTTP/1.1 403"), "\(host): \(page.prefix(80))")
            XCTAssertThrowsError(try WebSocketClient(port: port, origin: "http://\(host)", host: host), host)
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)"] {
            let page = try raw(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
            XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), "\(host): \(page.prefix(80))")
        }
        XCTAssertTrue(GameServer.knownHost("games.example.org:8080", names: ["games.example.org"]))
        XCTAssertFalse(GameServer.knownHost("games.example.org.evil:8080", names: ["games.example.org"]))
        XCTAssertTrue(GameServer.knownHost(nil, names: []), "a program's request without Host")
        // Host given twice, this server's name first or last: which names the site is in doubt.
        for hosts in [["127.0.0.1", "evil.example"], ["evil.example", "127.0.0.1"], ["127.0.0.1", "127.0.0.1"]] {
            let page = try raw(Array(("GET / HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "\r\n").utf8))
            XCTAssertTrue(page.hasPrefix("HTTP/1.1 400"), "\(hosts): \(page.prefix(80))")
        }
        try assertStillServing()
    }

    func testARefusedUpgradeGetsAWholeResponse() throws {
        let upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        let cases = [(upgrade + "Sec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n", "HTTP/1.1 403 Forbidden\r\n"),
                     // Origin twice, this server's own first: the second is another site's.
                     (upgrade + "Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\n\r\n",
                      "HTTP/1.1 403 Forbidden\r\n"),
                     (upgrade + "Sec-WebSocket-Version: 8\r\n\r\n", "HTTP/1.1 426 Upgrade Required\r\n"),
                     (upgrade + "\r\n", "HTTP/1.1 426 Upgrade Required\r\n"),
                     ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "HTTP/1.1 426 Upgrade Required\r\n")]
        for (request, status) in cases {
            let answer = try raw(Array(request.utf8))
            XCTAssertTrue(answer.hasPrefix(status), "\(request): \(answer.prefix(80))")
            XCTAssertTrue(answer.contains("X-Content-Type-Options: nosniff\r\n"), answer)
            XCTAssertTrue(answer.contains("\r\n\r\n"), "headers, then the body")
        }
        try assertStillServing()
    }

    func testASymbolicLinkInTheClientsFolderIsNotFollowed() throws {
        let web = NSTemporaryDirectory() + "gamehost-web-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: web + "/css", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: web) }
        try Data("<p>hi</p>".utf8).write(to: URL(fileURLWithPath: web + "/index.html"))
        try Data("p{}".utf8).write(to: URL(fileURLWithPath: web + "/css/a.css"))
        try FileManager.default.createSymbolicLink(atPath: web + "/passwd.txt", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: web + "/etc", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: web + "/css/b.css", withDestinationPath: web + "/css/a.css")
        XCTAssertEqual(Set(GameServer.readClient(web).keys), ["/index.html", "/css/a.css"])
    }

    func testPathTraversalFindsNoFileOutsideTheClient() throws {
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/..%2f..%2f..%2fetc/passwd",
                     "/web/../Package.swift", "/index.html/../../Package.swift", "/%00", "/.git/config"] {
            let answer = try raw(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            XCTAssertFalse(answer.contains("root:x:0:0"), path)
            XCTAssertFalse(answer.contains("PackageDescription"), path)
            // (Civetweb reads "/%00" as "/", the client's page.)
            if path != "/%00" { XCTAssertFalse(answer.hasPrefix("HTTP/1.1 200"), "\(path): \(answer.prefix(60))") }
        }
        // The client's own page is served, with a policy that runs no inline script.
        let page = try raw(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), String(page.prefix(80)))
        XCTAssertTrue(page.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"), String(page.prefix(600)))
        XCTAssertTrue(page.contains("X-Content-Type-Options: nosniff"))
        try assertStillServing()
    }

    func testBadFramesCloseTheConnection() throws {
        let cases: [(String, [UInt8])] = [
            ("binary", WebSocketClient.frame([1, 2, 3], opcode: 2)),
            ("not UTF-8", WebSocketClient.frame([0xFF, 0xFE, 0x80])),
            ("too big", WebSocketClient.frame(Array(repeating: 0x61, count: 9000))),
            ("too big in pieces", WebSocketClient.frame(Array(repeating: 0x61, count: 5000), final: false)
                + WebSocketClient.frame(Array(repeating: 0x61, count: 5000), opcode: 0)),
            ("reserved opcode", WebSocketClient.frame([1], opcode: 3)),
        ]
        for (name, bytes) in cases {
            let c = try WebSocketClient(port: port)
            c.writeAll(bytes)
            XCTAssertTrue(c.waitForClose(), name)
        }
        try assertStillServing()
    }

    func testAFloodIsStoppedAndTheConnectionClosed() throws {
        let c = try WebSocketClient(port: port)
        for _ in 0..<200 { c.send(#"{"type":"games"}"#) }
        XCTAssertEqual(c.next("error")?["code"] as? String, "too-fast")
        XCTAssertTrue(c.waitForClose())
        try assertStillServing()
    }

    func testConnectionsFromOneAddressAreBounded() throws {
        var open: [WebSocketClient] = []
        defer { open.forEach { $0.close() } }
        for _ in 0..<Self.limits.connectionsPerAddress { open.append(try WebSocketClient(port: port)) }
        XCTAssertThrowsError(try WebSocketClient(port: port), "one more from the same address")
        open.removeLast().close()
        // Once the server hears of the close, the address has room for one again (and only one).
        let deadline = Date() + 5
        var fresh: WebSocketClient?
        while fresh == nil && Date() < deadline {
            fresh = try? WebSocketClient(port: port)
            if fresh == nil { usleep(10_000) }
        }
        let again = try XCTUnwrap(fresh, "a connection closed makes room within 5 s")
        open.append(again)
        XCTAssertThrowsError(try WebSocketClient(port: port), "still no more than the limit")
        open.removeLast().close()
    }

    func testSlowClientsHoldNothingForLong() throws {
        // Half a request each, never finished: the server goes on serving, and closes them.
        var slow: [Int32] = []
        for _ in 0..<6 {
            let fd = try WebSocketClient.connect(port: port)
            _ = Array("GET / HTTP/1.1\r\nHost: 127".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            slow.append(fd)
        }
        try assertStillServing()
        // Each is closed by the server after its request timeout: recv sees the end.
        for fd in slow {
            var chunk = [UInt8](repeating: 0, count: 4096)
            var n = 0
            repeat { n = recv(fd, &chunk, chunk.count, 0) } while n > 0 || (n < 0 && errno == EINTR)
            // Closed by the server: an orderly end, or a reset when the server closed with the
            // half request unread. The guard's time-out (EAGAIN) would be the failure.
            let reason = errno
            XCTAssertTrue(n == 0 || (n < 0 && reason == ECONNRESET),
                          "the server closes a request that never ends (not the 10 s guard): recv \(n), errno \(reason)")
            close(fd)
        }
    }

    func testARunawayRuleAtOneTableDelaysNoOther() throws {
        let spinner = try WebSocketClient(port: port)
        defer { spinner.close() }
        spinner.send(["type": "create", "game": "spin"])
        XCTAssertNotNil(spinner.next("joined"))
        let sent = Date()
        spinner.send(["type": "input", "line": "go"])  // runs to its time limit (1 s of processor time)
        // Meanwhile another table is made and plays a move, within the runaway's second.
        try assertStillServing()
        let served = Date().timeIntervalSince(sent)
        XCTAssertLessThan(served, 1.0, "another table waited \(served) s beside a runaway step")
        // The spinning table's step ends by its budget, after the other table was served, and
        // the table goes on.
        let failed = try XCTUnwrap(spinner.next { $0["type"] as? String == "step" && $0["input"] as? String == "go" })
        XCTAssertGreaterThan(Date().timeIntervalSince(sent), served, "the runaway was still running while the other table played")
        XCTAssertEqual(failed["code"] as? String, "budget")
    }

    func testAHostileGlobalTableIsServedLikeAnyOther() throws {
        let c = try WebSocketClient(port: port)
        defer { c.close() }
        c.send(["type": "create", "game": "hostile-globals"])
        XCTAssertNotNil(c.next("joined"), "a table is created: \(c.all.map { String($0.prefix(200)) })")
        for k in 1...2 {
            c.send(["type": "input", "line": "up"])
            let step = c.next { $0["type"] as? String == "step" && $0["input"] as? String == "up" && $0["status"] as? String == "accepted" }
            XCTAssertNotNil(step, "move \(k) is answered: \(c.all.map { String($0.prefix(200)) })")
        }
        try assertStillServing()
    }

    func testARulesErrorNamesItsFileNotTheServersFolders() throws {
        let c = try WebSocketClient(port: port)
        defer { c.close() }
        c.send(["type": "create", "game": "boom"])
        XCTAssertNotNil(c.next("joined"))
        c.send(["type": "input", "line": "boom"])
        let failed = try XCTUnwrap(c.next { $0["type"] as? String == "step" && $0["input"] as? String == "boom" })
        let reason = try XCTUnwrap(failed["reason"] as? String, "\(failed)")
        XCTAssertTrue(reason.contains("boom.lua:"), reason)
        XCTAssertTrue(reason.contains("it went off"), reason)
        XCTAssertFalse(reason.contains("/"), "no folder of the server's: \(reason)")
        for text in c.all { XCTAssertFalse(text.contains(served.folder), text) }
    }

    /// A server of its own with `limits`, for `body`.
    func withServer(_ limits: ServerLimits, rules: [String: String] = [:], _ body: (Int) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "gamehost-bounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/data/gamehost/rules", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in rules { try text.write(toFile: folder + "/data/gamehost/rules/\(name).lua", atomically: true, encoding: .utf8) }
        let server = try ServeTests.makeServer(folder: folder, limits: limits)
        let port = try server.start(address: "127.0.0.1", port: 0)
        defer { server.stop() }
        try body(port)
    }

    func testTheTableLimitHoldsExactlyUnderSimultaneousCreates() throws {
        var limits = ServerLimits()
        limits.tables = 5
        try withServer(limits) { port in
            let creators = try (0..<12).map { _ in try WebSocketClient(port: port) }
            defer { creators.forEach { $0.close() } }
            // All twelve ask before any answer is read.
            for c in creators { c.send(["type": "create", "game": "rps"]) }
            let answers = creators.compactMap { c in c.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" } }
            XCTAssertEqual(answers.count, 12)
            XCTAssertEqual(answers.filter { $0["type"] as? String == "joined" }.count, 5)
            XCTAssertEqual(answers.filter { $0["code"] as? String == "server-full" }.count, 7)
        }
    }

    /// A table's search thinks on the thinking threads: with every table thread's worth of
    /// search tables thinking (a second each, a slow rule's), a new table
    /// of Rock · Paper · Scissors starts and answers its move before any of them has moved.
    func testASearchingTableNeverHoldsAThreadAnotherTableNeeds() throws {
        var limits = ServerLimits()
        limits.tableThreads = 2
        // One thinking thread a table (their priority is lower: a busy machine slows them).
        limits.thinkingThreads = 3
        // Thought bounded by time here (a second each), for a measure the test can see.
        limits.thinking.stepCeiling = nil
        limits.thinking.ceiling = 1
        // The search seat moves first; each scratch move burns a little processor time, so a
        // move's 300 scratch games run to the ceiling of a second set above.
        let slow = """
            return {
              id = "slow-think", title = "Slow Think", players = 2,
              setup = function() return { n = 0 } end,
              turn = function(state) return state.n % 2 == 0 and 2 or 1 end,
              view = function(state) return "n = " .. state.n end,
              moves = function() return { "a", "b" } end,
              play = function(state) local x = 0 for i = 1, 100000 do x = x + i end state.n = state.n + 1 end,
              result = function(state) if state.n >= 40 then return { winner = 1, summary = "done" } end end,
            }
            """
        try withServer(limits, rules: ["slow-think": slow]) { port in
            let thinkers = try (0..<3).map { _ in try WebSocketClient(port: port) }
            defer { thinkers.forEach { $0.close() } }
            let began = Date()
            for c in thinkers { c.send(["type": "create", "game": "slow-think", "seats": ["person", "search"]]) }
            // Their searches begin (a table is joined once its first moves are played).
            usleep(300_000)
            let player = try WebSocketClient(port: port)
            defer { player.close() }
            let asked = Date()
            player.send(["type": "create", "game": "rps", "options": ["match": "single"], "seats": ["person", "bot"]])
            XCTAssertNotNil(player.next(ServeTests.yourTurn), "\(player.all)")
            // Rock until the game is decided (a tie is thrown again).
            var over = false
            for _ in 0..<20 where !over {
                player.send(["type": "input", "line": "rock"])
                let mine = player.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" }
                over = mine?["over"] as? Bool ?? false
                if !over { _ = player.next(ServeTests.yourTurn) }
            }
            XCTAssertTrue(over, "\(player.all.suffix(2))")
            let answered = Date().timeIntervalSince(asked)
            // The first search's table is joined after its second of thought (longer on a busy
            // machine: the thinking threads' priority is lower, and this waits 10 s at most);
            // the other table was answered in a fraction of that (before, it waited for a
            // thread as long).
            _ = thinkers[0].next { $0["type"] as? String == "step" && $0["seat"] as? Int == 2 }
            let thought = Date().timeIntervalSince(began)
            XCTAssertLessThan(answered, thought / 2, "the other table waited \(answered) s while a search thought \(thought) s")
        }
    }

    func testOneAddressCannotFillTheServer() throws {
        var limits = ServerLimits()
        limits.tablesPerAddress = 2
        try withServer(limits) { port in
            let c = try WebSocketClient(port: port)
            defer { c.close() }
            for k in 1...3 {
                c.send(["type": "create", "game": "rps"])
                let answer = try XCTUnwrap(c.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" })
                XCTAssertEqual(answer["type"] as? String, k <= 2 ? "joined" : "error", "table \(k)")
                if k == 3 { XCTAssertEqual(answer["code"] as? String, "too-many-tables") }
            }
        }
    }

    func testReconnectingRefillsNoMessageAllowance() throws {
        var limits = ServerLimits()
        limits.addressMessagesPerSecond = 1
        limits.addressMessageBurst = 10
        try withServer(limits) { port in
            let first = try WebSocketClient(port: port)
            for _ in 0..<12 { first.send(["type": "games"]) }
            XCTAssertEqual(first.next("error")?["code"] as? String, "too-fast")
            first.close()
            // A new connection from the same address: still too fast, at its first messages.
            let second = try WebSocketClient(port: port)
            defer { second.close() }
            for _ in 0..<3 { second.send(["type": "games"]) }
            XCTAssertEqual(second.next("error")?["code"] as? String, "too-fast")
        }
    }

    func testATablesStoredHistoryIsBounded() throws {
        var limits = ServerLimits()
        limits.storedInputsPerTable = 3
        try withServer(limits) { port in
            let c = try WebSocketClient(port: port)
            defer { c.close() }
            c.send(["type": "create", "game": "rps", "options": ["match": "best-of-99"]])
            XCTAssertNotNil(c.next("joined"))
            for k in 1...3 {
                c.send(["type": "input", "line": "rock"])
                XCTAssertNotNil(c.next { $0["type"] as? String == "step" && $0["input"] as? String == "rock" }, "input \(k)")
            }
            c.send(["type": "input", "line": "rock"])
            let closed = try XCTUnwrap(c.next { $0["type"] as? String == "closed" || ($0["type"] as? String == "step" && $0["input"] as? String == "rock") })
            XCTAssertEqual(closed["type"] as? String, "closed", "\(closed)")
            XCTAssertTrue((closed["reason"] as? String ?? "").contains("most moves"), "\(closed)")
        }
    }

    /// A rule that reads the clock all through a step: its readings are stored with the move
    /// and count against the table's bytes, so the store cannot grow past the bound; the move
    /// past it is never shown.
    func testClockReadingsCountAgainstATablesStoredBytes() throws {
        var limits = ServerLimits()
        limits.storedBytesPerTable = 100_000
        let clocky = """
            return { id = "clocky", title = "Clocky", setup = function() return { n = 0 } end,
              view = function(state) return "n = " .. state.n end, moves = function() return { "go" } end,
              play = function(state) for _ = 1, 20000 do os.clock() end state.n = state.n + 1 end,
              result = function() end }
            """
        try withServer(limits, rules: ["clocky": clocky]) { port in
            let c = try WebSocketClient(port: port)
            defer { c.close() }
            c.send(["type": "create", "game": "clocky"])
            XCTAssertNotNil(c.next("joined"))
            c.send(["type": "input", "line": "go"])
            let closed = try XCTUnwrap(c.next { $0["type"] as? String == "closed" || ($0["type"] as? String == "step" && $0["input"] as? String == "go") })
            XCTAssertEqual(closed["type"] as? String, "closed", "a step whose readings pass the bound was shown: \(closed)")
            XCTAssertTrue((closed["reason"] as? String ?? "").contains("most moves"), "\(closed)")
        }
    }

    func testTablesPerServerAreBounded() throws {
        // A server of its own, with room for three tables.
        let folder = NSTemporaryDirectory() + "gamehost-full-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var limits = ServerLimits()
        limits.tables = 3
        let server = try ServeTests.makeServer(folder: folder, limits: limits)
        let port = try server.start(address: "127.0.0.1", port: 0)
        defer { server.stop() }
        var creators: [WebSocketClient] = []
        defer { creators.forEach { $0.close() } }
        for k in 0..<4 {
            let c = try WebSocketClient(port: port)
            creators.append(c)
            c.send(["type": "create", "game": "rps"])
            let answer = try XCTUnwrap(c.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" })
            XCTAssertEqual(answer["type"] as? String, k < 3 ? "joined" : "error", "table \(k + 1)")
            if k == 3 { XCTAssertEqual(answer["code"] as? String, "server-full") }
        }
    }

    /// Whether a sanitizer runs the tests (scripts/sanitize): its shadow memory grows with
    /// every allocation, so the process's memory says nothing of the server's bounds then.
    static var underSanitizer: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["TSAN_OPTIONS"] != nil || environment["ASAN_OPTIONS"] != nil
    }

    /// The memory this process holds now, in bytes (the server runs in the test's process).
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    func testAFrameOverTheLimitIsRefusedBeforeItIsRead() throws {
        // Four clients at once each declare a 256 MB frame and send what they can of it: each is
        // closed on the frame's header, and the server holds none of the payload.
        let before = Self.residentBytes()
        let clients = try (0..<4).map { _ in try WebSocketClient(port: port) }
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        let fds = clients.map(\.fd)
        DispatchQueue.concurrentPerform(iterations: fds.count) { k in
            // Writing fails once the server has closed the connection (or 64 MB went out).
            guard WebSocketClient.writeSome(WebSocketClient.frame([], claimedLength: 256 << 20), to: fds[k]) else { return }
            for _ in 0..<64 { guard WebSocketClient.writeSome(chunk, to: fds[k]) else { break } }
        }
        for (k, c) in clients.enumerated() { XCTAssertTrue(c.waitForClose(), "client \(k) is closed") }
        let grown = Self.residentBytes() - before
        if !Self.underSanitizer { XCTAssertLessThan(grown, 48 << 20, "the server held \(grown >> 20) MB for frames it refused") }
        try assertStillServing()
    }

    func testAMessageOverTheLimitInPiecesIsRefusedAtThePieceThatPassesIt() throws {
        let c = try WebSocketClient(port: port)
        // 4 KB, then a piece that declares 1 GB: refused on its header.
        c.writeAll(WebSocketClient.frame(Array(repeating: 0x61, count: 4096), final: false))
        c.writeAll(WebSocketClient.frame([], opcode: 0, claimedLength: 1 << 30))
        XCTAssertTrue(c.waitForClose())
        try assertStillServing()
    }

    func testHalfSentRequestsAreBoundedPerAddressAndOthersAreServed() throws {
        var limits = ServerLimits()
        limits.halfOpenRequestsPerAddress = 4
        limits.requestTimeoutMilliseconds = 20_000
        try withServer(limits) { port in
            // Twenty half requests from one address: four are held (until the request timeout),
            // the others are closed at once.
            var held: [Int32] = []
            defer { held.forEach { close($0) } }
            var closedAtOnce = 0
            for _ in 0..<20 {
                let fd = try WebSocketClient.connect(port: port)
                _ = Array("GET / HTTP/1.1\r\nHost: 127".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                var byte: UInt8 = 0
                let n = recv(fd, &byte, 1, 0)
                if n == 0 || (n < 0 && errno == ECONNRESET) { closedAtOnce += 1; close(fd) } else { held.append(fd) }
            }
            XCTAssertEqual(held.count, 4, "the address holds its four half requests")
            XCTAssertEqual(closedAtOnce, 16)
            // Another address is served at once, and a WebSocket from it plays.
            let page = try Self.get("/", port: port, from: "127.0.0.2")
            XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), String(page.prefix(80)))
            let other = try WebSocketClient(port: port, from: "127.0.0.2")
            defer { other.close() }
            other.send(["type": "create", "game": "rps", "options": ["match": "single"]])
            XCTAssertNotNil(other.next("joined"))
            // Once the held requests are given up, the first address is served again (as soon as
            // the server's threads see them closed: within five seconds on a loaded machine).
            held.forEach { close($0) }
            held = []
            var served = false
            for _ in 0..<250 where !served {
                served = (try? Self.get("/", port: port))?.hasPrefix("HTTP/1.1 200") == true
                if !served { usleep(20_000) }
            }
            XCTAssertTrue(served, "the address is served once its half requests are gone")
        }
    }

    /// A whole GET of `path`, its answer (up to the guard's 10 s).
    static func get(_ path: String, port: Int, from source: String? = nil) throws -> String {
        let fd = try WebSocketClient.connect(port: port, from: source)
        defer { close(fd) }
        _ = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            answer += chunk[..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func testAReaderThatFallsBehindIsClosedAndTheTableGoesOn() throws {
        var limits = ServerLimits()
        limits.outgoingBytesPerConnection = 64 << 10
        limits.messagesPerSecond = 10_000
        limits.messageBurst = 10_000
        limits.framesPerSecond = 10_000
        limits.frameBurst = 10_000
        limits.addressMessagesPerSecond = 10_000
        limits.addressMessageBurst = 10_000
        // Every step's view is 8 KB: a watcher that reads nothing falls behind fast.
        let rule = """
            return { id = "wide", title = "Wide", setup = function() return { n = 0 } end,
              view = function(state) return string.rep("x", 8000) .. state.n end, moves = function() return { "up" } end,
              play = function(state) state.n = state.n + 1 end, result = function() end }
            """
        try withServer(limits, rules: ["wide": rule]) { port in
            let player = try WebSocketClient(port: port)
            defer { player.close() }
            player.send(["type": "create", "game": "wide"])
            let code = try XCTUnwrap(player.next("joined")?["table"] as? String)
            let watcher = try WebSocketClient(port: port, receiveBuffer: 4096)
            defer { watcher.close() }
            watcher.send(["type": "watch", "table": code])
            // The watcher reads nothing more; the player moves 600 times and every move is
            // answered in turn.
            for k in 1...600 {
                player.send(["type": "input", "line": "up"])
                XCTAssertNotNil(player.next { $0["type"] as? String == "step" && $0["input"] as? String == "up" }, "move \(k) is answered")
            }
            // The watcher was closed once it was more than the bound behind: what it reads now
            // ends, well before the 600 steps.
            XCTAssertTrue(watcher.waitForClose())
            let steps = watcher.all.filter { $0.contains("\"step\"") && $0.contains("\"input\"") }.count
            XCTAssertLessThan(steps, 600, "the watcher got \(steps) steps")
        }
    }

    func testTheTablesTogetherHoldNoMoreThanTheirMemoryBound() throws {
        var limits = ServerLimits()
        limits.tablesMemoryBytes = 40 << 20
        // Each move keeps `n` MB more in the table's state: well within a rule's own 64 MB.
        let rule = """
            return { id = "hog", title = "Hog", setup = function() return { keep = {} } end,
              view = function(state) return #state.keep .. " blocks" end, moves = function() return { "8", "24" } end,
              play = function(state, input) state.keep[#state.keep + 1] = string.rep("x", tonumber(input) << 20) end,
              result = function() end }
            """
        try withServer(limits, rules: ["hog": rule]) { port in
            let ann = try WebSocketClient(port: port), bob = try WebSocketClient(port: port, from: "127.0.0.2")
            defer { ann.close(); bob.close() }
            for c in [ann, bob] {
                c.send(["type": "create", "game": "hog"])
                XCTAssertNotNil(c.next("joined"))
            }
            func move(_ c: WebSocketClient, _ line: String) -> [String: Any]? {
                c.send(["type": "input", "line": line])
                return c.next { $0["type"] as? String == "step" && $0["input"] as? String == line }
            }
            // Ann's table keeps 16 MB; Bob's 24 MB more would pass the 40 MB they share.
            XCTAssertEqual(move(ann, "8")?["status"] as? String, "accepted")
            XCTAssertEqual(move(ann, "8")?["status"] as? String, "accepted")
            let refused = try XCTUnwrap(move(bob, "24"))
            XCTAssertNotEqual(refused["status"] as? String, "accepted", "\(refused)")
            XCTAssertTrue((refused["reason"] as? String ?? "").contains("hold their most memory together (40 MB)"), "\(refused)")
            // Within the bound, Bob's table goes on, and so does the server.
            XCTAssertEqual(move(bob, "8")?["status"] as? String, "accepted")
            try assertStillServing(port: port)
        }
    }

    func testPingsThatAreNeverReadCostABoundedQueueAndCloseTheConnection() throws {
        // At the frame rate limit: a flood of pings is stopped at once.
        let before = Self.residentBytes()
        let flood = try WebSocketClient(port: port, receiveBuffer: 4096)
        let ping = WebSocketClient.frame(Array(repeating: 0x70, count: 125), opcode: 9)
        let burst = Array((0..<1000).map { _ in ping }.joined())
        for _ in 0..<20 { guard WebSocketClient.writeSome(burst, to: flood.fd) else { break } }
        XCTAssertTrue(flood.waitForClose(), "a ping flood is closed")
        // Under the frame rate, pongs never read still count in the connection's queue.
        var limits = ServerLimits()
        limits.framesPerSecond = 1e9
        limits.frameBurst = 1e9
        limits.outgoingBytesPerConnection = 64 << 10
        try withServer(limits) { port in
            let c = try WebSocketClient(port: port, receiveBuffer: 4096)
            for _ in 0..<40 { guard WebSocketClient.writeSome(burst, to: c.fd) else { break } }
            XCTAssertTrue(c.waitForClose(), "a reader that never takes its pongs is closed")
        }
        let grown = Self.residentBytes() - before
        if !Self.underSanitizer { XCTAssertLessThan(grown, 48 << 20, "the server held \(grown >> 20) MB of pongs") }
        try assertStillServing()
    }

    func testRequestsHeldHalfSentFromManyAddressesShutOutNobody() throws {
        var limits = ServerLimits()
        limits.halfOpenRequestsPerAddress = 4
        limits.halfOpenRequests = 8
        limits.requestTimeoutMilliseconds = 20_000
        try withServer(limits) { port in
            // Two addresses fill every place of the server's with half requests.
            var held: [Int32] = []
            defer { held.forEach { close($0) } }
            for source in ["127.0.3.1", "127.0.3.2"] {
                for _ in 0..<4 {
                    let fd = try WebSocketClient.connect(port: port, from: source)
                    _ = Array("GET / HTTP/1.1\r\nHost: 127".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    held.append(fd)
                }
            }
            usleep(1_200_000)
            // A client from a third address is served: the oldest half request made room.
            let page = try Self.get("/", port: port, from: "127.0.0.9")
            XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), "served while others hold half requests: \(page.prefix(60))")
            // One of the half requests (the oldest of an address that holds the most) was shut.
            let shut = held.filter { fd in
                var byte: UInt8 = 0
                var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                let n = recv(fd, &byte, 1, 0)
                return n == 0 || (n < 0 && errno == ECONNRESET)
            }
            XCTAssertEqual(shut.count, 1, "one half request made room")
        }
    }

    func testAddressesThatDripRequestsShareThePlacesAndANewcomerIsServed() throws {
        var limits = ServerLimits()
        limits.halfOpenRequestsPerAddress = 4
        limits.halfOpenRequests = 8
        limits.requestTimeoutMilliseconds = 20_000
        try withServer(limits) { port in
            // Four addresses each hold their four half requests: twice the server's places.
            var held: [Int32] = []
            defer { held.forEach { close($0) } }
            for a in 1...4 {
                for _ in 0..<4 {
                    let fd = try WebSocketClient.connect(port: port, from: "127.0.4.\(a)")
                    _ = Array("GET / HTTP/1.1\r\nHost: 127".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    held.append(fd)
                }
            }
            // A newcomer, at once (no request of theirs has waited long): served, room made at
            // an address that holds the most.
            for k in 1...3 {
                let page = try Self.get("/", port: port, from: "127.0.0.\(10 + k)")
                XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), "newcomer \(k): \(page.prefix(60))")
            }
        }
    }

    func testAFullServerMakesRoomForAnAddressThatHoldsFewerConnections() throws {
        var limits = ServerLimits()
        limits.connections = 8
        limits.connectionsPerAddress = 4
        try withServer(limits) { port in
            let heavy = try (0..<8).map { k in try WebSocketClient(port: port, from: "127.0.8.\(1 + k / 4)") }
            defer { heavy.forEach { $0.close() } }
            // The server is full; an address at its own bound gets no more.
            XCTAssertThrowsError(try WebSocketClient(port: port, from: "127.0.8.1"))
            // A newcomer is taken, and one connection of an address that holds the most is
            // closed to make room (1013: try again later).
            let newcomer = try WebSocketClient(port: port, from: "127.0.0.9")
            defer { newcomer.close() }
            newcomer.send(["type": "create", "game": "rps", "options": ["match": "single"]])
            XCTAssertNotNil(newcomer.next("joined"))
            let closed = heavy.indices.filter { !heavy[$0].answersPing() }
            XCTAssertEqual(closed.count, 1, "one connection made room: closed \(closed.map { "\($0): \(heavy[$0].closeCode.map(String.init) ?? "no close frame")" })")
            XCTAssertEqual(closed.first.flatMap { heavy[$0].closeCode }, 1013, "try again later")
        }
    }

    func testAFullServerClosesATableNobodyIsAtToMakeRoom() throws {
        var limits = ServerLimits()
        limits.tables = 2
        limits.abandonedTableSeconds = 0.3
        try withServer(limits) { port in
            let ann = try WebSocketClient(port: port), bob = try WebSocketClient(port: port, from: "127.0.0.2")
            defer { ann.close(); bob.close() }
            // Ann makes a table and then another: nobody is at the first any more.
            ann.send(["type": "create", "game": "rps"])
            let first = try XCTUnwrap(ann.next("joined")?["table"] as? String)
            ann.send(["type": "create", "game": "rps"])
            XCTAssertNotNil(ann.next { $0["type"] as? String == "joined" && $0["table"] as? String != first })
            // While the first is fresh, the server is full.
            bob.send(["type": "create", "game": "rps"])
            XCTAssertEqual(bob.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" }?["code"] as? String, "server-full")
            usleep(400_000)
            // Left for a while: it makes room for Bob's table; Ann's table, where she is, stays.
            bob.send(["type": "create", "game": "rps"])
            XCTAssertEqual(bob.next { $0["type"] as? String == "joined" || $0["type"] as? String == "error" }?["type"] as? String, "joined")
            let eve = try WebSocketClient(port: port, from: "127.0.0.3")
            defer { eve.close() }
            eve.send(["type": "join", "table": first, "name": "Eve"])
            XCTAssertEqual(eve.next("error")?["code"] as? String, "no-table")
        }
    }
}
