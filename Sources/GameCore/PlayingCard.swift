/// The standard 52-card deck (and its jokers): ranks, suits, labels and colours, the order
/// of ranks with aces high or low, and the hand totals of common games. Rules get these as
/// plain card tables through `game.cards.standard`.
public struct PlayingCard: Equatable {
    public enum Suit: String, CaseIterable {
        case spades, hearts, diamonds, clubs

        public var symbol: String {
            switch self {
            case .spades: "♠"
            case .hearts: "♥"
            case .diamonds: "♦"
            case .clubs: "♣"
            }
        }
        public var letter: String { String(rawValue.prefix(1).uppercased()) }
        public var colour: String { self == .hearts || self == .diamonds ? "red" : "black" }
    }

    /// 1 (ace) to 13 (king); 0 for a joker.
    public var rank: Int
    /// nil for a joker.
    public var suit: Suit?
    /// A joker's colour: the first joker of a deck is black, the second red.
    public var jokerColour = "black"

    public init(rank: Int, suit: Suit?) {
        self.rank = rank
        self.suit = suit
    }

    public static func joker(colour: String) -> PlayingCard {
        var card = PlayingCard(rank: jokerRank, suit: nil)
        card.jokerColour = colour
        return card
    }

    public static let jokerRank = 0

    /// Where the card lies in a new deck with two jokers: 1 (the ace of spades) to 52 (the
    /// king of clubs), then 53 and 54 for the black and the red joker.
    public var newDeckPosition: Int {
        guard let suit else { return jokerColour == "red" ? 54 : 53 }
        return Suit.allCases.firstIndex(of: suit)! * 13 + rank
    }

    public static let rankNames = ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

    public var name: String { Self.rankNames[min(max(rank, 0), 13)] }
    public var colour: String { suit?.colour ?? jokerColour }

    /// "A♠", "10♥"; with `ascii`, "AS", "10H". A joker is "Joker".
    public func label(ascii: Bool) -> String {
        guard let suit else { return "Joker" }
        return name + (ascii ? suit.letter : suit.symbol)
    }

    /// One or more standard decks, each in new-deck order (spades, hearts, diamonds, clubs,
    /// ace to king), then its jokers.
    public static func decks(_ count: Int, jokers: Int) -> [PlayingCard] {
        var one = Suit.allCases.flatMap { suit in (1...13).map { PlayingCard(rank: $0, suit: suit) } }
        for k in 0..<max(jokers, 0) { one.append(.joker(colour: k % 2 == 0 ? "black" : "red")) }
        return Array(repeating: one, count: max(count, 0)).flatMap { $0 }
    }

    /// Where a rank stands for comparing: with aces high, 2 < ... < K < A; with aces low,
    /// A < 2 < ... < K. A joker stands above every other card.
    public static func order(ofRank rank: Int, acesHigh: Bool) -> Int {
        if rank == jokerRank { return 15 }
        return rank == 1 && acesHigh ? 14 : rank
    }

    /// How the common games count a hand.
    public enum Count: String, CaseIterable {
        /// Aces 1 or 11 (one ace counts 11 while the total stays at most 21: a "soft" hand),
        /// tens and faces 10.
        case blackjack
        /// Cribbage's and most counting games' pips: aces 1, number cards their number,
        /// faces 10.
        case pips
        /// Baccarat: pips with tens and faces 0, the total's last digit.
        case baccarat
        /// The sum of ranks: aces 1 to kings 13.
        case ranks
    }

    /// The total of a hand of ranks and, for blackjack, whether it is soft. Jokers count 0.
    /// (One pass, no array: blackjack asks for a total at every move.)
    public static func total(ofRanks ranks: [Int], _ count: Count) -> (total: Int, soft: Bool) {
        var total = 0, ace = false
        for rank in ranks where (1...13).contains(rank) {
            switch count {
            case .ranks: total += rank
            case .pips, .blackjack: total += min(rank, 10)
            case .baccarat: total += rank >= 10 ? 0 : rank
            }
            if rank == 1 { ace = true }
        }
        switch count {
        case .baccarat: return (total % 10, false)
        case .blackjack where ace && total + 10 <= 21: return (total + 10, true)
        default: return (total, false)
        }
    }
}
