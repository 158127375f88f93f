import Foundation

/// Work a test needs that takes seconds of computing or of waiting on child processes but
/// asserts nothing (running gamehost, checking every rule file), started on a second thread
/// when XCTest makes the test's case, before any test runs.
///
/// XCTest runs one test at a time on one thread, and most of the slow tests spend their time
/// waiting for a child process: this is how the suite uses the machine's second core. The test
/// asks for the value, waiting if need be, and makes its assertions on it as usual (an XCTAssert
/// on another thread would be counted against whichever test is running there).
///
/// One worker takes the work in the order it was started: XCTest makes the cases in the order
/// it runs them, so the work needed soonest is done first, and the worker runs well ahead of
/// the tests. Work that the worker has not begun when its test asks for it runs at once on the
/// test's thread, and a filtered run makes (and starts) only the cases it runs.
public final class EarlyStart<Value: Sendable>: @unchecked Sendable {
    // Sendable by hand: `state` is read and written only under `Lane.condition`, and `work` is
    // a Sendable closure that runs once (the state moves from .waiting to .running under the
    // lock before it runs).
    private enum State { case idle, waiting, running, done(Result<Value, Error>) }
    private var state = State.idle
    private let work: @Sendable () throws -> Value

    public init(_ work: @escaping @Sendable () throws -> Value) { self.work = work }

    /// Puts the work on the second thread's list (once; not when XCTest only lists the tests).
    public func start() {
        guard !Lane.listingOnly else { return }
        Lane.condition.lock()
        defer { Lane.condition.unlock() }
        guard case .idle = state else { return }
        state = .waiting
        Lane.push { [self] in runIfWaiting() }
    }

    /// The work's value, or its error: run here and now if it has not begun, awaited if it has.
    public func value() throws -> Value {
        runIfWaiting()
        Lane.condition.lock()
        defer { Lane.condition.unlock() }
        while true {
            if case .done(let result) = state { return try result.get() }
            Lane.condition.wait()
        }
    }

    private func runIfWaiting() {
        Lane.condition.lock()
        switch state {
        case .idle, .waiting: state = .running
        case .running, .done:
            Lane.condition.unlock()
            return
        }
        Lane.condition.unlock()
        let result = Result { try work() }
        Lane.condition.lock()
        state = .done(result)
        Lane.condition.broadcast()
        Lane.condition.unlock()
    }
}

/// The second thread: one worker, taking the work in the order it was pushed.
private enum Lane {
    static let condition = NSCondition()
    // Read and written only under `condition`.
    nonisolated(unsafe) static var pending: [@Sendable () -> Void] = []
    nonisolated(unsafe) static var worker: Thread?

    /// XCTest asked only for the list of tests: nothing runs.
    static let listingOnly: Bool = {
        let listing: Set<String> = ["-l", "--list-tests", "--dump-tests-json", "-h", "--help"]
        return CommandLine.arguments.dropFirst().contains(where: listing.contains)
    }()

    /// Called with `condition` held.
    static func push(_ job: @escaping @Sendable () -> Void) {
        pending.append(job)
        if worker == nil {
            let thread = Thread { loop() }
            thread.name = "EarlyStart"
            thread.start()
            worker = thread
        }
        condition.broadcast()
    }

    private static func loop() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let job = pending.removeFirst()
            condition.unlock()
            job()
        }
    }
}
