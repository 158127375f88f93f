import Foundation
import GameHost
import GameHostTesting
import XCTest

/// `gamehost scores` as a player reads it: ties share a rank, boards of one name on lists of
/// other words are told apart, and what a game keeps besides boards (Guess Five's statistics)
/// is shown.
final class ScoreListingCLITests: XCTestCase {
    let dir = NSTemporaryDirectory() + "gamehost-score-listing-" + UUID().uuidString

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testStatisticsTiesAndListsAreShown() throws {
        let store = { ScoreStore(directory: self.dir) }
        try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crane"], scores: store()).send(["react", "crane"])
        let rule = try LoadedRule(path: RuleTester.builtIn("guess-five"), libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        rule.useBuiltInScoreKey()
        let (game, hash) = (rule.info.scoreKey, rule.info.contentHash)
        rule.close()
        for (value, list) in [(3.0, "aaaaaaaaaaaaaaaa"), (3.0, "aaaaaaaaaaaaaaaa"), (1.0, "aaaaaaaaaaaaaaaa"), (2.0, "bbbbbbbbbbbbbbbb")] {
            try store().add(ScoreStore.Score(board: "Fewest tries", value: value, order: .lower, player: "ann", list: list),
                            game: game, ruleHash: hash, at: 1_796_000_000)
        }
        let r = try GamehostProcess.run(["scores", "guess-five", "--data", dir], environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("""
              Fewest tries (list aaaaaaaa)
                1st  1  ann  2026-11-30
                2nd  3  ann  2026-11-30
                2nd  3  ann  2026-11-30
              Fewest tries (list bbbbbbbb)
                1st  2  ann  2026-11-30

            """), r.stdout)
        XCTAssertTrue(r.stdout.contains("""
              Statistics
                stats five-letter: best streak 1, played 1, streak 1, won 1, tries 0 1 0 0 0 0

            """), r.stdout)
    }
}

/// Runs gamehost with a terminal for its input and output (a pseudo-terminal, through
/// python3's pty), as a player at a keyboard: a live session, not practice. `input` is typed
/// a line at each prompt (`> `); Ctrl-D follows the prompt after the last line.
/// Start with `start`, then `finish`.
struct TerminalSession {
    let process: Process
    let output: Pipe

    static func start(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> TerminalSession {
        let python = try requiredTool("python3")
        let script = """
            import json, os, pty, select, signal, sys, time
            args = json.loads(sys.argv[1])
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(args[0], args)
            # Each line is typed once its prompt is there, then Ctrl-D: typed ahead, a line
            # could be flushed as the game sets up its terminal, and the session would wait
            # for it for ever. No session here takes a minute: past that it is ended.
            lines = sys.argv[2].splitlines(keepends=True) + ["\\x04"]
            out, typed = b"", 0
            deadline = time.monotonic() + 60
            while True:
                if typed < len(lines) and out.count(b"> ") > typed:
                    os.write(fd, lines[typed].encode())
                    typed += 1
                ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
                if not ready:
                    os.kill(pid, signal.SIGKILL)
                    break
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(out[-8000:])
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let command = [GamehostProcess.binary.path] + arguments
        let json = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, json, input]
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = NSTemporaryDirectory() + "gamehost-cli-tests-data"
        env["TERM"] = "dumb"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return TerminalSession(process: process, output: output)
    }

    /// Waits for the session to end: its exit status and the last of what it wrote.
    func finish() -> (status: Int32, output: String) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
