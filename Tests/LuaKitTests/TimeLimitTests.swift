import GameCore
import Locking
import LuaKit
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A rule's time limit counts the processor time of the thread that runs it: time spent
/// waiting (for a core, or in the host) does not count, so a loaded machine fails no honest
/// rule; a wall-clock backstop ten times the limit still stops a call that never gets a core.
final class TimeLimitTests: XCTestCase {
    var lua: LuaState!

    override func setUp() {
        lua = LuaState(memoryCap: 16 << 20)
        lua.stepBudget = nil  // the time limit alone, as in a simulation
        // nap(s): the host waits s seconds of wall-clock time and uses no processor time.
        lua.register("nap", [.number("seconds", 0...10)]) { call in
            usleep(useconds_t(call.number(1) * 1e6))
            return 0
        }
        // cpu(): the processor seconds this thread has used.
        lua.register("cpu", []) { call in
            call.push(ProcessorTime.thread())
            return 1
        }
    }

    func run(_ source: String) throws {
        try lua.call(try lua.load(source, chunkName: "rules/t.lua"))
    }

    func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func testWaitingDoesNotCountAgainstTheLimit() throws {
        lua.timeLimit = 0.5
        let start = wallClock()
        // 1.2 s of wall-clock time, almost no processor time: a wall-clock limit would stop it.
        XCTAssertNoThrow(try run("for i = 1, 6 do nap(0.2) end"))
        XCTAssertGreaterThan(wallClock() - start, 1.1)
    }

    func testAnAllowanceCountsProcessorTimeToo() throws {
        lua.timeLimit = 0.5
        lua.beginAllowance()
        defer { lua.endAllowance() }
        for _ in 0..<3 { XCTAssertNoThrow(try run("nap(0.25)")) }
        XCTAssertFalse(lua.allowanceSpent, "0.75 s of waiting spends none of a 0.5 s allowance")
        XCTAssertThrowsError(try run("local t = cpu() while cpu() - t < 1 do end")) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .budget)
        }
        XCTAssertTrue(lua.allowanceSpent)
    }

    func testACallThatNeverGetsACoreIsStoppedByTheWallClock() throws {
        lua.timeLimit = 0.05  // a backstop of 0.5 s
        let start = wallClock()
        XCTAssertThrowsError(try run("for i = 1, 100 do nap(0.05) end")) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .budget)
            XCTAssertTrue(String(describing: error).contains("rule exceeded its time limit"), "\(error)")
        }
        let took = wallClock() - start
        XCTAssertGreaterThan(took, 0.45)
        XCTAssertLessThan(took, 2.5, "stopped by the backstop, not after the 5 s the rule asked for")
    }

    /// Three threads spin beside the rule on this machine's cores: a rule that uses 0.6 s of
    /// its 1 s takes well over a second by the wall clock, and still passes; one that uses
    /// more than its limit is still stopped.
    func testARuleNearItsLimitPassesBesideBusyThreads() throws {
        let stop = Locked(false)
        let spinners = (0..<3).map { _ in
            Thread {
                var x = 0
                while !stop.withLock({ $0 }) { for i in 0..<10_000 { x &+= i } }
                _ = x
            }
        }
        spinners.forEach { $0.start() }
        defer { stop.withLock { $0 = true } }
        lua.timeLimit = 1
        XCTAssertNoThrow(try run("local t = cpu() while cpu() - t < 0.6 do end"))
        XCTAssertThrowsError(try run("local t = cpu() while cpu() - t < 3 do end")) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .budget)
        }
    }
}
