import Foundation
import GameHostTesting
import GameRules
import LuaKit
import XCTest

/// `game.cards` as a rule author uses it: the rule's own card tables move through every deck
/// operation, standard cards carry their rank, suit and label, and asking for too much is an
/// error that names the function.
final class CardAPITests: XCTestCase {
    func run(_ source: String, ascii: Bool = false) throws -> [LuaValue] {
        let sandbox = RuleSandbox(seed: 3, ascii: ascii)
        return try sandbox.lua.call(try sandbox.lua.load("local game = ...\n" + source, chunkName: "rules/x.lua"), [.ref(sandbox.game)])
    }

    func testFieldsARuleAddsSurviveEveryOperation() throws {
        let r = try run("""
            local deck = game.cards.standard()
            for i, card in ipairs(deck) do card.mine = i; card.tag = { i } end
            local before = {}
            for i, card in ipairs(deck) do before[card] = true end
            game.cards.shuffle(deck)
            game.cards.cut(deck, 7)
            local top = game.cards.peek(deck)
            local one = game.cards.draw(deck)
            local three = game.cards.draw(deck, 3)
            local hands = game.cards.deal(deck, 4, 5)
            local same = rawequal(top, one)
            local kept = 0
            for _, group in ipairs({ { one }, three, hands[1], hands[2], hands[3], hands[4], deck }) do
              for _, card in ipairs(group) do
                if before[card] and card.mine and card.tag[1] == card.mine then kept = kept + 1 end
              end
            end
            return kept, #deck, same, #hands[4]
            """)
        XCTAssertEqual(r, [52, 28, true, 5], "all 52 tables are the rule's own, with their fields")
    }

    func testDrawDealAndPeekTakeFromTheTopInOrder() throws {
        let r = try run("""
            local deck = game.cards.deck({ "a", "b", "c", "d", "e", "f", "g" })
            local top = game.cards.draw(deck).content
            local two = game.cards.draw(deck, 2)
            local hands = game.cards.deal(deck, 2, 2)
            return top, two[1].content .. two[2].content, hands[1][1].content .. hands[1][2].content,
              hands[2][1].content .. hands[2][2].content, #deck, deck[1], deck[2] == nil
            """)

        XCTAssertEqual(r, ["a", "bc", "df", "eg", 0, .nil, true], "dealt one at a time round the table; the deck is left empty")
    }

    func testAskingForMoreCardsThanAreLeftIsAnError() throws {
        func error(_ call: String) throws -> String {
            try run("local deck = game.cards.standard()\nlocal ok, e = pcall(function() return \(call) end)\nreturn ok and 'ok' or e, tostring(#deck)")
                .map { $0.string ?? "\($0)" }.joined(separator: " | ")
        }
        XCTAssertEqual(try error("game.cards.draw(deck, 99)"), "rules/x.lua:3: game.cards.draw: asked for 99 cards, but only 52 are left | 52")
        XCTAssertEqual(try error("game.cards.deal(deck, 4, 14)"), "rules/x.lua:3: game.cards.deal: asked for 56 cards, but only 52 are left | 52")
        XCTAssertEqual(try error("game.cards.peek({})"), "rules/x.lua:3: game.cards.peek: asked for 1 card, but none is left | 52")
        XCTAssertEqual(try error("game.cards.turn_up(deck)"),
                       "rules/x.lua:3: game.cards.turn_up: argument #1 is a list of cards: say which, as turn_up(cards, i) | 52")
        XCTAssertEqual(try error("game.cards.total({ { content = 'x' } }, 'pips')"),
                       "rules/x.lua:3: game.cards: card 1 has no rank (a whole number from 1 to 13, or 0 for a joker): use cards from game.cards.standard | 52")
        XCTAssertEqual(try error("game.cards.standard({ jokers = 3 })"), "rules/x.lua:3: game.cards.standard: 'jokers' must be a whole number from 0 to 2 | 52")
    }

