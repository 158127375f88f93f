/// A deck of cards for any card game: cards made from contents, shuffled through the host's
/// random source, drawn, dealt, peeked and cut from the top (the first card), each with the
/// flags card games need and its face-up time from the host clock.
public struct Deck: Equatable {
    public struct Card: Equatable {
        public var content: String
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

        public init(_ content: String) { self.content = content }

        /// Seconds face up in all, counting the current turn up to `now`.
        public func faceUpTime(at now: Double) -> Double {
            upTime + (upSince.map { max(0, now - $0) } ?? 0)
        }

        /// Turns the card face up at time `now`.
        public mutating func turnUp(at now: Double) {
            guard !faceUp else { return }
            faceUp = true
            upSince = now
        }

        /// Turns the card face down at time `now`: it becomes seen, and if matched it leaves
        /// the table.
        public mutating func turnDown(at now: Double) {
            guard faceUp else { return }
            upTime = faceUpTime(at: now)
            upSince = nil
            faceUp = false
            seen = true
            if matched { removed = true }
        }
    }

    public var cards: [Card]

    public init(cards: [Card]) { self.cards = cards }

    /// `copies` of each content in turn: pairs with 2, three of a kind with 3. Repeated
    /// contents are made once.
    public init(contents: [String], copies: Int = 1) {
        var seen: Set<String> = []
        let distinct = contents.filter { seen.insert($0).inserted }
        cards = distinct.flatMap { content in Array(repeating: Card(content), count: max(copies, 1)) }
    }

    public var count: Int { cards.count }

    /// A uniform shuffle (Fisher-Yates through the host's source).
    public mutating func shuffle(_ random: RandomSource) throws { try random.shuffle(&cards) }

    /// Takes `n` cards from the top (fewer if the deck runs out).
    public mutating func draw(_ n: Int = 1) -> [Card] {
        let taken = Array(cards.prefix(max(n, 0)))
        cards.removeFirst(taken.count)
        return taken
    }

    /// Deals `each` cards to each of `hands` hands, one card at a time round the table, while
    /// cards last. Callers bound `hands` and `each` (the argument layer does for rules).
    public mutating func deal(hands: Int, each: Int) -> [[Card]] {
        let hands = max(hands, 0)
        var dealt = Array(repeating: [Card](), count: hands)
        guard hands > 0 else { return dealt }
        let total = min(cards.count, hands * max(each, 0))
        for k in 0..<total { dealt[k % hands].append(cards[k]) }
        cards.removeFirst(total)
        return dealt
    }

    /// The top `n` cards, left in place.
    public func peek(_ n: Int = 1) -> [Card] { Array(cards.prefix(max(n, 0))) }

    /// Moves the top `n` cards to the bottom.
    public mutating func cut(_ n: Int) {
        guard !cards.isEmpty else { return }
        let k = ((n % cards.count) + cards.count) % cards.count
        cards = Array(cards[k...] + cards[..<k])
    }

    /// Turns card `i` face up at time `now`.
    public mutating func turnUp(_ i: Int, at now: Double) { cards[i].turnUp(at: now) }

    /// Turns card `i` face down at time `now` (see `Card.turnDown`).
    public mutating func turnDown(_ i: Int, at now: Double) { cards[i].turnDown(at: now) }

    /// Indices of the cards face up (counting from 0).
    public var faceUp: [Int] { cards.indices.filter { cards[$0].faceUp } }

    public var allMatched: Bool { cards.allSatisfy(\.matched) }
}
