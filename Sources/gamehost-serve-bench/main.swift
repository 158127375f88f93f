import CCivetweb
import Locking
#if canImport(Glibc)
import Glibc
#endif

// `gamehost serve` under load, on loopback: N tables of Rock · Paper · Scissors with two
// scripted players each (civetweb's own WebSocket client), moves sent at a fixed rate for a
// fixed time. It reports steps a second, the latency from a move sent to its step received
// (p50, p99), the server's memory per idle table, and whether every move was stored once: the
// server is then killed, started again, and each table must rebuild to the step its players
// last saw. Usage: gamehost-serve-bench GAMEHOST [TABLES] [SECONDS] [STEPS_PER_SECOND]
// or gamehost-serve-bench --steps N GAMEHOST (see `servedSteps`).
// GAMEHOST_BENCH_WRAP: words to run the server under (valgrind and its options).
// With GAMEHOST_BENCH_STORE (a PostgreSQL address) the servers keep their tables there, and
// GAMEHOST_BENCH_SERVERS of them (1 to 3) share it: each table is made on one server and its
// second seat taken on the next, so every step crosses from one server to another.

let arguments = CommandLine.arguments
/// `--steps N`: no load, no timing; one table of two people, N inputs served one after another
/// (for `Benchmarks/budgets`, which runs the server under callgrind through
/// GAMEHOST_BENCH_WRAP and counts a served step's instructions).
let servedSteps: Int? = arguments.count > 2 && arguments[1] == "--steps" ? Int(arguments[2]) : nil
let rest = Array(arguments.dropFirst(servedSteps == nil ? 1 : 3))
let gamehost = rest.count > 0 ? rest[0] : ".build/release/gamehost"
let tableCount = servedSteps != nil ? 1 : rest.count > 1 ? Int(rest[1]) ?? 200 : 200
let seconds = rest.count > 2 ? Double(rest[2]) ?? 20 : 20
let rate = rest.count > 3 ? Double(rest[3]) ?? 2000 : 2000
let store = getenv("GAMEHOST_BENCH_STORE").map { String(cString: $0) }
let serverCount = store == nil ? 1 : max(1, min(3, getenv("GAMEHOST_BENCH_SERVERS").flatMap { Int(String(cString: $0)) } ?? 1))

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A line to standard output at once (through its descriptor: the C `stdout` global is shared
/// mutable state to the compiler).
func say(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
}

/// The server as a child process: its pid and port.
func startServer(data: String) -> (pid: pid_t, port: Int) {
    var pipeEnds: [Int32] = [0, 0]
    pipe(&pipeEnds)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Every player connects from 127.0.0.1: room for them all from one address (two a table,
    // the storm's makers, a seat back for each table after the restart), and no more, since
    // civetweb starts a thread for every connection allowed before the server listens.
    let words = [gamehost, "serve", "--port", "0", "--data", data, "--max-tables", "5000", "--max-tables-per-address", "5000",
                 "--max-connections-per-address", String(max(64, 3 * tableCount + 16)), "--max-messages-per-address", "100000"] + (store.map { ["--store", $0] } ?? [])
    let wrapper = getenv("GAMEHOST_BENCH_WRAP").map { String(cString: $0).split(separator: " ").map(String.init) } ?? []
    let argv: [UnsafeMutablePointer<CChar>?] = (wrapper + words).map { strdup($0) } + [nil]
    var pid: pid_t = 0
    guard posix_spawnp(&pid, argv[0]!, &actions, nil, argv, environ) == 0 else { say("cannot run \(gamehost)"); exit(1) }
    close(pipeEnds[1])
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(pipeEnds[0], &byte, 1) == 1 && byte != 10 { line.append(byte) }
    let text = String(decoding: line, as: UTF8.self)
    guard let at = text.firstRange(of: "127.0.0.1:"), let port = Int(text[at.upperBound...].prefix { $0.isNumber }) else {
        say("the server did not start: \(text)")
        exit(1)
    }
    return (pid, port)
}

/// The text of a C string in a buffer (up to its terminating zero).
func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func residentKB(_ pid: pid_t) -> Int {
    guard let f = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(f) }
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, 256, f) != nil {
        let line = text(buffer)
        if line.hasPrefix("VmRSS:") { return Int(line.split(separator: " ")[1]) ?? 0 }
    }
    return 0
}

