/// What the host keeps on a card besides its face: which way up it lies, whether it is matched
/// or gone, and how long it has been face up (Memory's speed bonus). Times come from the host
/// clock.
public struct CardFlags: Equatable {
    public var faceUp = false
    public var matched = false
    /// Has been face up and turned face down again (Memory's "seen").
    public var seen = false
    /// Has left the table.
    public var removed = false
    /// When the card last turned face up, while it is face up.
    public var upSince: Double?
    /// Seconds spent face up before `upSince`.
    public var upTime: Double = 0

    public init() {}

    /// Seconds face up in all, counting the current turn up to `now`: never negative or
    /// infinite, whatever times a card table held.
    public func faceUpTime(at now: Double) -> Double {
        let total = upTime + (upSince.map { max(0, now - $0) } ?? 0)
        return total.isFinite ? min(max(total, 0), Self.longestTime) : 0
    }

    /// The longest face-up time kept (about 30,000 years).
    public static let longestTime = 1e12

    /// Turns the card face up at time `now`.
    public mutating func turnUp(at now: Double) {
        guard !faceUp else { return }
        faceUp = true
        upSince = now
    }

    /// Turns the card face down at time `now`: it becomes seen, and if matched it leaves the
    /// table.
    public mutating func turnDown(at now: Double) {
        guard faceUp else { return }
        upTime = faceUpTime(at: now)
        upSince = nil
        faceUp = false
        seen = true
        if matched { removed = true }
    }
}
