import Foundation
import XCTest

/// A step of the machine protocol makes the system calls it needs and no others: its output
/// line, and the score store's writes when a game ends. Counted with strace on the thread that
/// runs the steps, as the difference between 200 steps and none (start-up cancels out).
final class StepSystemCallTests: XCTestCase {
    /// What a step may call: its output, its input, memory, and the score store (SQLite's
    /// locks, reads and writes, at the end of a game).
    static let output: Set = ["write", "writev"]
    static let input: Set = ["read"]
    static let memory: Set = ["brk", "mmap", "munmap", "mremap", "madvise", "mprotect"]
    static let store: Set = ["fcntl", "pwrite64", "pread64", "fdatasync", "fsync", "ftruncate", "openat", "close", "newfstatat",
                             "fstat", "lseek", "unlink", "access", "fchown", "geteuid", "getpid", "mkdir", "readlink"]

    /// Calls by name made by the main thread of `gamehost play rps --seed 1 --json` given `lines`.
    func systemCalls(_ lines: [String]) throws -> (calls: [String: Int], output: [String]) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            throw XCTSkip("strace is not installed (scripts/setup installs it)")
        }
        let folder = NSTemporaryDirectory() + "gamehost-syscalls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = folder + "/strace"
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = folder + "/data"
        let run = try ChildProcess.run("/usr/bin/strace", ["-c", "-o", summary, GamehostProcess.binary.path, "play", "rps", "--seed", "1", "--json"],
                                       input: Data(lines.map { $0 + "\n" }.joined().utf8), environment: env)
        XCTAssertEqual(run.status, 0, run.stderr)
        var calls: [String: Int] = [:]
        // "% time  seconds  usecs/call  calls  errors syscall": the name last, the calls fourth.
        for row in try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n") {
            let fields = row.split(separator: " ")
            guard fields.count >= 5, let name = fields.last, name != "total", let count = Int(fields[3]) else { continue }
            calls[String(name)] = count
        }
        return (calls, run.stdout.split(separator: "\n").map(String.init))
    }

    func testAStepMakesOnlyTheSystemCallsItNeeds() throws {
        let throws_ = ["rock", "paper", "scissors", "y"]
        let steps = (0..<200).map { throws_[$0 % throws_.count] }
        let (many, output) = try systemCalls(steps)
        let (none, quiet) = try systemCalls([])
        func grew(_ names: Set<String>) -> Int { names.reduce(0) { $0 + (many[$1] ?? 0) - (none[$1] ?? 0) } }
        let lines = output.count - quiet.count
        let games = output.filter { $0.contains("\"type\":\"start\"") }.count
        XCTAssertGreaterThan(games, 20, "the steps should have played many games")
        // One write a line at most: nothing written in pieces.
        XCTAssertLessThanOrEqual(grew(Self.output), lines, "writes: \(many["write"] ?? 0) for \(output.count) lines")
        // The score store at the end of each game (its locks, its log and its file), not at each step.
        XCTAssertLessThanOrEqual(grew(Self.store), 20 * games, "the score store's calls per game: \(many)")
        // Nothing else grows with the steps: no signal mask, clock, terminal or lock call a step.
        // (A lock makes a futex call only when another thread holds it at that moment, which a
        // loaded machine makes happen now and then: a few in 200 steps are that, not a call a
        // step, which would be some 200.)
        let allowed = Self.output.union(Self.input).union(Self.memory).union(Self.store)
        let slack = ["futex": 10]
        let others = many.filter { !allowed.contains($0.key) && $0.value - (none[$0.key] ?? 0) > slack[$0.key, default: 2] }
            .map { "\($0.key) +\($0.value - (none[$0.key] ?? 0))" }
        XCTAssertEqual(others, [], "system calls that grow with the steps, over 200 steps")
    }
}
