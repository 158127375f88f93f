import Foundation
import GameCore
@testable import GameRules
@testable import GameRuntime
import GameHostTesting
@testable import LuaKit
import XCTest

/// Allocation failure through every C path, as Lua's own ltests.c makes it: the n-th
/// allocation of a state fails, for every n, across loading a rule (the sandbox, the budget,
/// the libraries), starting a game (setup, the snapshot), moves (pushing values, reading them
/// back) and drawing views. No abort: each run ends as a game or as a clear error, and a state
/// whose host ran out stops running rule code (fail closed). Under scripts/sanitize,
/// AddressSanitizer watches every path for memory errors.
final class AllocationFailureTests: XCTestCase {
    /// One game's worth of work, as `play` does it: what it came to, and the state's
    /// allocations.
    func scenario() -> (outcome: String, allocations: Int64, starved: Bool) {
        var lua: LuaState?
        let outcome: String
        do {
            let rule = try LoadedRule(path: RuleTester.builtIn("rps"))
            lua = rule.lua
            var settings = EngineSettings()
            settings.seed = 1
            settings.clock = StepClock(at: EngineSettings.manualEpoch)
            let engine = try GameEngine(rule: rule, settings: settings)
            let table = Table(engine: engine)
            table.machineView = .observation
            let driver = Driver(table: table)
            var steps = [driver.start()]
            for move in ["rock", "paper", "banana", "scissors"] where !driver.finished { steps.append(driver.submit(move)) }
            outcome = steps.map { "\($0.status.rawValue):\($0.reason ?? "")" }.joined(separator: " | ")
        } catch {
            outcome = "error: \(error)"
        }
        guard let lua else { return (outcome, 0, false) }
        return (outcome, lua.limits.pointee.allocations, lua.limits.pointee.host_starved != 0)
    }

    func testEveryAllocationCanFail() throws {
        // A rule's text is compiled the first time a process loads it, and loaded from the kept
        // code after (`CompiledChunks`): the allocations of both are failed, one by one.
        for keeping in [false, true] {
            CompiledChunks.shared.setKeeping(keeping)
            defer { CompiledChunks.shared.setKeeping(true) }
            LuaState.failAllocation(nil)
            _ = scenario()  // (compiled, and kept the second time, when code is kept)
            _ = scenario()
            let clean = scenario()
            XCTAssertFalse(clean.outcome.contains("memory"), clean.outcome)
            XCTAssertGreaterThan(clean.allocations, 1000)
            defer { LuaState.failAllocation(nil) }
            // Every allocation up to the last the game makes (past the first 5,000 every 7th: the
            // later ones repeat the same paths, move after move).
            var n: Int64 = 1
            var failedCleanly = 0
            while n <= clean.allocations {
                LuaState.failAllocation(n)
                let run = scenario()
                // A failure is either the rule's memory error (in rule code) or the host's, which
                // stops the state; nothing else changes.
                if run.outcome != clean.outcome {
                    XCTAssertTrue(run.outcome.contains("memory") || run.starved, "allocation \(n) (code kept: \(keeping)): \(run.outcome)")
                    failedCleanly += 1
                }
                n += n < 5000 ? 1 : 7
            }
            XCTAssertGreaterThan(failedCleanly, Int(min(clean.allocations, 5000)) / 2,
                                 "most injected failures change the game (code kept: \(keeping)): else the injection is off")
        }
    }
}
