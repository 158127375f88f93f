import Foundation
import GameCore
import GameRuntime
import GameStorage
import GameHostTesting
import LuaKit
import XCTest

/// Blackjack's rule book (docs/games.md): examples B-1 to B-8, the reshuffle, running out of
/// chips, the leaderboard and what programs may see.
final class BlackjackTests: XCTestCase {
    /// A session whose first shuffle puts `top` (labels, in the order dealt) on top of the deck.
    func blackjack(_ top: [String], scores: ScoreStore? = nil) throws -> RuleTester {
        try RuleTester(RuleTester.builtIn("blackjack"), forceShuffles: [Self.order(top)], scores: scores)
    }

    /// The shuffle that puts `top` first and leaves the rest in new-deck order.
    static func order(_ top: [String]) -> [Int] {
        let names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        let suits = ["♠", "♥", "♦", "♣"]
        let first = top.map { label -> Int in
            let suit = suits.firstIndex(of: String(label.last!))!
            return suit * 13 + names.firstIndex(of: String(label.dropLast()))! + 1
        }
        return first + (1...52).filter { !first.contains($0) }
    }

    func testB1ANaturalPaysThreeToTwo() throws {
        let t = try blackjack(["A♠", "9♣", "K♥", "7♦"])
        t.send("10")
        XCTAssertEqual(t.last.messages, ["Blackjack! You win 15."])
        t.assertState("chips", 115)
        t.assertState("phase", "bet")
    }

    func testB2TheDealerStandsOnSoftSeventeen() throws {
        let t = try blackjack(["10♠", "6♣", "8♥", "A♦"])
        t.send("10")
        XCTAssertTrue(t.last.view(of: 1).view.contains("Dealer (6 + ?)\n6♣ ▓▓\n"), t.last.view(of: 1).view)
        XCTAssertTrue(t.last.view(of: 1).view.contains("You (18)\n10♠ 8♥\n"), t.last.view(of: 1).view)
        // The hole card lies face down: its face is not in the view's elements.
        let dealer = t.last.view(of: 1).elements?.compactMap { element -> [ViewElement.Card]? in
            if case .cards(let cards, _, _) = element.kind, element.label == "the dealer's hand" { return cards }
            return nil
        }.first
        XCTAssertEqual(dealer, [ViewElement.Card(face: "6♣", id: "dealer-1"), ViewElement.Card(up: false, id: "dealer-2")])
        t.send("stand")
        XCTAssertEqual(t.last.messages, ["18 against 17. You win 10."])
        XCTAssertEqual(t.state["dealer"].array?.count, 2, "no card drawn on soft 17")
        t.assertState("chips", 110)
    }

    func testB3DoubleDownTakesOneCardAndStands() throws {
        let t = try blackjack(["5♠", "10♦", "6♥", "7♠", "10♣"])
        t.send("10")
        XCTAssertEqual(t.last.view(of: 1).moves, ["hit", "stand", "double"])
        t.send("d")
        XCTAssertEqual(t.last.messages, ["21 against 17. You win 20."])
        t.assertState("chips", 120)
    }

    func testB4BustLosesAtOnce() throws {
        let t = try blackjack(["10♠", "9♦", "6♥", "8♠", "K♣"])
        t.send("25")
        t.send("hit")
        XCTAssertEqual(t.last.messages, ["You bust with 26. You lose 25."])
        t.assertState("chips", 75)
        XCTAssertEqual(t.state["dealer"].array?.count, 2, "the dealer does not play after a bust")
    }

    func testB5TwoNaturalsPush() throws {
        let t = try blackjack(["A♠", "A♦", "K♥", "Q♠"])
        t.send("10")
        XCTAssertEqual(t.last.messages, ["Two naturals. Push: your bet comes back."])
        t.assertState("chips", 100)
        // A natural is called what it is, the dealer's too: not "soft 21".
        XCTAssertTrue(t.last.view(of: 1).view.contains("Dealer (blackjack)\n"), t.last.view(of: 1).view)
        XCTAssertTrue(t.last.view(of: 1).view.contains("You (blackjack)\n"), t.last.view(of: 1).view)
    }

    func testTheBestChipsCountTheStakeTheSittingBeganWith() throws {
        let dir = NSTemporaryDirectory() + "blackjack-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A first hand lost (10 on 19 against the dealer's 20): 90 chips, and the best is still 100.
        let t = try blackjack(["10♠", "10♣", "9♥", "K♦"], scores: ScoreStore(directory: dir))
        t.send("10")
        t.send("stand")
        t.assertState("chips", 90)
        t.assertState("best", 100)
        XCTAssertTrue(t.last.view(of: 1).view.contains("Best: 100"), t.last.view(of: 1).view)
        // The leaderboard takes what was held after a hand: the stake is no score.
        t.send("leave")
        XCTAssertEqual(t.result?.summary, "You leave with 90 chips after 1 hand (best 100).\nRank 1. Best: 1st 90 chips")
    }

    func testB6TheDealerDrawsBelowSeventeen() throws {
        let t = try blackjack(["10♠", "10♦", "6♥", "6♠", "2♣", "5♥"])
        t.send(["10", "h", "s"])
        XCTAssertEqual(t.last.messages, ["18 against 21. You lose 10."])
        t.assertState("chips", 90)
    }

