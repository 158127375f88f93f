import GameCore
import LuaKit

/// `game.cards`: decks kept as plain lists of card tables (so they copy and serialise with the
/// state) and worked on by GameCore's `Deck`. Flags change in place; drawing, dealing and
/// cutting rebuild the list. Face-up time comes from the host clock.
extension GameAPI {
    /// The longest deck the card functions take, and the longest card content.
    static let deckLimit = 10_000
    static let cardContentLimit = 256

    func installCards() {
        let set = library("cards")
        let deckParameter = LuaParameter.list("cards", max: Self.deckLimit)

        set("deck", [.list("contents", max: Self.deckLimit), .integer("copies", 1...100, optional: true)]) { call in
            let contents = try Self.strings(try call.value(1), "game.cards.deck", "contents")
            let copies = call.int(2, default: 1)
            guard contents.count * copies <= Self.deckLimit else {
                throw GameAPIError("game.cards.deck: \(contents.count) contents times \(copies) copies is more than \(Self.deckLimit) cards")
            }
            call.push(Self.list(Deck(contents: contents, copies: copies)))
            return 1
        }
        set("shuffle", [.list("cards")]) { [unowned self] call in try shuffle(call) }
        set("draw", [deckParameter, .integer("n", 0...Int64(Self.deckLimit), optional: true)]) { call in
            var deck = try Self.deck(call, 1)
            let drawn = deck.draw(call.int(2, default: 1))
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.push(Self.list(Deck(cards: drawn)))
            return 1
        }
        set("deal", [deckParameter, .integer("hands", 1...1000), .integer("each", 0...Int64(Self.deckLimit))]) { call in
            var deck = try Self.deck(call, 1)
            let hands = deck.deal(hands: call.int(2), each: call.int(3))
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.push(.array(hands.map { Self.list(Deck(cards: $0)) }))
            return 1
        }
        set("peek", [deckParameter, .integer("n", 0...Int64(Self.deckLimit), optional: true)]) { call in
            let deck = try Self.deck(call, 1)
            call.push(Self.list(Deck(cards: deck.peek(call.int(2, default: 1)))))
            return 1
        }
        set("cut", [deckParameter, .integer("n", -1_000_000_000...1_000_000_000)]) { call in
            var deck = try Self.deck(call, 1)
            deck.cut(call.int(2))
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.pushArgument(1)
            return 1
        }
        let cardParameters = [deckParameter, LuaParameter.integer("i", 1...Int64(Self.deckLimit))]
        set("turn_up", cardParameters) { [unowned self] call in try self.turn(call, up: true) }
        set("turn_down", cardParameters) { [unowned self] call in try self.turn(call, up: false) }
        // The queries and turns below read only the fields they need: games call them on
        // every move, and a deck can be long.
        set("face_up", [deckParameter]) { call in
            var up: [LuaValue] = []
            for n in stride(from: 1, through: call.length(1), by: 1) where try call.field(ofElement: n, in: 1, "faceUp") == .boolean(true) {
                up.append(.integer(Int64(n)))
            }
            call.push(.array(up))
            return 1
        }
        set("all_matched", [deckParameter]) { call in
            var all = true
            for n in stride(from: 1, through: call.length(1), by: 1) where try call.field(ofElement: n, in: 1, "matched") != .boolean(true) {
                all = false
                break
            }
            call.push(all)
            return 1
        }
        set("face_up_time", cardParameters) { [unowned self] call in
            let (card, _) = try Self.card(call)
            call.push(card.faceUpTime(at: clock.now()))
            return 1
        }
    }

    /// `turn_up(cards, i)` / `turn_down(cards, i)`: updates card i's table in place.
    private func turn(_ call: LuaCall, up: Bool) throws -> Int32 {
        var (card, n) = try Self.card(call)
        if up { card.turnUp(at: clock.now()) } else { card.turnDown(at: clock.now()) }
        for (key, value) in Self.table(of: card).map ?? [:] { call.setField(ofElement: n, in: 1, key, value) }
        if card.upSince == nil { call.setField(ofElement: n, in: 1, "upSince", .nil) }
        return 0
    }

    /// Card `i` (argument 2) of the deck (argument 1), and its number.
    static func card(_ call: LuaCall) throws -> (Deck.Card, Int) {
        let n = call.int(2)
        guard n <= call.length(1) else { throw GameAPIError("game.cards: there is no card \(n) (the deck has \(call.length(1)))") }
        guard let content = try call.field(ofElement: n, in: 1, "content").string, content.utf8.count <= cardContentLimit else {
            throw GameAPIError("game.cards: card \(n) has no content (a string of at most \(cardContentLimit) bytes)")
        }
        var card = Deck.Card(content)
        func flag(_ key: String) throws -> Bool { try call.field(ofElement: n, in: 1, key).boolean ?? false }
        card.faceUp = try flag("faceUp")
        card.matched = try flag("matched")
        card.seen = try flag("seen")
        card.removed = try flag("removed")
        card.upSince = time(try call.field(ofElement: n, in: 1, "upSince"))
        card.upTime = time(try call.field(ofElement: n, in: 1, "upTime")) ?? 0
        return (card, n)
    }

    /// A time field of a card: a finite number, else none.
    static func time(_ value: LuaValue) -> Double? {
        guard let d = number(value), d.isFinite else { return nil }
        return d
    }

    static func strings(_ value: LuaValue, _ function: String, _ name: String) throws -> [String] {
        guard let items = value.array, case let strings = items.compactMap(\.string), strings.count == items.count,
              strings.allSatisfy({ $0.utf8.count <= cardContentLimit }) else {
            throw GameAPIError("\(function): \(name) must be a list of strings of at most \(cardContentLimit) bytes")
        }
        return strings
    }

    static func deck(_ call: LuaCall, _ arg: Int) throws -> Deck {
        guard let items = try call.value(arg).array else { throw GameAPIError("game.cards: expected a list of cards") }
        return Deck(cards: try items.enumerated().map { k, item in
            guard let content = item["content"].string, content.utf8.count <= cardContentLimit else {
                throw GameAPIError("game.cards: card \(k + 1) has no content (a string of at most \(cardContentLimit) bytes)")
            }
            var card = Deck.Card(content)
            card.faceUp = item["faceUp"].boolean ?? false
            card.matched = item["matched"].boolean ?? false
            card.seen = item["seen"].boolean ?? false
            card.removed = item["removed"].boolean ?? false
            card.upSince = time(item["upSince"])
            card.upTime = time(item["upTime"]) ?? 0
            return card
        })
    }

    static func table(of card: Deck.Card) -> LuaValue {
        var fields: [String: LuaValue] = [
            "content": .string(card.content), "faceUp": .boolean(card.faceUp), "matched": .boolean(card.matched),
            "seen": .boolean(card.seen), "removed": .boolean(card.removed), "upTime": .number(card.upTime),
        ]
        if let since = card.upSince { fields["upSince"] = .number(since) }
        return .map(fields)
    }

    static func list(_ deck: Deck) -> LuaValue { .array(deck.cards.map(table(of:))) }
}
