/// What the host keeps on a card besides its face: which way up it lies, and whether it is
/// matched or gone. (How long a card has been face up is the host's to keep, beside the state:
/// a card carries no clock readings, so nothing about a hidden card tells it from another.)
public struct CardFlags: Equatable, Sendable {
    public var faceUp = false
    public var matched = false
    /// Has been face up and turned face down again (Memory's "seen").
    public var seen = false
    /// Has left the table.
    public var removed = false

    public init() {}

    /// Turns the card face up.
    public mutating func turnUp() { faceUp = true }

    /// Turns the card face down: it becomes seen, and if matched it leaves the table.
    public mutating func turnDown() {
        guard faceUp else { return }
        faceUp = false
        seen = true
        if matched { removed = true }
    }
}

/// How long a card has been face up, from clock readings: the time before its current turn up
/// (`total`) and when that began (`since`, while it is face up).
public struct FaceUpTime: Equatable, Sendable {
    public var total: Double = 0
    public var since: Double?

    public init(total: Double = 0, since: Double? = nil) {
        self.total = total.isFinite ? min(max(total, 0), Self.longest) : 0
        self.since = since.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Seconds face up in all, counting the current turn up to `now`: never negative or
    /// infinite, whatever the readings were.
    public func seconds(at now: Double) -> Double {
        let all = total + (since.map { max(0, now - $0) } ?? 0)
        return all.isFinite ? min(max(all, 0), Self.longest) : 0
    }

    /// The longest face-up time kept (about 30,000 years).
    public static let longest = 1e12

    public mutating func turnUp(at now: Double) {
        if since == nil { since = now }
    }

    public mutating func turnDown(at now: Double) {
        total = seconds(at: now)
        since = nil
    }
}
