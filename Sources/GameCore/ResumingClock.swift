/// A clock that first gives back the readings a game made the first time, in order, so that
/// its steps played again come out as they did (a served table rebuilt after a restart, a
/// saved game resumed); then it reads its live clock. Every reading is noted, to be kept with
/// the step that made it (`take`).
public final class ResumingClock: Clock {
    private var recorded: [Double]
    private var next = 0
    private let live: Clock
    private var taken: [Double] = []
    /// `closingGaps`: the live clock is read from where the recorded readings stopped, so the
    /// time between (a kept game left for a day) does not count in the game.
    private let closesGaps: Bool
    private var offset: Double?

    public init(replaying recorded: [Double], then live: Clock = SystemClock(), closingGaps: Bool = false) {
        self.recorded = recorded
        self.live = live
        closesGaps = closingGaps
    }

    public func now() -> Double {
        let t: Double
        if next < recorded.count {
            t = recorded[next]
            next += 1
        } else {
            let now = live.now()
            if closesGaps && offset == nil { offset = (recorded.last ?? now) - now }
            t = now + (offset ?? 0)
        }
        taken.append(t)
        return t
    }

    // The live clock is told of inputs and starts while readings are given back too, so a
    // clock that counts inputs is where it would be when it takes over.
    public func inputArrives() { live.inputArrives() }
    public func gameStarts() { live.gameStarts() }

    /// Gives back `readings` next (an input another server stored, played here), before the
    /// live clock.
    public func replay(_ readings: [Double]) {
        if next >= recorded.count {
            recorded = readings
            next = 0
        } else {
            recorded += readings
        }
    }

    /// Whether the recorded readings are all given back (the game is live again).
    public var isLive: Bool { next >= recorded.count }

    /// The readings since the last call.
    public func take() -> [Double] {
        defer { taken = [] }
        return taken
    }
}
