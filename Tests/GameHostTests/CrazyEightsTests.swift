import GameRuntime
import GameHostTesting
import XCTest

/// Crazy Eights (rules/crazy-eights.lua): the rule book's examples C-1 to C-6, bad input, the
/// deal, what each seat may see, the end and its scores, a blocked game, and the rule's bot.
final class CrazyEightsTests: XCTestCase {
    static let rule = RuleTester.builtIn("crazy-eights")

    /// The top of a deck that deals `hands` (hands[0] is seat 1's, each a full hand) one card at
    /// a time from the left of `dealer`, then turns up `starter`, with `stock` next.
    static func deck(_ hands: [[String]], dealer: Int = 1, starter: String, stock: [String] = []) -> [String] {
        let seats = hands.count
        var top: [String] = []
        for round in 0..<hands[0].count {
            for k in 0..<seats { top.append(hands[(dealer + k) % seats][round]) }
        }
        return top + [starter] + stock
    }

    /// A table of `hands.count` seats (game 1: seat 1 deals, seat 2 plays first) whose shuffle
    /// deals `hands` and turns up `starter`; the rest of the deck stays in new-deck order.
    func table(_ hands: [[String]], starter: String, stock: [String] = [], force: [Int] = [],
               file: StaticString = #filePath, line: UInt = #line) throws -> RuleTester {
        var config = RuleTester.Config()
        config.seats = hands.count
        config.forceDecks = [Self.deck(hands, starter: starter, stock: stock)]
        config.force = force
        return try RuleTester(Self.rule, config, file: file, line: line)
    }

    /// The labels of the cards of a pile in the state ("hands.2", "stock", "discard"), top first.
    func labels(_ t: RuleTester, _ path: String) -> [String] {
        (t.value(at: path).array ?? []).compactMap { $0["label"].string }
    }

    // MARK: The rule book's examples

