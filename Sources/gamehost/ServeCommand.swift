import GameCore
import GameServer
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost serve [--port N] [--bind ADDRESS] [--data DIR|none] [--store postgresql://...]`:
/// tables over the network and the browser client, until Ctrl-C or SIGTERM. Open tables are
/// kept in DIR/serve.db (or the PostgreSQL database) and go on at the next start.
func serve(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    guard args.positional.isEmpty else { throw CLIError.usage("serve takes no games: people choose them in the lobby") }
    let port = try args.take("port").map { text -> Int in
        guard let n = Int(text), (0...65535).contains(n) else { throw CLIError.usage("--port needs a port from 0 to 65535, not '\(text)'") }
        return n
    } ?? 8080
    let address = try args.take("bind") ?? "127.0.0.1"
    guard address.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }), address.split(separator: ".").count == 4 else {
        throw CLIError.usage("--bind needs an IPv4 address such as 0.0.0.0 or 192.168.1.5, not '\(address)'")
    }
    let store = try args.take("store")
    var limits = ServerLimits()
    if let text = try args.take("max-tables") {
        guard let n = Int(text), (1...100_000).contains(n) else { throw CLIError.usage("--max-tables needs a number from 1 to 100000") }
        limits.tables = n
    }
    if let text = try args.take("max-connections-per-address") {
        guard let n = Int(text), (1...10_000).contains(n) else { throw CLIError.usage("--max-connections-per-address needs a number from 1 to 10000") }
        limits.connectionsPerAddress = n
        limits.connections = max(limits.connections, n)
    }
    if let text = try args.take("max-tables-per-address") {
        guard let n = Int(text), (1...100_000).contains(n) else { throw CLIError.usage("--max-tables-per-address needs a number from 1 to 100000") }
        limits.tablesPerAddress = n
    }
    if let text = try args.take("max-messages-per-address") {
        guard let n = Int(text), (1...1_000_000).contains(n) else { throw CLIError.usage("--max-messages-per-address needs a number (a second) from 1 to 1000000") }
        limits.addressMessagesPerSecond = Double(n)
        limits.addressMessageBurst = Double(2 * n)
    }
    if let text = try args.take("host-name") {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed.lowercased() }
        guard !names.isEmpty, names.allSatisfy({ name in !name.isEmpty && name.utf8.count <= 253
            && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 } }) else {
            throw CLIError.usage("--host-name needs the names people reach the server by, such as games.example.org (several: a,b), not '\(TerminalText.plain(text))'")
        }
        limits.hostNames = Set(names)
    }
    try args.refuseOtherOptions("serve takes --port, --bind, --data, --store, --host-name, --max-tables, --max-tables-per-address, --max-connections-per-address and --max-messages-per-address")
    let catalog = catalog()
    let data: String? = settings.data == "none" ? nil : (settings.data ?? dataHome + "/gamehost")
    let web = catalog.builtIn.map { FileSystem.join(FileSystem.directory(of: $0), "web") }.flatMap { FileSystem.isDirectory($0) ? $0 : nil }
    let server: GameServer
    let bound: Int
    do {
        server = try GameServer(catalog: catalog, dataHome: dataHome, data: data, store: store, web: web, limits: limits)
        bound = try server.start(address: address, port: port)
    } catch {
        throw CLIError.failure("serve: \(error)")
    }
    let shown = address == "0.0.0.0" ? "127.0.0.1" : address
    stdout_.write("GameHost is serving at http://\(shown):\(bound)/ (Ctrl-C stops it)\n", style: .title)
    if address != "127.0.0.1" {
        stdout_.write("Open to the network on \(address): anyone who can reach this machine can create and join tables.\n", style: .message)
    }
    if web == nil { stdout_.write("(no browser client found: programs can still play over ws://\(shown):\(bound)/ws)\n", style: .dim) }
    let waiting = server.tablesToRebuild + server.tableCount
    if waiting > 0 { stdout_.write("\(waiting) open table(s) are being rebuilt (a table asked for is rebuilt first).\n", style: .plain) }
    let broken = server.brokenTables
    if !broken.isEmpty {
        stdout_.write("\(broken.count) table(s) could not be rebuilt and are kept in the store, not played: \(broken.prefix(5).map(\.code).joined(separator: ", "))\(broken.count > 5 ? ", ..." : "")\n", style: .message)
    }
    // SIGINT and SIGTERM stop the server in order (blocked in every thread: Interrupts).
    Interrupts.waitForStop()
    server.stop()
    stdout_.write("Stopped; open tables go on at the next start.\n", style: .plain)
    return 0
}
