@testable import GameServer
import Locking
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The tables' threads: each table's jobs run one at a time and in order, and a held table's
/// jobs wait until it is released (a table being made elsewhere).
final class TablePoolTests: XCTestCase {
    /// Waits up to 5 s for `condition`.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    func testAHeldLaneRunsNothingUntilReleasedThenAllInOrder() {
        let pool = TablePool(threads: 2)
        defer { pool.stop() }
        let lane = TablePool.Lane()
        let ran = Locked<[Int]>([])
        pool.hold(lane)
        for k in 1...3 { pool.submit(lane) { ran.withLock { $0.append(k) } } }
        // A job `run` would take on this thread waits in line too.
        pool.run(lane) { ran.withLock { $0.append(4) } }
        usleep(200_000)
        XCTAssertEqual(ran.withLock { $0 }, [], "nothing of a held lane runs")
        pool.release(lane)
        XCTAssertTrue(eventually { ran.withLock { $0.count } == 4 })
        XCTAssertEqual(ran.withLock { $0 }, [1, 2, 3, 4])
    }

    func testOtherLanesRunWhileOneIsHeld() {
        let pool = TablePool(threads: 2)
        defer { pool.stop() }
        let held = TablePool.Lane(), other = TablePool.Lane()
        let ran = Locked<[String]>([])
        pool.hold(held)
        pool.submit(held) { ran.withLock { $0.append("held") } }
        pool.submit(other) { ran.withLock { $0.append("other") } }
        XCTAssertTrue(eventually { ran.withLock { $0 } == ["other"] })
        pool.release(held)
        XCTAssertTrue(eventually { ran.withLock { $0 } == ["other", "held"] })
    }

    func testAReleasedLaneWithNothingWaitingIsIdleAgain() {
        let pool = TablePool(threads: 1)
        defer { pool.stop() }
        let lane = TablePool.Lane()
        pool.hold(lane)
        pool.release(lane)
        // Idle: `run` takes the job on the calling thread at once.
        let me = pthread_self()
        let onThisThread = Locked(false)
        pool.run(lane) { onThisThread.withLock { $0 = pthread_equal(pthread_self(), me) != 0 } }
        XCTAssertTrue(onThisThread.withLock { $0 })
    }

    func testALaneHeldWhileItsJobRunsKeepsTheRestUntilReleased() {
        let pool = TablePool(threads: 2)
        defer { pool.stop() }
        let lane = TablePool.Lane()
        let ran = Locked<[Int]>([])
        let started = CountingSemaphore(), goOn = CountingSemaphore()
        pool.submit(lane) {
            started.post()
            goOn.wait()
            ran.withLock { $0.append(1) }
        }
        started.wait()
        pool.hold(lane)
        pool.submit(lane) { ran.withLock { $0.append(2) } }
        goOn.post()
        XCTAssertTrue(eventually { ran.withLock { $0 } == [1] })
        usleep(200_000)
        XCTAssertEqual(ran.withLock { $0 }, [1], "the job after the hold waits")
        pool.release(lane)
        XCTAssertTrue(eventually { ran.withLock { $0 } == [1, 2] })
    }
}
