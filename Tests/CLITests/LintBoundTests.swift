import Foundation
import XCTest

/// luacheck runs outside the sandbox's budgets, so `check` bounds it as a whole: a luacheck that
/// never ends (a stand-in on PATH that sleeps) is stopped at `--lint-time`, killed, and the
/// check says which bound stopped it. Nothing here times the run: the message, the exit code and
/// the stand-in's death are what is asserted.
final class LintBoundTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "gamehost-lint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try """
            return { id = "tiny", title = "Tiny", setup = function() return { n = 0 } end,
              view = function(s) return "n = " .. s.n end, moves = function() return { "up" } end,
              play = function(s, input, game) if input ~= "up" then game.refuse("type up") end s.n = s.n + 1 end,
              result = function(s) if s.n >= 2 then return { summary = "done" } end end }
            """.write(toFile: dir + "/tiny.lua", atomically: false, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A luacheck on PATH that runs `body` (sh), having noted its process id.
    func fakeLuacheck(_ body: String) throws -> [String: String] {
        let script = dir + "/bin/luacheck"
        try writeExecutable("#!/bin/sh\necho $$ > \(dir)/pid\n\(body)\n", to: script)
        return ["PATH": dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    func testLuacheckThatNeverEndsIsStoppedByItsBound() throws {
        let env = try fakeLuacheck("exec sleep 600")
        let r = try GamehostProcess.run(["check", dir + "/tiny.lua", "--lint-time", "0.2"], environment: env)
        XCTAssertEqual(r.status, 0, "lint is advice: the rule itself passes\n\(r.stderr)")
        XCTAssertTrue(r.stdout.contains("tiny.lua: ok"), r.stdout)
        XCTAssertTrue(r.stderr.contains("lint: \(dir)/tiny.lua: luacheck's time bound (0.2 s) stopped it"), r.stderr)
        XCTAssertTrue(r.stderr.contains("--lint-time SECONDS"), "the message names the flag that raises it: \(r.stderr)")
        // The stand-in was killed, not left running.
        let pid = try XCTUnwrap(Int32(try String(contentsOfFile: dir + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, 0), -1, "luacheck (\(pid)) still runs")
        XCTAssertEqual(errno, ESRCH)
    }

    /// A luacheck that closes its output and goes on running is stopped too; one that answers
    /// in time is read as before, with no word of a bound.
    func testTheBoundCoversAClosedOutputAndSparesAQuickLint() throws {
        let quiet = try fakeLuacheck("exec >&-\nexec sleep 600")
        let r = try GamehostProcess.run(["check", dir + "/tiny.lua", "--lint-time", "0.2"], environment: quiet)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("luacheck's time bound (0.2 s) stopped it"), r.stderr)

        let quick = try fakeLuacheck("echo \"$7:1:1: (W111) setting non-standard global variable 'x'\"")
        let q = try GamehostProcess.run(["check", dir + "/tiny.lua"], environment: quick)
        XCTAssertEqual(q.status, 0, q.stderr)
        XCTAssertTrue(q.stderr.contains("lint: \(dir)/tiny.lua:1:1: (W111)"), q.stderr)
        XCTAssertFalse(q.stderr.contains("time bound"), q.stderr)
    }

    func testTheBoundIsAFlagOfCheckOnly() throws {
        for value in ["0", "-1", "nan", "1e9", "soon"] {
            let r = try GamehostProcess.run(["check", dir + "/tiny.lua", "--lint-time", value])
            XCTAssertEqual(r.status, 2, value)
            XCTAssertTrue(r.stderr.contains("--lint-time needs a number of seconds"), r.stderr)
        }
        let play = try GamehostProcess.run(["play", dir + "/tiny.lua", "--lint-time", "5", "--seed", "1"])
        XCTAssertEqual(play.status, 2, "another command does not take it: \(play.stderr)")
    }
}
