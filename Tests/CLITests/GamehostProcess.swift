import Foundation
import XCTest

/// Runs the built `gamehost` binary as a player or a script would.
struct GamehostProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The processor time the run took (user and system), which a loaded machine does not
        /// stretch as it stretches wall-clock time.
        var cpuSeconds: Double = 0
    }

    /// Processor seconds of the children waited for so far.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The binary beside the test bundle (SwiftPM builds it first: CLITests depends on it).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs several gamehosts, two at a time (the machine's cores), and gives their results in
    /// order. A run that could not start is a result with status -1 and the error as stderr.
    static func runAll(_ runs: [(arguments: [String], input: String)], environment: [String: String] = [:]) -> [Result] {
        final class Slots: @unchecked Sendable {
            // Each index is written by one iteration only, under the lock.
            let lock = NSLock()
            var results: [Result?]
            init(_ n: Int) { results = Array(repeating: nil, count: n) }
        }
        let slots = Slots(runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { i in
            let r = (try? run(runs[i].arguments, input: runs[i].input, environment: environment))
                ?? Result(status: -1, stdout: "", stderr: "gamehost did not start")
            slots.lock.lock()
            slots.results[i] = r
            slots.lock.unlock()
        }
        return slots.results.map { $0! }
    }

    /// Runs gamehost with `arguments`, feeding `input` to stdin, and waits for it to exit.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = NSTemporaryDirectory() + "gamehost-cli-tests-data"
        env["COLUMNS"] = nil  // text wraps only where a test asks for a width
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let cpuBefore = childrenCPU()
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self), cpuSeconds: childrenCPU() - cpuBefore)
    }
}