    func testStandardCardsAndTheirHelpers() throws {
        let r = try run("""
            local deck = game.cards.standard({ jokers = 2, decks = 2 })
            local ace, ten, king = deck[1], deck[10], deck[13]
            local hand = { ace, deck[6] }
            local soft_total, soft = game.cards.total(hand, "blackjack")
            hand[3] = ten
            local hard_total, hard = game.cards.total(hand, "blackjack")
            game.cards.turn_up(ace)
            game.cards.turn_up(hand, 3)
            return #deck, ace.label, ace.suit, ace.colour, ten.name, deck[14].label, deck[14].colour,
              game.cards.compare(ace, king), game.cards.compare(ace, king, "low"), game.cards.compare(ten, deck[64]),
              soft_total, soft, hard_total, hard, game.cards.show(hand), game.cards.show(hand, "[]"),
              deck[53].label, deck[53].suit
            """)
        XCTAssertEqual(r, [108, "A♠", "spades", "black", "10", "A♥", "red", 1, -1, 0, 17, true, 17, false,
                           "A♠ ?? 10♠", "A♠ [] 10♠", "Joker", nil])
        XCTAssertEqual(try run("return game.cards.standard()[23].label", ascii: true), ["10H"])
    }

    /// Every deal is of new tables (the host copies cards it made once): a rule's change to
    /// one card shows in no other card and no later deal.
    func testEveryStandardDealIsOfNewTables() throws {
        let r = try run("""
            local first = game.cards.standard({ decks = 2, jokers = 2 })
            local ace = first[1]
            ace.faceUp, ace.label, ace.rank, ace.mine = true, "mine", 99, 1
            local again = game.cards.standard()
            local fresh = again[1]
            local fields = 0
            for _ in pairs(fresh) do fields = fields + 1 end
            return rawequal(first[1], first[55]), first[55].label, first[55].faceUp, fresh.label, fresh.rank, fresh.faceUp,
              fresh.mine, fields, first[53].colour, first[54].colour, first[54].suit, again[52].label, #again
            """)
        XCTAssertEqual(r, [false, "A♠", false, "A♠", 1, false, nil, 6, "black", "red", nil, "K♣", 52])
    }

    /// `face_up` lists the positions of the cards face up, in order; `all_matched` is false for
    /// an element that is no card or a card not matched, and true for an empty list.
    func testFaceUpAndAllMatchedLookAtEveryElement() throws {
        let r = try run("""
            local cards = { { faceUp = true, matched = true }, { faceUp = false, matched = true }, "no card",
              { faceUp = 1, matched = true }, { faceUp = true, matched = true } }
            local up = game.cards.face_up(cards)
            local all = game.cards.all_matched(cards)
            table.remove(cards, 4); table.remove(cards, 3)
            local now_all = game.cards.all_matched(cards)
            cards[2].matched = nil
            return #up, up[1], up[2], all, now_all, game.cards.all_matched(cards), game.cards.all_matched({}), #game.cards.face_up({})
            """)
        XCTAssertEqual(r, [2, 1, 5, false, true, false, true, 0])
    }

    /// The time a card has been face up adds up over its turns, and a refused move that turned
    /// it takes its time back with it.
    func testFaceUpTimeAddsUpAndARefusedMoveTakesItBack() throws {
        let rule = """
            return {
              id = "face-up-time", title = "Face-up time",
              setup = function(game) return { cards = game.cards.deck({ "a", "b" }), seconds = 0 } end,
              view = function(state) return tostring(state.seconds) end,
              moves = function() return { "up", "down", "down and refuse" } end,
              play = function(state, input, game)
                if input == "up" then game.cards.turn_up(state.cards, 1) else game.cards.turn_down(state.cards, 1) end
                state.seconds = game.cards.face_up_time(state.cards, 1)
                if input == "down and refuse" then game.refuse("not now") end
              end,
              result = function() return nil end,
            }
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("face-up-time-\(UUID().uuidString).lua").path
        try rule.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let t = try RuleTester(path)
        t.send("up")
        t.clock.advance(by: 3)
        t.send("down")
        t.assertState("seconds", .number(3))
        t.clock.advance(by: 10)
        t.send("up")
        t.clock.advance(by: 2)
        t.send("down and refuse")
        t.assertRefused(containing: "not now")
        t.clock.advance(by: 4)
        t.send("down")
        t.assertState("seconds", .number(9), "3 s, then 6 s in its second turn face up; the refused turn down is undone")
    }

    func testTurningCardsKeepsTheirFaceUpTime() throws {
        let r = try run("""
            local cards = game.cards.deck({ "x", "y" }, 2)
            local card = game.cards.turn_up(cards, 2)
            local up = game.cards.face_up(cards)
            game.cards.turn_down(cards, 2)
            return #cards, rawequal(card, cards[2]), up[1], cards[2].seen, cards[2].faceUp, cards[1].content
            """)
        XCTAssertEqual(r, [4, true, 2, true, false, "x"])
    }
}