    func testB7DoubleOnlyOnTwoCardsAndBetsWithinLimits() throws {
        let t = try blackjack(["5♠", "10♦", "6♥", "7♠", "2♣"])
        t.send("0")
        t.assertRefused(containing: "bet a whole number of chips from 1 to 25, or leave")
        t.send("26")
        t.assertRefused(containing: "from 1 to 25")
        t.send(["10", "hit"])
        XCTAssertEqual(t.last.view(of: 1).moves, ["hit", "stand"])
        t.send("double")
        t.assertRefused(containing: "you can double down only on your first two cards")
    }

    func testB8LeavingEndsTheSittingOnTheLeaderboard() throws {
        let dir = NSTemporaryDirectory() + "blackjack-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = try blackjack(["A♠", "9♣", "K♥", "7♦"], scores: ScoreStore(directory: dir))
        t.send(["10", "leave"])
        XCTAssertEqual(t.result?.summary, "You leave with 115 chips after 1 hand (best 115).\nRank 1. Best: 1st 115 chips")
        XCTAssertEqual(t.result?.winner, "player")
        // Leaving before a hand puts nothing on the board (BoardTrustTests).
        let again = try blackjack([], scores: ScoreStore(directory: dir))
        again.send("leave")
        XCTAssertEqual(again.result?.summary, "You leave with 100 chips after 0 hands.")
    }

    func testTheDeckIsReshuffledWhenAQuarterIsLeft() throws {
        let t = try blackjack([])
        var hands = 0
        while t.state["deck"].array!.count > 13 {
            t.send("1")
            if t.state["phase"] == "play" { t.send("stand") }
            hands += 1
        }
        XCTAssertGreaterThan(hands, 5)
        t.send("1")
        XCTAssertTrue(t.last.messages.first == "The dealer shuffles the deck.", "\(t.last.messages)")
        XCTAssertEqual(t.state["deck"].array!.count + t.state["player"].array!.count + t.state["dealer"].array!.count, 52)
    }

    func testOutOfChipsEndsTheGame() throws {
        let t = try blackjack([])
        var hands = 0
        while t.result == nil && hands < 2000 {
            let most = t.last.view(of: 1).moves.compactMap { Int($0) }.max() ?? 1
            t.send(t.state["phase"] == "play" ? "hit" : String(most))
            hands += 1
        }
        XCTAssertEqual(t.result?.winner, "dealer")
        let chips: Double? = switch t.state["chips"] { case .integer(let n): Double(n); case .number(let d): d; default: nil }
        XCTAssertLessThan(chips ?? 99, 1)
        // Said once, by the result's summary.
        XCTAssertTrue(t.result?.summary.hasPrefix("You are out of chips after") == true, t.result?.summary ?? "")
        XCTAssertFalse(t.transcript.joined().contains("You are out of chips."))
    }

    func testProgramsSeeNeitherTheDeckNorTheHoleCard() throws {
        let t = try blackjack(["10♠", "6♣", "8♥", "A♦"])
        t.send("10")
        let seen = try t.engine.observation()
        XCTAssertEqual(seen["deck"], .null, "the deck is secret")
        XCTAssertEqual(seen["dealer"].array?[0]["label"], .string("6♣"))
        XCTAssertEqual(seen["dealer"].array?[1], .object(["hidden": .bool(true)]), "the hole card shows nothing but that it is hidden")
        XCTAssertEqual(seen["player"].array?[1]["label"], .string("8♥"))
        XCTAssertFalse(seen.encoded.contains("A♦"))
    }

    func testACardThatIsNotFaceUpShowsNoFace() throws {
        let files = RuleFiles()
        let path = files.write("cards", RuleFiles.rule([
            "setup": """
                function(game)
                    local d = game.cards.standard()
                    d[1].faceUp = 0; d[2].matched = true; d[3].faceUp = true; d[4].faceUp = nil
                    return { n = 0, log = {}, a = d[1], b = d[2], c = d[3], d = d[4], shown = game.cards.show({ d[1], d[2], d[3] }) }
                  end
                """]))
        let t = try RuleTester(path)
        let seen = try t.engine.observation()
        XCTAssertEqual(seen["a"], .object(["hidden": .bool(true)]), "faceUp = 0 is not face up")
        XCTAssertEqual(seen["b"], .object(["hidden": .bool(true)]), "a matched standard card stays hidden, and shows no field")
        XCTAssertEqual(seen["c"]["label"], .string("3♠"))
        XCTAssertEqual(seen["d"]["label"], .string("4♠"), "no faceUp field: not a card lying face down")
        t.assertState("shown", "?? ?? 3♠")
    }

    func testASCIILabels() throws {
        let t = try RuleTester(RuleTester.builtIn("blackjack"), forceShuffles: [Self.order(["10♠", "6♣", "8♥", "A♦"])], ascii: true)
        t.send("10")
        XCTAssertTrue(t.last.view(of: 1).view.contains("You (18)\n10S 8H\n"), t.last.view(of: 1).view)
        XCTAssertTrue(t.last.view(of: 1).view.contains("\n6C ##\n"), t.last.view(of: 1).view)
    }
}