    /// C-1: a card must match the top card's rank or suit.
    func testC1ACardMatchesTheTopCardsRankOrSuit() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7♥", as: 2)
        XCTAssertEqual(t.last.messages, ["Seat 2 plays 7♥"])
        XCTAssertEqual(labels(t, "discard").first, "7♥")
        XCTAssertEqual(t.toMove, [1])
        XCTAssertEqual(t.moves(for: 1).listed, ["7s", "kh", "draw"])
        t.send("2c", as: 1)
        t.assertRefused(containing: "2♣ matches neither 7 nor ♥")
        XCTAssertEqual(t.toMove, [1], "seat 1 is still to play")
        XCTAssertEqual(labels(t, "hands.1").count, 7)
    }

    /// C-1 with an eight in the hand: an eight is offered on anything, in the hand's order.
    func testC1AnEightIsOfferedOnAnything() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "8♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7h", as: 2)
        XCTAssertEqual(t.moves(for: 1).listed, ["7s", "kh", "8d", "draw"])
        XCTAssertEqual(t.moves(for: 2).listed, [], "a seat that is not to move is offered nothing")
    }

    /// C-2: an eight's player calls a suit, and only that suit (or an eight) may follow.
    func testC2AnEightCallsTheSuitThatMustFollow() throws {
        let t = try table([["8♣", "2♦", "4♦", "5♦", "6♦", "9♦", "10♦"],
                           ["7♥", "K♥", "3♠", "2♣", "3♣", "4♣", "5♣"]], starter: "7♦")
        t.send("7h", as: 2)
        t.send("8c", as: 1)
        XCTAssertEqual(t.last.messages, ["Seat 1 plays 8♣"])
        XCTAssertEqual(t.toMove, [1], "the eight's player calls next")
        XCTAssertEqual(t.moves(for: 1).listed, ["clubs", "diamonds", "hearts", "spades"])
        t.send("spades", as: 1)
        XCTAssertEqual(t.last.messages, ["Seat 1 calls spades"])
        t.assertState("called", "spades")
        XCTAssertTrue(t.view(for: 2).contains("Suit called: ♠"), t.view(for: 2))
        XCTAssertEqual(t.moves(for: 2).listed, ["3s", "draw"])
        t.send("kh", as: 2)
        t.assertRefused(containing: "K♥ is not a ♠")
        t.send("3s", as: 2)
        t.assertAccepted()
        XCTAssertEqual(labels(t, "discard").first, "3♠")
        t.assertState("called", .nil)
    }

    /// The suit may be called by its letter or sign too; anything else is refused while a call is due.
    func testASuitIsCalledByNameLetterOrSign() throws {
        for (call, suit) in [("D", "diamonds"), ("♥", "hearts"), ("Clubs", "clubs")] {
            let t = try table([["8♣", "2♦", "4♦", "5♦", "6♦", "9♦", "10♦"],
                               ["7♥", "K♥", "3♠", "2♣", "3♣", "4♣", "5♣"]], starter: "7♦")
            t.send(["7h", "8c"])
            t.send("draw", as: 1)
            t.assertRefused(containing: "call a suit")
            t.send("2d", as: 1)
            t.assertRefused(containing: "call a suit")
            t.send(call, as: 1)
            t.assertAccepted()
            t.assertState("called", .string(suit))
        }
    }

    /// C-3: an empty stock is refilled from the discard pile under its top card.
    func testC3AnEmptyStockIsRefilledFromTheDiscardPile() throws {
        let t = try table([["J♦", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"],
                           ["9♦", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥"]], starter: "3♦")
        t.send("9d", as: 2)
        t.send("jd", as: 1)
        XCTAssertEqual(labels(t, "discard"), ["J♦", "9♦", "3♦"])
        // The 37 cards of the stock are drawn, each seat passing after its draw.
        for _ in 0..<37 { t.send(["draw", "pass"]) }
        XCTAssertEqual(labels(t, "stock"), [])
        XCTAssertEqual(t.toMove, [1])
        let before = labels(t, "hands.1")
        t.send("draw", as: 1)
        t.assertAccepted()
        XCTAssertTrue(t.last.messages.contains("Seat 1 draws a card"), "\(t.last.messages)")
        XCTAssertEqual(labels(t, "discard"), ["J♦"], "the top card stays")
        let drawn = labels(t, "hands.1").filter { !before.contains($0) }
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(Set(drawn + labels(t, "stock")), ["3♦", "9♦"])
        XCTAssertEqual(t.last.privateMessages[1], ["You draw \(drawn.first ?? "")"])
        // The new stock lies face down and is nobody's.
        t.assertState("stock.1.faceUp", false)
        t.assertState("stock.1.owner", .nil)
        XCTAssertEqual(t.observation(for: 1)["stock"], .array([.object(["hidden": .bool(true)])]))
    }

    /// C-4: the first seat out scores the cards left in the other hands: 50 + 10 + 3.
    func testC4GoingOutScoresTheCardsLeftInTheOtherHands() throws {
        let t = try table([["3♠", "4♥", "5♠", "6♥", "7♠", "9♥", "10♠"],
                           ["3♥", "5♥", "7♥", "10♥", "8♠", "K♦", "3♣"]],
                          starter: "2♥", stock: ["4♠", "6♠", "9♠"])
        t.send(["3h", "3s", "draw", "4s", "4h", "5h", "5s", "draw", "6s", "6h", "7h", "7s", "draw", "9s", "9h", "10h"])
        XCTAssertNil(t.result)
        XCTAssertEqual(labels(t, "hands.1"), ["10♠"])
        XCTAssertEqual(Set(labels(t, "hands.2")), ["8♠", "K♦", "3♣"])
        t.send("10s", as: 1)
        let result = try XCTUnwrap(t.result)
        XCTAssertEqual(result.winningSeats, [1])
        XCTAssertEqual(result.seatScores, [1: 63, 2: 0])
        XCTAssertEqual(result.ranking, [[1], [2]])
        XCTAssertEqual(result.summary, "Seat 1 wins and scores 63.")
        // The hands are shown for the count, and the game takes no more moves.
        XCTAssertTrue(t.view(for: 1).contains("8♠ K♦ 3♣"), t.view(for: 1))
        t.send("draw", as: 2)
        t.assertRefused(containing: "the game is over")
    }

    /// An eight that is its player's last card wins at once, with no call; the eight left in the
    /// other hand counts 50.
    func testAnEightAsTheLastCardWinsWithoutACall() throws {
        let t = try table([["8♥", "A♠", "2♠", "3♠", "4♠", "5♠", "6♠"],
                           ["8♦", "2♦", "3♦", "4♦", "5♦", "6♦", "9♦"]],
                          starter: "7♦", stock: ["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"])
        // Seat 2 plays its diamonds while seat 1 draws and passes.
        for card in ["2d", "3d", "4d", "5d", "6d", "9d"] { t.send([card, "draw", "pass"]) }
        t.send("8d", as: 2)
        XCTAssertEqual(t.last.messages.first, "Seat 2 plays 8♦")
        t.assertState("calling", false)
        let result = try XCTUnwrap(t.result)
        XCTAssertEqual(result.winningSeats, [2])
        // 8♥ 50, A♠-6♠ 21, A♣-6♣ 21.
        XCTAssertEqual(result.seatScores, [1: 0, 2: 92])
        XCTAssertEqual(result.summary, "Seat 2 wins and scores 92.")
    }

    /// C-5: an eight turned up to start goes back into the stock, and the next card is turned.
    func testC5AnEightTurnedUpGoesBackIntoTheStock() throws {
        // The first draw of chance places the eight 11th in the stock; once the next card is
        // turned from the top, it lies 10th.
        let t = try table([["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "9♠"],
                           ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "9♥"]], starter: "8♦", stock: ["5♣"], force: [11])
        XCTAssertEqual(t.last.messages, ["8♦ is turned up and goes back into the stock."])
        XCTAssertEqual(labels(t, "discard"), ["5♣"])
        XCTAssertEqual(labels(t, "stock").count, 37)
        XCTAssertEqual(labels(t, "stock")[9], "8♦")
        t.assertState("stock.10.faceUp", false)
    }

    /// C-5 wherever chance puts the eight: never back on top, so the next card is another.
    func testC5TheEightNeverGoesBackOnTop() throws {
        for seed: UInt64 in 1...20 {
            var config = RuleTester.Config()
            config.seed = seed
            config.forceDecks = [Self.deck([["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "9♠"],
                                            ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "9♥"]], starter: "8♦", stock: ["8♣", "5♣"])]
            let t = try RuleTester(Self.rule, config)
            XCTAssertEqual(labels(t, "discard"), ["5♣"])
            XCTAssertEqual(Set(labels(t, "stock")).intersection(["8♦", "8♣"]).count, 2)
        }
    }

    /// C-6: seat 2 of three sees its hand, the counts of the others and the stock, the discard
    /// pile and the called suit, whatever the hidden cards are and however they lie.
    func testC6ASeatSeesItsHandTheCountsAndTheDiscardsOnly() throws {
        let mine = ["7♥", "9♥", "J♣", "2♦", "3♦"]
        let starter = "9♦"
        let suits = ["♠", "♥", "♦", "♣"], names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        let hidden = suits.flatMap { s in names.map { $0 + s } }.filter { !mine.contains($0) && $0 != starter }
        var generator = SplitMix(seed: 6)
        var reference: (observation: JSONValue, view: String, elements: [ViewElement]?, moves: [String], messages: [String])?
        for arrangement in 0..<6 {
            // Seat 1's and seat 3's hands and the stock: a different deal of the hidden cards each time.
            let others = arrangement == 0 ? hidden : hidden.shuffled(using: &generator)
            let hands = [Array(others[0..<5]), mine, Array(others[5..<10])]
            var config = RuleTester.Config()
            config.seats = 3
            config.forceDecks = [Self.deck(hands, starter: starter, stock: Array(others[10...]))]
            let t = try RuleTester(Self.rule, config)
            // The same public moves in each: seat 2 plays, seats 3 and 1 draw and pass.
            t.send("9h", as: 2)
            t.send("draw", as: 3)
            var messages = t.last.messages(for: 2)
            t.send("pass", as: 3)
            t.send("draw", as: 1)
            messages += t.last.messages(for: 2)
            t.send("pass", as: 1)
            let observation = t.observation(for: 2)
            let seen = (observation: observation, view: t.view(for: 2), elements: t.elements(for: 2), moves: t.moves(for: 2).listed, messages: messages)
            // What seat 2 sees: its own hand, the others' and the stock's counts, the discards.
            let text = observation.encoded
            for label in hidden where labels(t, "stock").contains(label) || labels(t, "hands.1").contains(label)
                || labels(t, "hands.3").contains(label) {
                XCTAssertFalse(text.contains("\"\(label)\""), "seat 2 sees \(label): \(text)")
                XCTAssertFalse(seen.view.contains(label), "seat 2's view shows \(label)")
            }
            for label in ["J♣", "2♦", "3♦", "7♥"] { XCTAssertTrue(text.contains("\"\(label)\""), text) }
            XCTAssertEqual(observation["hands"]?[0]?.arrayCount, 6)
            XCTAssertEqual(observation["hands"]?[2]?.arrayCount, 6)
            XCTAssertEqual(observation["stock"]?.arrayCount, 34)
            XCTAssertEqual(observation["discard"]?[0]?["label"], .string("9♥"))
            XCTAssertEqual(observation["discard"]?[1]?["label"], .string("9♦"))
            XCTAssertTrue(seen.view.contains("Seat 1: 6 cards") && seen.view.contains("Seat 3: 6 cards")
                          && seen.view.contains("Stock: 34"), seen.view)
            XCTAssertEqual(seen.messages, ["Seat 3 draws a card", "Seat 1 draws a card"])
            if let reference {
                XCTAssertEqual(seen.observation, reference.observation, "arrangement \(arrangement)")
                XCTAssertEqual(seen.view, reference.view)
                XCTAssertEqual(seen.elements, reference.elements)
                XCTAssertEqual(seen.moves, reference.moves)
                XCTAssertEqual(seen.messages, reference.messages)
            } else {
                reference = seen
            }
        }
    }

    /// After an eight the called suit is part of what every seat sees.
    func testC6TheCalledSuitIsSeenByEverySeat() throws {
        let t = try table([["8♣", "2♦", "4♦", "5♦", "6♦", "9♦", "10♦"],
                           ["7♥", "K♥", "3♠", "2♣", "3♣", "4♣", "5♣"]], starter: "7♦")
        t.send(["7h", "8c", "s"])
        for seat in 1...2 { XCTAssertEqual(t.observation(for: seat)["called"], .string("spades")) }
    }

    // MARK: Bad input

    func testAnUnknownCardIsRefused() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        for input in ["zz", "1h", "11s", "7x", "7", "h", "spades", "drawn"] {
            t.send(input, as: 2)
            t.assertRefused(containing: "is not a card, draw or pass")
        }
        XCTAssertEqual(t.toMove, [2])
    }

    func testACardNotInTheHandIsRefused() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7s", as: 2)
        t.assertRefused(containing: "you do not hold 7♠")
        t.send("qd", as: 2)
        t.assertRefused(containing: "you do not hold Q♦")
    }

    func testTheTypedFormsOfACardAreAccepted() throws {
        for input in ["7♥", "7H", "7h", "7 ♥", "7♡"] {
            let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                               ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
            t.send(input, as: 2)
            t.assertAccepted()
            XCTAssertEqual(labels(t, "discard").first, "7♥", input)
        }
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "10♦")
        t.send("DRAW", as: 2)
        t.assertAccepted()
        t.send("10S", as: 2)
        t.assertAccepted()
        t.send("KH", as: 1)
        t.assertRefused(containing: "K♥ matches neither 10 nor ♠")
    }

    func testOnlyOneDrawATurn() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("draw", as: 2)
        XCTAssertEqual(t.moves(for: 2).listed, ["7h", "pass"], "the drawn A♠ does not match")
        t.send("draw", as: 2)
        t.assertRefused(containing: "you have drawn already this turn")
        XCTAssertEqual(labels(t, "hands.2").count, 8)
        t.send("pass", as: 2)
        XCTAssertEqual(t.last.messages, ["Seat 2 passes"])
        XCTAssertEqual(t.toMove, [1])
        XCTAssertEqual(t.moves(for: 1).listed, ["7s", "4d", "draw"], "the next seat may draw again")
    }

    /// The drawn card may be played, or another playable card.
    func testAfterDrawingAnyPlayableCardMayBePlayed() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦", stock: ["2♦"])
        t.send("draw", as: 2)
        XCTAssertEqual(t.last.privateMessages[2], ["You draw 2♦"])
        XCTAssertNil(t.last.privateMessages[1])
        XCTAssertEqual(t.moves(for: 2).listed, ["7h", "2d", "pass"])
        t.send("7h", as: 2)
        t.assertAccepted()
        XCTAssertEqual(t.toMove, [1])
    }

    func testNoPassWithoutDrawing() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        XCTAssertFalse(t.moves(for: 2).listed.contains("pass"))
        t.send("pass", as: 2)
        t.assertRefused(containing: "draw a card first")
        XCTAssertEqual(t.toMove, [2])
    }

    func testNoInputOutOfTurn() throws {
        let t = try table([["7♠", "K♥", "2♣", "3♠", "6♠", "4♦", "5♣"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7s", as: 1)
        t.assertRefused(containing: "it is not seat 1's turn")
        t.send("draw", as: 1)
        t.assertRefused(containing: "it is not seat 1's turn")
        XCTAssertEqual(labels(t, "hands.1").count, 7)
        XCTAssertEqual(labels(t, "stock").count, 37)
    }

    // MARK: The deal

    func testTwoSeatsAreDealtSevenCardsEach() throws {
        let t = try RuleTester(Self.rule, RuleTester.Config())
        XCTAssertEqual(labels(t, "hands.1").count, 7)
        XCTAssertEqual(labels(t, "hands.2").count, 7)
        XCTAssertEqual(labels(t, "stock").count, 37)
        XCTAssertEqual(labels(t, "discard").count, 1)
        t.assertState("discard.1.faceUp", true)
        t.assertState("dealer", 1)
        XCTAssertEqual(t.toMove, [2], "play starts left of the dealer")
        for seat in 1...2 {
            for card in t.value(at: "hands.\(seat)").array ?? [] {
                XCTAssertEqual(card["owner"], .integer(Int64(seat)))
                XCTAssertEqual(card["faceUp"], .boolean(false))
            }
        }
    }

    func testThreeAndFourSeatsAreDealtFiveCardsEach() throws {
        for seats in 3...4 {
            var config = RuleTester.Config()
            config.seats = seats
            let t = try RuleTester(Self.rule, config)
            for seat in 1...seats { XCTAssertEqual(labels(t, "hands.\(seat)").count, 5, "\(seats) seats") }
            XCTAssertEqual(labels(t, "stock").count, 52 - 5 * seats - 1)
            XCTAssertEqual(t.toMove, [2])
        }
    }

    /// One card at a time round the table, from the dealer's left; the next card starts the
    /// discard pile.
    func testTheDealGoesOneCardAtATimeFromTheDealersLeft() throws {
        let spades = ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠"]
        var config = RuleTester.Config()
        config.seats = 4
        config.forceDecks = [spades + ["A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥"]]
        let t = try RuleTester(Self.rule, config)
        XCTAssertEqual(labels(t, "hands.2"), ["A♠", "5♠", "9♠", "K♠", "4♥"])
        XCTAssertEqual(labels(t, "hands.3"), ["2♠", "6♠", "10♠", "A♥", "5♥"])
        XCTAssertEqual(labels(t, "hands.4"), ["3♠", "7♠", "J♠", "2♥", "6♥"])
        XCTAssertEqual(labels(t, "hands.1"), ["4♠", "8♠", "Q♠", "3♥", "7♥"])
        // The next card, 8♥, went back into the stock, and 9♥ was turned instead.
        XCTAssertEqual(labels(t, "discard"), ["9♥"])
        XCTAssertEqual(labels(t, "stock").first, "10♥")
        XCTAssertTrue(labels(t, "stock").contains("8♥"))
    }

    /// Seat 1 deals the first game and the deal passes left: game 2 is dealt by seat 2 and
    /// starts with seat 3, game 3 by seat 3, game 4 by seat 1 again.
    func testTheDealPassesLeftEachGame() throws {
        var config = RuleTester.Config()
        config.seats = 3
        let t = try RuleTester(Self.rule, config)
        t.assertState("dealer", 1)
        XCTAssertEqual(t.toMove, [2])
        XCTAssertTrue(t.view(for: 1).contains("game 1 · Seat 1 deals"), t.view(for: 1))
        t.forceDeck(["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"])
        t.send("/new")
        t.assertState("dealer", 2)
        XCTAssertEqual(t.toMove, [3])
        // Clubs sort last in a hand.
        XCTAssertEqual(Array(labels(t, "hands.3").suffix(2)), ["A♣", "4♣"], "seat 3 gets the first card")
        XCTAssertEqual(Array(labels(t, "hands.1").suffix(2)), ["2♣", "5♣"])
        XCTAssertEqual(Array(labels(t, "hands.2").suffix(2)), ["3♣", "6♣"])
        XCTAssertTrue(t.view(for: 1).contains("game 2 · Seat 2 deals"), t.view(for: 1))
        t.send("/new")
        t.assertState("dealer", 3)
        XCTAssertEqual(t.toMove, [1])
        t.send("/new")
        t.assertState("dealer", 1)
        XCTAssertEqual(t.toMove, [2])
    }

    func testTwoSeatsSwapTheDealInGameTwo() throws {
        let t = try RuleTester(Self.rule, RuleTester.Config())
        t.send("/new")
        t.assertState("dealer", 2)
        XCTAssertEqual(t.toMove, [1])
    }

    // MARK: What each seat sees

    /// In games of every size played by the bot, no seat's observation or view ever holds a
    /// card of another hand or of the stock.
    func testNoSeatEverSeesAHiddenCard() throws {
        for seats in 2...4 {
            var config = RuleTester.Config()
            config.seats = seats
            config.seed = UInt64(seats)
            let t = try RuleTester(Self.rule, config)
            var moves = 0
            while t.result == nil && moves < 400 {
                for seat in 1...seats {
                    var hidden = labels(t, "stock")
                    for other in 1...seats where other != seat { hidden += labels(t, "hands.\(other)") }
                    let text = t.observation(for: seat).encoded, view = t.view(for: seat)
                    for label in hidden {
                        XCTAssertFalse(text.contains("\"\(label)\""), "seat \(seat) sees \(label) at move \(moves)")
                        XCTAssertFalse(view.contains(label), "seat \(seat)'s view shows \(label) at move \(moves)")
                    }
                }
                let seat = try XCTUnwrap(t.toMove.first)
                t.send(try t.engine.botMove(for: seat), as: seat)
                t.assertAccepted()
                moves += 1
            }
            XCTAssertNotNil(t.result, "\(seats) seats")
        }
    }

    /// Views fit 40 columns, and under --ascii they are ASCII.
    func testTheViewFitsFortyColumnsAndWorksInASCII() throws {
        for ascii in [false, true] {
            var config = RuleTester.Config()
            config.seats = 4
            config.ascii = ascii
            let t = try RuleTester(Self.rule, config)
            var moves = 0
            while t.result == nil && moves < 300 {
                for seat in 1...4 {
                    let view = t.view(for: seat)
                    for line in view.split(separator: "\n") {
                        XCTAssertLessThanOrEqual(TerminalWidth.columns(String(line)), 40, "'\(line)'")
                    }
                    if ascii { XCTAssertTrue(view.unicodeScalars.allSatisfy(\.isASCII), view) }
                }
                let seat = try XCTUnwrap(t.toMove.first)
                t.send(try t.engine.botMove(for: seat), as: seat)
                if ascii { XCTAssertTrue(t.last.messages.joined().unicodeScalars.allSatisfy(\.isASCII), "\(t.last.messages)") }
                moves += 1
            }
        }
    }

    func testTheASCIILabelsAreTypedAsCards() throws {
        var config = RuleTester.Config()
        config.ascii = true
        // Under --ascii the cards' labels, which the scripted deck names, are ASCII too.
        config.forceDecks = [Self.deck([["7S", "KH", "2C", "3S", "6S", "4D", "5C"],
                                        ["7H", "2S", "4S", "5S", "9S", "10S", "JS"]], starter: "7D")]
        let t = try RuleTester(Self.rule, config)
        t.send("7H", as: 2)
        XCTAssertEqual(t.last.messages, ["Seat 2 plays 7H"])
        t.send("2c", as: 1)
        t.assertRefused(containing: "2C matches neither 7 nor hearts")
    }

    // MARK: A blocked game

    /// Seat 2's 26 cards and seat 1's 25, with 2♥ turned up: 253 points each. Each seat draws
    /// and passes until the stock is gone, and then no one can draw.
    static let evenSeat2 = ["6♥", "K♠", "10♥", "9♣", "5♥", "7♠", "A♥", "Q♦", "A♣", "4♣", "8♣", "A♦", "5♠",
                            "K♦", "3♠", "9♥", "Q♣", "Q♠", "2♠", "K♣", "J♥", "5♣", "8♦", "6♦", "3♣", "6♠"]
    static let evenSeat1 = ["K♥", "9♦", "9♠", "7♦", "3♥", "4♠", "10♦", "2♣", "4♦", "Q♥", "4♥", "8♠", "10♣",
                            "3♦", "8♥", "J♠", "6♣", "A♠", "7♥", "10♠", "2♦", "5♦", "J♣", "J♦", "7♣"]

    /// Deals the first 7 cards of each list, turns up 2♥, and lays the rest so that seat 2 draws
    /// first; then both seats draw and pass until nothing is left to draw.
    func blockedGame(seat1: [String], seat2: [String]) throws -> RuleTester {
        var stock: [String] = []
        for k in 0..<19 {
            stock.append(seat2[7 + k])
            if k < 18 { stock.append(seat1[7 + k]) }
        }
        let t = try table([Array(seat1.prefix(7)), Array(seat2.prefix(7))], starter: "2♥", stock: stock)
        for _ in 0..<37 { t.send(["draw", "pass"]) }
        XCTAssertNil(t.result)
        XCTAssertEqual(labels(t, "stock"), [])
        XCTAssertEqual(t.moves(for: 1).listed.last, "pass", "nothing is left to draw: a pass without drawing")
        XCTAssertFalse(t.moves(for: 1).listed.contains("draw"))
        return t
    }

    /// Rule 6: the value a card left in a hand counts.
    static func value(_ label: String) -> Int {
        switch String(label.dropLast()) {
        case "8": 50
        case "J", "Q", "K": 10
        case "A": 1
        case let number: Int(number)!
        }
    }

    func testABlockedGameIsWonByTheLowestHand() throws {
        // K♠ and A♠ change places: seat 2 holds 244, seat 1 262.
        var seat2 = Self.evenSeat2, seat1 = Self.evenSeat1
        seat2[1] = "A♠"
        seat1[17] = "K♠"
        XCTAssertEqual(seat2.map(Self.value).reduce(0, +), 244)
        XCTAssertEqual(seat1.map(Self.value).reduce(0, +), 262)
        let t = try blockedGame(seat1: seat1, seat2: seat2)
        t.send("pass", as: 1)
        XCTAssertTrue(t.last.messages.contains("No one can play or draw: the game is blocked."), "\(t.last.messages)")
        let result = try XCTUnwrap(t.result)
        XCTAssertEqual(result.winningSeats, [2])
        XCTAssertEqual(result.seatScores, [1: 0, 2: 18])
        XCTAssertEqual(result.ranking, [[2], [1]])
        XCTAssertEqual(result.summary, "Blocked: Seat 2 has the lowest hand (244) and scores 18.")
    }

    func testABlockedGameWithEqualHandsIsASharedWin() throws {
        let t = try blockedGame(seat1: Self.evenSeat1, seat2: Self.evenSeat2)
        t.send("pass", as: 1)
        let result = try XCTUnwrap(t.result)
        XCTAssertEqual(result.winningSeats, [1, 2])
        XCTAssertEqual(result.seatScores, [1: 0, 2: 0])
        XCTAssertEqual(result.ranking, [[1, 2]])
        XCTAssertEqual(result.summary, "Blocked: Seat 1 and Seat 2 share the lowest hand (253) and score 0 each.")
    }

    /// With nothing left to draw a seat may pass; a card played ends the run of passes.
    func testAPlayedCardEndsTheRunOfPasses() throws {
        let t = try blockedGame(seat1: Self.evenSeat1, seat2: Self.evenSeat2)
        t.assertState("passes", 1)
        // Seat 1 holds 2♣, which matches the 2♥ on top: the 2♥ under it can be drawn again.
        t.send("2c", as: 1)
        t.assertState("passes", 0)
        XCTAssertTrue(t.moves(for: 2).listed.contains("draw"))
        t.send("draw", as: 2)
        XCTAssertEqual(t.last.privateMessages[2], ["You draw 2♥"])
        XCTAssertEqual(labels(t, "discard"), ["2♣"])
        XCTAssertNil(t.result)
    }

    // MARK: The bot

    /// The state as the bot sees it, for checking its choices.
    struct Seen {
        var hand: [(rank: Int, suit: String)]
        var top: (rank: Int, suit: String)
        var called: String?

        init(_ t: RuleTester, seat: Int) {
            func card(_ v: LuaValue) -> (rank: Int, suit: String) { (Int(v["rank"].integer ?? 0), v["suit"].string ?? "") }
            hand = (t.value(at: "hands.\(seat)").array ?? []).map(card)
            top = card(t.value(at: "discard.1"))
            called = t.value(at: "called").string
        }

        func playable(_ c: (rank: Int, suit: String)) -> Bool {
            if c.rank == 8 { return true }
            if let called { return c.suit == called }
            return c.rank == top.rank || c.suit == top.suit
        }

        /// How many cards other than eights the hand holds of each suit.
        var suitCounts: [String: Int] {
            var counts: [String: Int] = ["spades": 0, "hearts": 0, "diamonds": 0, "clubs": 0]
            for c in hand where c.rank != 8 { counts[c.suit, default: 0] += 1 }
            return counts
        }
    }

    func testTheBotPlaysAMatchingCardBeforeAnEight() throws {
        let t = try table([["8♣", "7♠", "2♥", "3♦", "4♦", "5♦", "6♦"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7h", as: 2)
        // 7♠ and 2♥ match; hearts and spades are held one each, and 7♠ is worth more.
        XCTAssertEqual(try t.engine.botMove(for: 1), "7s")
    }

    func testTheBotPrefersTheSuitItHoldsMostOf() throws {
        let t = try table([["K♠", "7♣", "2♥", "3♥", "4♥", "5♦", "6♦"],
                           ["7♥", "2♠", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7h", as: 2)
        // 7♣ matches by rank, but hearts are the suit held most, and 4♥ sheds the most of them.
        XCTAssertEqual(try t.engine.botMove(for: 1), "4h")
    }

    func testTheBotPlaysAnEightOnlyWhenNothingElseMatchesAndCallsItsLongestSuit() throws {
        let t = try table([["8♣", "2♠", "3♦", "4♦", "5♦", "6♦", "9♣"],
                           ["7♥", "2♥", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦")
        t.send("7h", as: 2)
        XCTAssertEqual(try t.engine.botMove(for: 1), "8c")
        t.send("8c", as: 1)
        XCTAssertEqual(try t.engine.botMove(for: 1), "diamonds")
    }

    func testTheBotDrawsWhenItCannotPlayAndPassesOnlyWhenItMust() throws {
        let t = try table([["2♠", "3♠", "4♦", "5♦", "6♦", "9♣", "10♣"],
                           ["7♥", "2♥", "4♠", "5♠", "9♠", "10♠", "J♠"]], starter: "7♦", stock: ["J♣"])
        t.send("7h", as: 2)
        XCTAssertEqual(try t.engine.botMove(for: 1), "draw")
        t.send("draw", as: 1)
        XCTAssertEqual(try t.engine.botMove(for: 1), "pass")
    }

    /// Every choice the bot makes in games of 2, 3 and 4 seats keeps its own rules.
    func testTheBotKeepsItsRulesInWholeGames() throws {
        for seats in 2...4 {
            for seed: UInt64 in 1...6 {
                var config = RuleTester.Config()
                config.seats = seats
                config.seed = seed
                let t = try RuleTester(Self.rule, config)
                var moves = 0
                while t.result == nil && moves < 1000 {
                    let seat = try XCTUnwrap(t.toMove.first)
                    let seen = Seen(t, seat: seat)
                    let offered = t.moves(for: seat).listed
                    let move = try t.engine.botMove(for: seat)
                    XCTAssertTrue(offered.contains(move), "the bot chose '\(move)', not among \(offered)")
                    let matching = seen.hand.filter { $0.rank != 8 && seen.playable($0) }
                    if t.value(at: "calling") == .boolean(true) {
                        XCTAssertEqual(seen.suitCounts[move], seen.suitCounts.values.max(), "called \(move) with \(seen.hand)")
                    } else if move.hasPrefix("8") {
                        XCTAssertTrue(matching.isEmpty, "an eight played while holding \(matching)")
                    } else if move == "draw" {
                        XCTAssertTrue(seen.hand.allSatisfy { !seen.playable($0) }, "drew holding a playable card")
                    } else if move == "pass" {
                        XCTAssertTrue(seen.hand.allSatisfy { !seen.playable($0) }, "passed holding a playable card")
                        XCTAssertFalse(offered.contains("draw"), "passed when it could draw")
                    }
                    t.send(move, as: seat)
                    t.assertAccepted()
                    moves += 1
                }
                XCTAssertNotNil(t.result, "\(seats) seats, seed \(seed): no end after \(moves) moves")
            }
        }
    }

    /// Tables of bots only play their games to the end.
    func testGamesOfBotsEnd() throws {
        for seats in 3...4 {
            for seed: UInt64 in 1...10 {
                var config = RuleTester.Config()
                config.seats = seats
                config.seed = seed
                config.botSeats = Set(1...seats)
                let t = try RuleTester(Self.rule, config)
                let result = try XCTUnwrap(t.result, "\(seats) seats, seed \(seed)")
                XCTAssertEqual(result.winningSeats.count, 1)
                XCTAssertEqual(result.seatScores.count, seats)
                XCTAssertEqual(result.ranking.flatMap { $0 }.sorted(), Array(1...seats))
            }
        }
    }
}

/// A small seeded generator, so the arrangements a test shuffles are the same every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
    subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
    var arrayCount: Int? {
        if case .array(let items) = self { return items.count }
        return nil
    }
}
