/// A pile of cards (or of anything) whose top is the first element: dealt and cut. (Drawing
/// and peeking take the top `n`, after `check`; shuffling is `RandomSource.shuffle`.) The elements move, never copy, so the host can apply the same moves
/// to a rule's own card tables by position. Asking for more than the pile holds is an error,
/// not a shorter answer: a card game that runs out must say what happens next.
public struct Pile<Card> {
    public var cards: [Card]

    public init(_ cards: [Card]) { self.cards = cards }

    /// Deals `each` cards to each of `hands` hands, one card at a time round the table.
    public mutating func deal(hands: Int, each: Int) throws -> [[Card]] {
        guard hands > 0, each >= 0 else { throw PileError.badDeal(hands: hands, each: each) }
        let (total, overflow) = hands.multipliedReportingOverflow(by: each)
        try Self.check(overflow ? Int.max : total, left: cards.count)
        var dealt = Array(repeating: [Card](), count: hands)
        for k in 0..<total { dealt[k % hands].append(cards[k]) }
        cards.removeFirst(total)
        return dealt
    }

    /// Moves the top `n` cards to the bottom (a negative `n` moves cards from the bottom to
    /// the top); `n` counts round the pile.
    public mutating func cut(_ n: Int) {
        guard !cards.isEmpty else { return }
        let k = ((n % cards.count) + cards.count) % cards.count
        cards = Array(cards[k...] + cards[..<k])
    }

    /// Whether `n` cards can be taken from the top of a pile of `left` (drawn or peeked).
    public static func check(_ n: Int, left: Int) throws {
        guard n >= 0 else { throw PileError.negative(n) }
        guard n <= left else { throw PileError.tooFew(asked: n, left: left) }
    }

    /// `copies` of each content in turn: pairs with 2, three of a kind with 3. Repeated
    /// contents are made once.
    public static func repeating(_ contents: [String], copies: Int) -> [String] {
        var seen: Set<String> = []
        return contents.filter { seen.insert($0).inserted }.flatMap { Array(repeating: $0, count: max(copies, 1)) }
    }
}

extension Pile: Equatable where Card: Equatable {}

public enum PileError: Error, Equatable, CustomStringConvertible {
    case tooFew(asked: Int, left: Int)
    case negative(Int)
    case badDeal(hands: Int, each: Int)

    public var description: String {
        switch self {
        case .tooFew(let asked, let left):
            "asked for \(asked) card\(asked == 1 ? "" : "s"), but \(left == 0 ? "none is" : left == 1 ? "only 1 is" : "only \(left) are") left"
        case .negative(let n): "cannot take \(n) cards"
        case .badDeal(let hands, let each): "cannot deal \(each) cards to \(hands) hands"
        }
    }
}
