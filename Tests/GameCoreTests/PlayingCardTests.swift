import GameCore
import XCTest

final class PlayingCardTests: XCTestCase {
    func testStandardDecks() {
        let deck = PlayingCard.decks(1, jokers: 0)
        XCTAssertEqual(deck.count, 52)
        XCTAssertEqual(Set(deck.map { "\($0.rank)\($0.suit!.rawValue)" }).count, 52, "no card twice")
        XCTAssertEqual(deck.first.map { $0.label(ascii: false) }, "A♠")
        XCTAssertEqual(deck[9].label(ascii: false), "10♠")
        XCTAssertEqual(deck[22].label(ascii: true), "10H")
        XCTAssertEqual(deck.last.map { $0.label(ascii: true) }, "KC")
        XCTAssertEqual(deck.filter { $0.colour == "red" }.count, 26)
        let jokers = PlayingCard.decks(2, jokers: 2)
        XCTAssertEqual(jokers.count, 108)
        XCTAssertEqual(jokers.filter { $0.rank == PlayingCard.jokerRank }.map(\.colour), ["black", "red", "black", "red"])
        XCTAssertEqual(jokers[52].label(ascii: false), "Joker")
    }

    func testOrderWithAcesHighOrLow() {
        XCTAssertGreaterThan(PlayingCard.order(ofRank: 1, acesHigh: true), PlayingCard.order(ofRank: 13, acesHigh: true))
        XCTAssertLessThan(PlayingCard.order(ofRank: 1, acesHigh: false), PlayingCard.order(ofRank: 2, acesHigh: false))
        XCTAssertGreaterThan(PlayingCard.order(ofRank: 0, acesHigh: true), PlayingCard.order(ofRank: 1, acesHigh: true), "a joker beats an ace")
    }

    func testTotals() {
        func total(_ ranks: [Int], _ count: PlayingCard.Count) -> String {
            let (t, soft) = PlayingCard.total(ofRanks: ranks, count)
            return soft ? "soft \(t)" : "\(t)"
        }
        XCTAssertEqual(total([1, 6], .blackjack), "soft 17")
        XCTAssertEqual(total([1, 6, 10], .blackjack), "17", "the ace drops to 1 rather than bust")
        XCTAssertEqual(total([1, 1], .blackjack), "soft 12", "only one ace counts 11")
        XCTAssertEqual(total([1, 13], .blackjack), "soft 21")
        XCTAssertEqual(total([12, 13, 5], .blackjack), "25")
        XCTAssertEqual(total([1, 5, 11], .pips), "16")
        XCTAssertEqual(total([7, 9], .baccarat), "6")
        XCTAssertEqual(total([10, 13, 8], .baccarat), "8")
        XCTAssertEqual(total([1, 12, 0], .ranks), "13", "jokers count nothing")
    }
}
