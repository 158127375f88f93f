import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for the tests: a cluster made with Debian's `initdb` in a
/// temporary folder, listening only on a Unix socket in that folder (no port is taken), with
/// fsync off (nothing in it outlives the tests). Started once for the test process, at its
/// first use, and stopped when the process exits. Each test gets a database of its own.
/// PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user that
/// Debian's package makes.
final class PostgreSQLCluster: @unchecked Sendable {
    let folder: String
    private let binaries: String
    private let asUser: [String]

    /// The cluster of the test process, started at the first call.
    static func shared() throws -> PostgreSQLCluster {
        try started.get()
    }
    private static let started = Result { try PostgreSQLCluster() }

    private init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let newest = versions.compactMap(Int.init).sorted().last.map({ "/usr/lib/postgresql/\($0)/bin" }),
              FileManager.default.isExecutableFile(atPath: newest + "/initdb") else {
            throw NSError(domain: "postgresql", code: 1, userInfo: [NSLocalizedDescriptionKey: "PostgreSQL is not installed (scripts/setup installs it)"])
        }
        binaries = newest
        folder = NSTemporaryDirectory() + "gamehost-pg-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        asUser = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        if getuid() == 0 { _ = try Self.run(["/bin/chown", "postgres", folder]) }
        _ = try Self.run(asUser + [binaries + "/initdb", "-D", folder + "/data", "-A", "trust", "-U", "gamehost", "--no-sync", "-E", "UTF8", "--locale=C"])
        // The server runs as this process's child (not through pg_ctl, which would leave it
        // holding what Foundation waits on to see pg_ctl end), its log in the folder.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/usr/bin/setpriv" : binaries + "/postgres")
        server.arguments = (getuid() == 0 ? ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", binaries + "/postgres"] : [])
            + ["-D", folder + "/data", "-k", folder, "-c", "listen_addresses=", "-p", "5432", "-c", "fsync=off",
               "-c", "full_page_writes=off", "-c", "max_connections=200"]
        _ = FileManager.default.createFile(atPath: folder + "/log", contents: nil)
        server.standardOutput = FileHandle(forWritingAtPath: folder + "/log")
        server.standardError = server.standardOutput
        try server.run()
        // Ready once it answers (within 30 s).
        var ready = false
        for _ in 0..<300 where !ready {
            ready = (try? sql("SELECT 1", database: "postgres")) == "1"
            if !ready { usleep(100_000) }
        }
        guard ready else {
            server.terminate()
            throw NSError(domain: "postgresql", code: 2, userInfo: [NSLocalizedDescriptionKey: "the test cluster did not start: \((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "")"])
        }
        Self.stopAtExit = { [folder] in
            // SIGQUIT: an immediate stop (nothing in it is kept).
            kill(server.processIdentifier, SIGQUIT)
            server.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }
        atexit { PostgreSQLCluster.stopAtExit?() }
    }
    nonisolated(unsafe) private static var stopAtExit: (() -> Void)?

    /// A new, empty database of the cluster: its address for `--store`.
    func newDatabase() throws -> String {
        let name = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        _ = try sql("CREATE DATABASE \(name)", database: "postgres")
        return "postgresql://gamehost@/\(name)?host=\(folder)"
    }

    /// Runs statements with psql in `database` (the store's schema first on the search path);
    /// what they print, unaligned.
    @discardableResult
    func sql(_ statements: String, database: String) throws -> String {
        try Self.run([binaries + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-U", "gamehost", "-d", database,
                      "-c", "SET search_path TO gamehost, public", "-c", statements])
    }

    /// The database name of an address from `newDatabase`.
    static func database(of url: String) -> String {
        let path = url.split(separator: "?").first ?? ""
        return String(path.split(separator: "/").last ?? "")
    }

    /// Runs a program to its end; what it printed. Its output goes through files, not pipes:
    /// pg_ctl leaves the server running, and a server that inherited a pipe's other end would
    /// keep it open, so a read to the pipe's end would never return.
    @discardableResult
    private static func run(_ command: [String]) throws -> String {
        let base = NSTemporaryDirectory() + "gamehost-pg-run-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
        process.standardError = FileHandle(forWritingAtPath: base + ".err")
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
            throw NSError(domain: "postgresql", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey:
                "\(command.joined(separator: " ")): \(errors)"])
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