/// One scripted player: a WebSocket connection, the seat it holds, and what it has seen.
final class Player: @unchecked Sendable {
    // Sound as Sendable: what changes is under `state`'s lock, but `connection`, written once
    // in init: no callback reads it before, as the server sends nothing to a client that has
    // not spoken, and the player speaks only after init.
    struct State {
        var joined: (table: String, seat: Int, token: String)?
        var lastStep = -1
        var lastGame = 0
        var ready = false
        var answer = "rock"
        var sentAt: Double?
        /// Latencies of moves answered while no tables were being made.
        var latencies: [Double] = []
        /// Latencies of moves answered while another thread made tables as fast as it could.
        var stormLatencies: [Double] = []
        var sent = 0
        var answered = 0
        var duplicates = 0
        var seen: Set<String> = []
    }
    let state = Locked(State())
    /// Whether tables are being made meanwhile (the create storm).
    static let storming = Locked(false)
    var connection: OpaquePointer?
    let signs = ["rock", "paper", "scissors"]

    init(port: Int) {
        var error = [CChar](repeating: 0, count: 256)
        let me = Unmanaged.passRetained(self).toOpaque()
        connection = mg_connect_websocket_client("127.0.0.1", Int32(port), 0, &error, error.count, "/ws", nil, { _, bits, data, length, user in
            guard bits & 0x0F == 1, let data else { return 1 }
            let player = Unmanaged<Player>.fromOpaque(user!).takeUnretainedValue()
            player.received(String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self))
            return 1
        }, { _, _ in }, me)
        if connection == nil { say("cannot connect: \(text(error))"); exit(1) }
        Player.sendAtOnce()
    }

    /// Civetweb's client writes a frame's head and its payload apart, and gives no way to its
    /// socket: Nagle's algorithm would then hold each move back for the peer's delayed ack
    /// (40 ms). So every TCP socket of the process is set to send at once.
    static func sendAtOnce() {
        var on: Int32 = 1
        for fd in Int32(3)..<Int32(8192) {
            var type: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_STREAM.rawValue) else { continue }
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    func send(_ text: String) {
        var text = text
        _ = text.withUTF8 { mg_websocket_client_write(connection, 1, $0.baseAddress, $0.count) }
    }

    /// Reads only what it needs of a message, without parsing the whole object: the bench must
    /// cost the machine as little as it can, since it shares the cores with the server. One
    /// pass finds the object's own keys (depth 1: a view's elements have keys of the same
    /// names, such as "type") and where each value lies.
    func received(_ text: String) {
        let bytes = Array(text.utf8)
        var values: [String: Range<Int>] = [:]
        var depth = 0, i = 0, key: String?
        while i < bytes.count {
            let b = bytes[i]
            if b == 34 {  // a string: a key at depth 1, or a value
                var end = i + 1
                while end < bytes.count && bytes[end] != 34 { end += bytes[end] == 92 ? 2 : 1 }
                if depth == 1 && key == nil && end + 1 < bytes.count && bytes[end + 1] == 58 {
                    key = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                    i = end + 2
                    continue
                }
                if depth == 1, let k = key { values[k] = (i + 1)..<min(end, bytes.count); key = nil }
                i = end + 1
                continue
            }
            if b == 123 || b == 91 { depth += 1; if depth == 2, let k = key { values[k] = i..<i; key = nil } }
            else if b == 125 || b == 93 { depth -= 1 }
            else if depth == 1, let k = key, b != 32 {  // a number, true, false or null
                var end = i
                while end < bytes.count && bytes[end] != 44 && bytes[end] != 125 { end += 1 }
                values[k] = i..<end
                key = nil
                i = end
                continue
            }
            i += 1
        }
        func field(_ name: String) -> Substring? {
            values[name].map { Substring(String(decoding: bytes[$0], as: UTF8.self)) }
        }
        state.withLock { s in
            switch field("type") {
            case "joined":
                if let table = field("table"), let seat = field("seat").flatMap({ Int($0) }), let token = field("token") {
                    s.joined = (String(table), seat, String(token))
                }
            case "step":
                let game = field("game_number").flatMap { Int($0) } ?? 0, step = field("step").flatMap { Int($0) } ?? 0
                let seat = field("seat").flatMap { Int($0) }, input = field("input")
                let key = "\(game).\(step).\(seat ?? 0).\(input ?? "")"
                if !s.seen.insert(key).inserted { s.duplicates += 1 }
                s.lastGame = game
                s.lastStep = step
                // Our own move's step: its latency.
                if let seat, seat == s.joined?.seat, let sentAt = s.sentAt, input != nil, input != "null" {
                    // A move answered while tables are made counts under the storm, not in the
                    // quiet figure.
                    if Player.storming.withLock({ $0 }) { s.stormLatencies.append(now() - sentAt) } else { s.latencies.append(now() - sentAt) }
                    s.answered += 1
                    s.sentAt = nil
                }
                if field("your_turn") == "true" {
                    s.ready = true
                    s.answer = field("question") == "play-again" ? "y" : signs[Int.random(in: 0..<3)]
                }
            default: break
            }
        }
    }

    /// Sends its move when it has one to send; false when it has none now.
    func move() -> Bool {
        let line: String? = state.withLock { s in
            guard s.ready, s.sentAt == nil else { return nil }
            s.ready = false
            s.sentAt = now()
            s.sent += 1
            return s.answer
        }
        guard let line else { return false }
        send(#"{"type":"input","line":"\#(line)"}"#)
        return true
    }
}

@Sendable func waitUntil(_ limit: Double, _ condition: () -> Bool) -> Bool {
    let end = now() + limit
    while now() < end {
        if condition() { return true }
        usleep(2000)
    }
    return condition()
}

/// Serves `steps` inputs at one table of two people, one after another, each answered before
/// the next is sent: the same throw each time, so every run does the same work. The server is
/// then stopped as Ctrl-C would (so a callgrind around it writes its counts). A connection may
/// send 40 messages at once: at most 80 inputs.
func serveSteps(_ steps: Int) -> Never {
    guard (0...80).contains(steps) else { say("--steps takes 0 to 80 inputs"); exit(2) }
    _ = mg_init_library(0)
    var template = Array("/tmp/gamehost-serve-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { exit(1) }
    let data = String(cString: made)
    let server = startServer(data: data)
    func stop() {
        kill(server.pid, SIGTERM)
        var status: Int32 = 0
        waitpid(server.pid, &status, 0)
        _ = system("rm -rf '\(data)'")
    }
    func fail(_ text: String) -> Never {
        say(text)
        stop()
        exit(1)
    }
    let ann = Player(port: server.port)
    ann.send(#"{"type":"create","game":"rps","options":{"match":"best-of-99"},"seats":["person","person"],"name":"ann"}"#)
    guard waitUntil(60, { ann.state.withLock { $0.joined != nil } }), let table = ann.state.withLock({ $0.joined?.table }) else {
        fail("the table was not made")
    }
    let bob = Player(port: server.port)
    bob.send(#"{"type":"join","table":"\#(table)","name":"bob"}"#)
    guard waitUntil(60, { bob.state.withLock { $0.joined != nil } }) else { fail("the second seat was not taken") }
    for k in 0..<steps {
        let player = k % 2 == 0 ? ann : bob
        let before = player.state.withLock { s in
            s.sentAt = now()
            s.sent += 1
            return s.answered
        }
        player.send(#"{"type":"input","line":"rock"}"#)
        guard waitUntil(60, { player.state.withLock { $0.answered } > before }) else { fail("input \(k + 1) was not answered") }
    }
    stop()
    say("\(steps) inputs served")
    exit(0)
}
if let servedSteps { serveSteps(servedSteps) }

_ = mg_init_library(0)
var template = Array("/tmp/gamehost-serve-bench-XXXXXX".utf8CString)
guard let made = mkdtemp(&template) else { exit(1) }
let data = String(cString: made)
var server = startServer(data: data)
// The other servers of a shared store, each with a data folder of its own.
let others = (1..<serverCount).map { k in startServer(data: data + "/server\(k)") }
let ports = [server.port] + others.map(\.port)
usleep(300_000)
let idleBefore = residentKB(server.pid)

// The tables: ann creates each (seat 1), bob joins it (seat 2), on the next server when
// several share the store.
var pairs: [(Player, Player)] = []
for k in 0..<tableCount {
    let ann = Player(port: ports[k % ports.count])
    ann.send(#"{"type":"create","game":"rps","options":{"match":"best-of-99"},"seats":["person","person"],"name":"ann"}"#)
    guard waitUntil(10, { ann.state.withLock { $0.joined != nil } }), let table = ann.state.withLock({ $0.joined?.table }) else {
        say("a table was not created"); exit(1)
    }
    let bob = Player(port: ports[(k + 1) % ports.count])
    bob.send(#"{"type":"join","table":"\#(table)","name":"bob"}"#)
    guard waitUntil(10, { bob.state.withLock { $0.joined != nil } }) else { say("a seat was not taken"); exit(1) }
    pairs.append((ann, bob))
}
usleep(500_000)
let idleAfter = residentKB(server.pid)
let perTable = Double(idleAfter - idleBefore) / Double(tableCount)

/// Runs `body` on a thread of its own.
@Sendable func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    pthread_create(&thread, nil, { raw in
        Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, Unmanaged.passRetained(Box(body)).toOpaque())
    return thread
}

/// The create storm: from the run's half-way point, eight makers make tables one after another
/// as fast as the server answers (up to 1,000 in all), while the players go on. A connection
/// may send 40 messages at once and 20 a second after that (more, and the server closes it),
/// so each maker moves to a new connection after `createsPerConnection` tables, as a storm of
/// many people would come: the storm is then bounded by the server, not by that limit.
let stormMade = Locked(0)
let stormSeconds = Locked(0.0)
let createsPerConnection = 30
@Sendable func createStorm(port: Int, until end: Double) {
    let began = now()
    let makerCount = getenv("GAMEHOST_BENCH_MAKERS").flatMap { Int(String(cString: $0)) } ?? 8
    let threads = (0..<makerCount).map { _ in
        spawn {
            var maker = Player(port: port), made = 0
            while now() < end && stormMade.withLock({ $0 }) < 1000 {
                if made == createsPerConnection {
                    // (The old connection stays open, its tables' first seat held: closing a
                    // client connection waits some two seconds for civetweb's reading thread.)
                    maker = Player(port: port)
                    made = 0
                }
                maker.state.withLock { $0.joined = nil }
                let t0 = now()
                maker.send(#"{"type":"create","game":"rps","options":{"match":"single"},"seats":["person","bot"],"name":"storm"}"#)
                guard waitUntil(10, { maker.state.withLock { $0.joined != nil } }) else { say("  a table asked for in the storm was not made"); return }
                made += 1
                if getenv("GAMEHOST_BENCH_TRACE") != nil { say("create \(Int((now() - t0) * 1e6)) us at \(Int(t0 * 1000) % 100000)") }
                stormMade.withLock { $0 += 1 }
            }
        }
    }
    for thread in threads { pthread_join(thread, nil) }
    // Moves made from here on are quiet again.
    Player.storming.withLock { $0 = false }
    stormSeconds.withLock { $0 = now() - began }
}

// Moves at `rate` a second, each from the next player with a move to make; the second half
// of the time under a create storm.
let players = pairs.flatMap { [$0.0, $0.1] }
let start = now()
var next = 0, sends = 0
var storm: pthread_t?
let stormPort = server.port
while now() - start < seconds {
    if storm == nil && now() - start >= seconds / 2 {
        Player.storming.withLock { $0 = true }
        let end = start + seconds
        storm = spawn { createStorm(port: stormPort, until: end) }
    }
    let due = Int((now() - start) * rate)
    while sends < due {
        var tried = 0
        while tried < players.count && !players[next].move() { next = (next + 1) % players.count; tried += 1 }
        next = (next + 1) % players.count
        sends += 1
        if tried == players.count { break }
    }
    usleep(500)
}
_ = waitUntil(5) { players.allSatisfy { $0.state.withLock { $0.sentAt == nil } } }
// Every seat has seen its table's last step (on a shared store, a step reaches the other
// server's seat once that server has heard of it).
_ = waitUntil(5) { pairs.allSatisfy { pair in pair.0.state.withLock { ($0.lastGame, $0.lastStep) } == pair.1.state.withLock { ($0.lastGame, $0.lastStep) } } }
let elapsed = now() - start
if let storm { pthread_join(storm, nil) }
Player.storming.withLock { $0 = false }
let states = players.map { $0.state.withLock { $0 } }
let latencies = states.flatMap(\.latencies).sorted()
let stormLatencies = states.flatMap(\.stormLatencies).sorted()
let sent = states.map(\.sent).reduce(0, +), answered = states.map(\.answered).reduce(0, +)
let duplicates = states.map(\.duplicates).reduce(0, +)
func percentile(_ p: Double, of list: [Double] = latencies) -> Double { list.isEmpty ? 0 : list[min(list.count - 1, Int(Double(list.count) * p))] * 1000 }
let stepsPerSecond = Double(answered) / elapsed

// Killed and started again (every server of the store killed, one started): every table
// rebuilds from its stored inputs to the step its players last saw.
for other in others {
    kill(other.pid, SIGKILL)
    waitpid(other.pid, nil, 0)
}
kill(server.pid, SIGKILL)
waitpid(server.pid, nil, 0)
let restartedAt = now()
server = startServer(data: data)
let listening = now() - restartedAt
var rebuilt = 0
var firstAnswer: Double?
for (ann, _) in pairs {
    let (table, token, last) = ann.state.withLock { ($0.joined!.table, $0.joined!.token, ($0.lastGame, $0.lastStep)) }
    let again = Player(port: server.port)
    again.send(#"{"type":"join","table":"\#(table)","token":"\#(token)"}"#)
    // A seat back gets the steps it missed first: the last one it gets is where it was.
    if waitUntil(10, { again.state.withLock { ($0.lastGame, $0.lastStep) == last } }) { rebuilt += 1 }
    if firstAnswer == nil { firstAnswer = now() - restartedAt }
}
kill(server.pid, SIGKILL)

func fmt(_ x: Double) -> String { String((x * 100).rounded() / 100) }
let where_ = store == nil ? "serve.db (SQLite), 1 server" : "PostgreSQL, \(serverCount) server\(serverCount == 1 ? "" : "s") sharing it"
say("gamehost serve, \(tableCount) tables of 2 seats (RPS), \(Int(seconds)) s at \(Int(rate)) moves a second asked, tables in \(where_):")
say("  steps per second: \(fmt(stepsPerSecond))  (bar: 2000)")
say("  step latency, move sent to its step received (no tables being made meanwhile): p50 \(fmt(percentile(0.5))) ms, p99 \(fmt(percentile(0.99))) ms  (bar: p99 <= 20 ms; goal 5 ms at 5000 steps a second)")
let stormTables = stormMade.withLock { $0 }, stormTime = stormSeconds.withLock { $0 }
say("  under a create storm (\(stormTables) tables made in \(fmt(stormTime)) s, \(fmt(Double(stormTables) / max(stormTime, 0.001))) a second): p50 \(fmt(percentile(0.5, of: stormLatencies))) ms, p99 \(fmt(percentile(0.99, of: stormLatencies))) ms  (bar: p99 <= 20 ms)")
say("  server memory per idle table: \(fmt(perTable / 1024)) MB  (bar: <= 1 MB)")
say("  moves sent \(sent), answered \(answered), lost \(sent - answered), duplicated \(duplicates)  (bar: 0 lost, 0 duplicated)")
say("  tables rebuilt after kill -9 at the step their players last saw: \(rebuilt) of \(tableCount)  (bar: all)")
say("  after kill -9, listening in \(fmt(listening * 1000)) ms with \(tableCount + stormMade.withLock { $0 }) tables to rebuild; the first table asked for answered in \(fmt((firstAnswer ?? 0) * 1000)) ms  (bar: listening within 500 ms)")
if getenv("GAMEHOST_BENCH_KEEP") == nil { _ = system("rm -rf '\(data)'") } else { say("  data kept in \(data)") }
exit(sent == answered && duplicates == 0 && rebuilt == tableCount ? 0 : 1)
