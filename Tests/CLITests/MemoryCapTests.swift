import Foundation
import GameHostTesting
import Locking
import TestSupport
import XCTest

/// One memory limit for everything a rule causes, in every mode: what the host builds for a
/// rule (strings, cards, puzzles), the copy saved before each move, and sim's workers. Proven by
/// the peak resident memory of the process, not by the sandbox's own count.
final class MemoryCapTests: XCTestCase {
    let folder = NSTemporaryDirectory() + "gamehost-memory-" + UUID().uuidString
    /// The process's bound: three rule states of 64 MB, and the host beside them.
    static let processCapKB = 200 * 1024
    /// What the issue of a bound allows beyond it.
    static let marginKB = 64 * 1024

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs gamehost as the only child of a small Python program, which reports that child's
    /// peak resident memory (a child this process spawned itself would report this process's own
    /// peak, which the kernel carries over at exec).
    func peak(_ arguments: [String], input: String = "") throws -> Peak {
        try Self.peak(arguments, input: input, folder: folder)
    }

    struct Peak: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        var peakKB: Int
    }

    static func peak(_ arguments: [String], input: String = "", folder: String) throws -> Peak {
        let python = try requiredTool("python3")
        let script = """
            import json, resource, subprocess, sys
            args = json.loads(sys.argv[1])
            r = subprocess.run(args, input=sys.argv[2].encode(), capture_output=True)
            print(json.dumps({"status": r.returncode, "stdout": r.stdout.decode(errors="replace")[-4000:],
                              "stderr": r.stderr.decode(errors="replace")[-4000:],
                              "peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
            """
        let command = [GamehostProcess.binary.path] + arguments
        let json = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = folder + "/data"
        let data = Data(try ChildProcess.run(python, ["-c", script, json, input], input: Data(), environment: env).stdout.utf8)
        // (No XCTUnwrap: this may run on another thread, beside another test.)
        guard let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ChildProcess.Failure(description: "no report from the peak's python3: \(String(decoding: data, as: UTF8.self))")
        }
        return Peak(status: Int32(answer["status"] as? Int ?? -1), stdout: answer["stdout"] as? String ?? "",
                    stderr: answer["stderr"] as? String ?? "", peakKB: answer["peak"] as? Int ?? Int.max)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Host functions that build values for a rule, each filled into a table until the limit:
    /// game k of a sim uses builder k.
    static let builders = """
        local big = string.rep("z", 60000)
        local labels = {}
        for i = 1, 2000 do labels[i] = "card" .. i end
        local builders = {
          function(game, i) return game.colour(big .. i, "red") end,
          function(game, i) return game.pad(big .. i, 1000) end,
          function(game, i) return game.cards.deck(labels) end,
          function(game, i) return game.cards.standard({ decks = 8 }) end,
          function(game, i) return game.cards.show(game.cards.deck({ "a", "b", "c" })) .. big .. i end,
        }
        """

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if ["testWhatTheHostBuildsForARuleCountsAgainstItsLimitInSim", "testASharedStringIsSavedOnceAndEachGameHasTheWholeLimit",
            "testSimHoldsOnlyTheGamesItPlays"].contains(where: name.hasSuffix) { Self.simRuns.start() }
    }

    /// The runs of sim (seconds of filling memory), started early: "builder N", "shared play",
    /// "shared sim" and "many games".
    static let simRuns = EarlyStart { () -> [String: Peak] in
        let folder = NSTemporaryDirectory() + "gamehost-memory-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fill = folder + "/fill.lua", shared = folder + "/shared.lua"
        try (builders + """
            return {
              id = "fill", title = "Fill",
              options = { builder = { choices = { "1", "2", "3", "4", "5" }, default = "1", help = "which builder" } },
              setup = function(game)
                local build = builders[tonumber(game.options.builder)]
                local keep = {}
                for i = 1, 1e9 do keep[i] = build(game, i) end
              end,
              view = function() return "" end, moves = function() return { "go" } end,
              play = function() end, result = function() return { summary = "done" } end,
            }
            """).write(toFile: fill, atomically: true, encoding: .utf8)
        try sharedString.write(toFile: shared, atomically: true, encoding: .utf8)
        var runs: [(String, [String], String)] = (1...5).map { builder in
            // The first with three workers at once (three times the limit in all), the others in one.
            let jobs = builder == 1 ? "3" : "1"
            return ("builder \(builder)", ["sim", fill, "--games", jobs, "--jobs", jobs, "--time-limit", "20", "--builder", String(builder)], "")
        }
        runs += [("shared play", ["play", shared, "--seed", "1", "--plain"], "go\ngo\ny\ngo\ngo\nn\n"),
                 ("shared sim", ["sim", shared, "--games", "4", "--jobs", "2"], ""),
                 ("many games", ["sim", "rps", "--games", "100000000", "--total-time", "1", "--jobs", "1"], "")]
        let peaks = Locked([String: Peak]())
        let all = runs
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            let peak = (try? MemoryCapTests.peak(all[i].1, input: all[i].2, folder: folder)) ?? Peak(status: -1, stdout: "", stderr: "did not run", peakKB: Int.max)
            peaks.withLock { $0[all[i].0] = peak }
        }
        return peaks.withLock { $0 }
    }

    func testWhatTheHostBuildsForARuleCountsAgainstItsLimitInSim() throws {
        let peaks = try Self.simRuns.value()
        for builder in 1...5 {
            let r = try XCTUnwrap(peaks["builder \(builder)"])
            XCTAssertEqual(r.status, 1, r.stderr)
            // Every game ends at the limit a played game has, whatever the number of workers.
            XCTAssertTrue(r.stderr.contains("rule exceeded its memory limit of 64 MB"), "builder \(builder): \(r.stderr)")
            XCTAssertLessThan(r.peakKB, Self.processCapKB + Self.marginKB, "peak resident memory of sim, builder \(builder)")
        }
    }

    func testAPlayedGameStopsAtItsLimitWhateverBuildsTheMemory() throws {
        let path = try write("grow.lua", Self.builders + """
            local keep = {}
            return {
              id = "grow", title = "Grow",
              setup = function() return { n = 0 } end,
              view = function(state) return "n=" .. state.n end,
              moves = function() return { "1", "2", "3", "4", "5" } end,
              play = function(state, input, game)
                state.n = state.n + 1
                local build = builders[tonumber(input)]
                if not build then return game.refuse("no builder " .. input) end
                for i = 1, 300 do keep[#keep + 1] = build(game, #keep) end
              end,
              result = function() end,
            }
            """)
        let r = try peak(["play", path, "--seed", "1", "--plain", "--time-limit", "20"], input: String(repeating: "1\n5\n", count: 40))
        XCTAssertTrue((r.stdout + r.stderr).contains("memory limit of 64 MB"), r.stdout + r.stderr)
        XCTAssertLessThan(r.peakKB, 64 * 1024 + Self.marginKB + 32 * 1024, "peak resident memory of play")
    }

    /// A string held by eight fields is saved once before each move, and a new game may use the
    /// whole limit again: the last game's state and its saved copy are let go first.
    func testASharedStringIsSavedOnceAndEachGameHasTheWholeLimit() throws {
        let peaks = try Self.simRuns.value()
        let played = try XCTUnwrap(peaks["shared play"])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertEqual(played.stdout.components(separatedBy: "done").count - 1, 2, played.stdout)
        XCTAssertFalse(played.stderr.contains("memory"), played.stderr)
        XCTAssertLessThan(played.peakKB, 64 * 1024 + Self.marginKB, "peak resident memory of play")
        let sim = try XCTUnwrap(peaks["shared sim"])
        XCTAssertEqual(sim.status, 0, sim.stderr)
        XCTAssertLessThan(sim.peakKB, Self.processCapKB + Self.marginKB, "peak resident memory of sim")
    }

    /// Eight fields hold one string of 28 MB.
    static let sharedString = """
            return {
              id = "shared", title = "Shared",
              setup = function()
                local s = string.rep("q", 28 * 1024 * 1024)
                local state = { n = 0, refs = {} }
                for i = 1, 8 do state.refs[i] = s end
                return state
              end,
              view = function(state) return "n=" .. state.n end,
              moves = function() return { "go" } end,
              play = function(state) state.n = state.n + 1 end,
              result = function(state) if state.n >= 2 then return { summary = "done" } end end,
            }
            """

    /// A run of games bounded by time holds what its played games need, not a slot for every
    /// game asked for (--games 100000000 reserved 10 GB before).
    func testSimHoldsOnlyTheGamesItPlays() throws {
        let r = try XCTUnwrap(try Self.simRuns.value()["many games"])
        XCTAssertTrue(r.stdout.contains("--total-time") || r.stderr.contains("--total-time"), "the bound that stopped it is named: \(r.stdout) \(r.stderr)")
        XCTAssertLessThan(r.peakKB, 64 * 1024 + Self.marginKB, "peak resident memory of sim")
    }

    /// check lints no file it would not load: luacheck read all of an 8 GB sparse file
    /// (1.2 GB resident) before.
    func testCheckLintsNoFileTooBigToLoad() throws {
        let path = folder + "/sparse.lua"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("-- ".utf8)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 8 << 30)
        try handle.close()
        let r = try peak(["check", path, "--seeds", "1", "--lint-time", "20"])
        XCTAssertEqual(r.status, 1, "a rule file past 1 MB fails to load")
        XCTAssertLessThan(r.peakKB, 64 * 1024 + Self.marginKB, "peak resident memory of check and luacheck")
    }
}
