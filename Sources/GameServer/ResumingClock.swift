import GameCore

/// The clock of a served table: while the table is rebuilt after a restart it gives back the
/// readings the rule made the first time, in order, so every step comes out as it did; then it
/// reads the system clock. Every reading is noted, to be stored with the input that caused it.
final class ResumingClock: Clock {
    private var recorded: [Double]
    private var next = 0
    private let live: Clock
    private var taken: [Double] = []

    init(replaying recorded: [Double], then live: Clock = SystemClock()) {
        self.recorded = recorded
        self.live = live
    }

    func now() -> Double {
        let t: Double
        if next < recorded.count {
            t = recorded[next]
            next += 1
        } else {
            t = live.now()
        }
        taken.append(t)
        return t
    }

    /// Gives back `readings` next (an input another server stored, played here), before the
    /// system clock.
    func replay(_ readings: [Double]) {
        if next >= recorded.count {
            recorded = readings
            next = 0
        } else {
            recorded += readings
        }
    }

    /// Whether the recorded readings are all given back (the table is live again).
    var isLive: Bool { next >= recorded.count }

    /// The readings since the last call.
    func take() -> [Double] {
        defer { taken = [] }
        return taken
    }
}
