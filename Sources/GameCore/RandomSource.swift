/// All chance in a game comes from one `RandomSource`, so a seed replays a game exactly on
/// every machine.
///
/// Algorithm (fixed; changing it breaks every recorded seed):
/// - the 64-bit seed is expanded into the 256-bit state by SplitMix64 (Steele, Lea, Flood);
/// - the generator is xoshiro256** 1.0 (Blackman and Vigna, 2018);
/// - an integer in a range of size n comes from Lemire's multiply-shift method with rejection,
///   so it is exactly uniform (no modulo bias);
/// - a float in [0, 1) is the top 53 bits of one output times 2^-53.
///
/// Tests can script chance: `force([3, 1])` makes the next two `int(in:)` draws return 3 and
/// then 1 (each must lie in the range asked for), after which the seeded sequence resumes.
public final class RandomSource {
    public private(set) var seed: UInt64
    private var s: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var forced: [Int] = []
    private var forcedShuffles: [[Int]] = []
    /// Scripted by value (tests): the next `pick` returns an item that shows as this text, and
    /// the next shuffle puts the cards labelled so on top, in this order.
    private var forcedPicks: [String] = []
    private var forcedDecks: [[String]] = []

    public init(seed: UInt64) {
        self.seed = seed
        reseed(seed)
    }

    /// Starts the sequence of `seed` afresh (a session's next game); scripted outcomes stay.
    public func reseed(_ seed: UInt64) {
        self.seed = seed
        var x = seed
        func splitmix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitmix(), splitmix(), splitmix(), splitmix())
    }

    /// The next raw 64 bits of xoshiro256**.
    public func next() -> UInt64 {
        let result = rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = rotl(s.3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform integer in `range`, or the next scripted outcome.
    public func int(in range: ClosedRange<Int>) throws -> Int {
        if !forced.isEmpty {
            let value = forced.removeFirst()
            guard range.contains(value) else { throw ScriptedOutcomeError(value: value, range: range) }
            return value
        }
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold { product = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound &+ Int(bitPattern: UInt(product.high))
    }

    /// A uniform float in [0, 1).
    public func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Shuffles `items` uniformly (Fisher-Yates, drawing j in 0...i from the last index down),
    /// or as the next scripted shuffle says.
    public func shuffle<T>(_ items: inout [T]) throws {
        let positions = try permutation(items.count)
        items = positions.map { items[$0] }
    }

    /// The positions 0..<count in the order `shuffle` puts a list of that many: shuffling the
    /// positions rather than the items (the same draws, the same order). Not generic, so the
    /// host's card functions in another module run it compiled for its Ints rather than through
    /// a generic swap (a deck is shuffled at every game of a sim).
    public func permutation(_ count: Int) throws -> [Int] {
        if !forcedShuffles.isEmpty {
            let order = forcedShuffles.removeFirst()
            guard order.count == count, Set(order) == Set(1...max(count, 1)) || count == 0 else {
                throw ScriptedShuffleError(order: order, count: count)
            }
            return order.map { $0 - 1 }
        }
        var positions = Array(0..<max(count, 0))
        guard count > 1 else { return positions }
        for i in stride(from: count - 1, to: 0, by: -1) {
            positions.swapAt(i, try int(in: 0...i))
        }
        return positions
    }

    /// Queues outcomes for the next `int(in:)` draws (tests only).
    public func force(_ outcomes: [Int]) { forced.append(contentsOf: outcomes) }

    /// Scripts the next shuffle (tests only): the shuffled list holds the original's items at
    /// the 1-based positions `order` lists, so [3, 1, 2] makes [c, a, b] of [a, b, c].
    public func forceShuffle(_ order: [Int]) { forcedShuffles.append(order) }

    /// Scripts the next `pick` by the item it returns (tests only).
    public func forcePick(_ value: String) { forcedPicks.append(value) }

    /// Scripts the next shuffle by the cards to put on top, by label or content, in order; the
    /// rest keep their order below them (tests only).
    public func forceDeck(_ top: [String]) { forcedDecks.append(top) }

    public func takeForcedPick() -> String? { forcedPicks.isEmpty ? nil : forcedPicks.removeFirst() }
    public func takeForcedDeck() -> [String]? { forcedDecks.isEmpty ? nil : forcedDecks.removeFirst() }

    /// Scripted outcomes no draw has used yet, described (a test that scripts more than the
    /// game draws has a mistake in it).
    public var unusedScripts: [String] {
        forced.map { "the draw \($0)" } + forcedShuffles.map { "the shuffle \($0)" }
            + forcedPicks.map { "the pick '\($0)'" } + forcedDecks.map { "the deck \($0)" }
    }

    /// The generator's whole position, to undo the draws of a refused move.
    public struct Snapshot {
        fileprivate var s: (UInt64, UInt64, UInt64, UInt64)
        /// What a test scripted, when anything is. Nil, the usual case, is taken and put back
        /// without reference counting: every query of every step takes a snapshot.
        fileprivate var script: Script?
    }

    fileprivate struct Script {
        var forced: [Int]
        var forcedShuffles: [[Int]]
        var forcedPicks: [String]
        var forcedDecks: [[String]]
    }

    private var isScripted: Bool { !forced.isEmpty || !forcedShuffles.isEmpty || !forcedPicks.isEmpty || !forcedDecks.isEmpty }

    public var snapshot: Snapshot {
        guard isScripted else { return Snapshot(s: s, script: nil) }
        return Snapshot(s: s, script: Script(forced: forced, forcedShuffles: forcedShuffles, forcedPicks: forcedPicks, forcedDecks: forcedDecks))
    }

    public func restore(_ snapshot: Snapshot) {
        s = snapshot.s
        if let script = snapshot.script {
            forced = script.forced
            forcedShuffles = script.forcedShuffles
            forcedPicks = script.forcedPicks
            forcedDecks = script.forcedDecks
        } else if isScripted {
            (forced, forcedShuffles, forcedPicks, forcedDecks) = ([], [], [], [])
        }
    }
}

/// A test scripted a shuffle that does not fit the list the game shuffled.
public struct ScriptedShuffleError: Error, CustomStringConvertible {
    public var order: [Int]
    public var count: Int
    public var description: String {
        "the scripted shuffle \(order) is not an order of the \(count) items this game shuffled"
    }
}

/// A test scripted an outcome that the game's draw cannot produce.
public struct ScriptedOutcomeError: Error, CustomStringConvertible {
    public var value: Int
    public var range: ClosedRange<Int>
    public var description: String {
        "scripted random outcome \(value) is outside the range \(range.lowerBound)...\(range.upperBound) of this draw"
    }
}
