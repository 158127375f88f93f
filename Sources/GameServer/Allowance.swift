/// A rate limit (a token bucket): `perSecond` a second, in bursts of up to `burst`. A
/// connection's messages and frames and an address's messages are each one.
struct Allowance {
    let perSecond: Double
    let burst: Double
    private var left: Double
    private var at: Double?

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
        left = burst
    }

    /// Whether it would be whole again at `now` (then it says nothing, and may be forgotten).
    func isFull(at now: Double) -> Bool { left + (now - (at ?? now)) * perSecond >= burst }

    /// Takes `count` at time `now`; false when there are not that many left.
    mutating func take(_ count: Int, at now: Double) -> Bool {
        if let at { left = min(burst, left + (now - at) * perSecond) }
        at = now
        guard left >= Double(count) else { return false }
        left -= Double(count)
        return true
    }
}
