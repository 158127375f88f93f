import GameCore
import LuaKit

/// `game.cards`: decks kept as plain lists of card tables (so they copy and serialise with the
/// state) and worked on by GameCore's `Deck`. Flags change in place; drawing, dealing and
/// cutting rebuild the list. Face-up time comes from the host clock.
extension GameAPI {
    func installCards() {
        let cards = lua.makeRef(.map([:]))
        lua.setField(table, "cards", .ref(cards))
        func set(_ name: String, _ body: @escaping LuaFunction) { lua.setField(cards, name, .ref(lua.function(body))) }

        set("deck") { call in
            let contents = try Self.strings(call.value(1), "cards.deck", "contents")
            let copies = call.count >= 2 ? Int(try call.integer(2, "copies")) : 1
            guard copies >= 1 else { throw GameAPIError("cards.deck: copies must be at least 1") }
            call.push(Self.list(Deck(contents: contents, copies: copies)))
            return 1
        }
        lua.setField(cards, "shuffle", lua.field(table, "shuffle"))
        set("draw") { call in
            var deck = try Self.deck(call, 1)
            let drawn = deck.draw(call.count >= 2 ? Int(try call.integer(2, "n")) : 1)
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.push(Self.list(Deck(cards: drawn)))
            return 1
        }
        set("deal") { call in
            var deck = try Self.deck(call, 1)
            let hands = deck.deal(hands: Int(try call.integer(2, "hands")), each: Int(try call.integer(3, "each")))
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.push(.array(hands.map { Self.list(Deck(cards: $0)) }))
            return 1
        }
        set("peek") { call in
            let deck = try Self.deck(call, 1)
            call.push(Self.list(Deck(cards: deck.peek(call.count >= 2 ? Int(try call.integer(2, "n")) : 1))))
            return 1
        }
        set("cut") { call in
            var deck = try Self.deck(call, 1)
            deck.cut(Int(try call.integer(2, "n")))
            call.setElements(of: 1, Self.list(deck).array ?? [])
            call.pushArgument(1)
            return 1
        }
        set("turn_up") { [unowned self] call in try self.turn(call, up: true) }
        set("turn_down") { [unowned self] call in try self.turn(call, up: false) }
        // The queries and turns below read only the fields they need: games call them on
        // every move, and a deck can be long.
        set("face_up") { call in
            try call.checkTable(1, "cards")
            let up = call.length(1) == 0 ? [] : (1...call.length(1)).filter { call.field(ofElement: $0, in: 1, "faceUp") == .boolean(true) }
            call.push(.array(up.map { .integer(Int64($0)) }))
            return 1
        }
        set("all_matched") { call in
            try call.checkTable(1, "cards")
            let count = call.length(1)
            call.push(count == 0 || (1...count).allSatisfy { call.field(ofElement: $0, in: 1, "matched") == .boolean(true) })
            return 1
        }
        set("face_up_time") { [unowned self] call in
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
        try call.checkTable(1, "cards")
        let n = Int(try call.integer(2, "i"))
        guard n >= 1, n <= call.length(1) else { throw GameAPIError("cards: there is no card \(n) (the deck has \(call.length(1)))") }
        guard let content = call.field(ofElement: n, in: 1, "content").string else { throw GameAPIError("cards: card \(n) has no content") }
        var card = Deck.Card(content)
        func flag(_ key: String) -> Bool { call.field(ofElement: n, in: 1, key).boolean ?? false }
        card.faceUp = flag("faceUp")
        card.matched = flag("matched")
        card.seen = flag("seen")
        card.removed = flag("removed")
        card.upSince = number(call.field(ofElement: n, in: 1, "upSince"))
        card.upTime = number(call.field(ofElement: n, in: 1, "upTime")) ?? 0
        return (card, n)
    }

    static func strings(_ value: LuaValue, _ function: String, _ name: String) throws -> [String] {
        guard let items = value.array, case let strings = items.compactMap(\.string), strings.count == items.count else {
            throw GameAPIError("\(function): \(name) must be a list of strings")
        }
        return strings
    }

    static func deck(_ call: LuaCall, _ arg: Int) throws -> Deck {
        try call.checkTable(arg, "cards")
        guard let items = call.value(arg).array else { throw GameAPIError("cards: expected a list of cards") }
        return Deck(cards: try items.enumerated().map { k, item in
            guard let content = item["content"].string else { throw GameAPIError("cards: card \(k + 1) has no content") }
            var card = Deck.Card(content)
            card.faceUp = item["faceUp"].boolean ?? false
            card.matched = item["matched"].boolean ?? false
            card.seen = item["seen"].boolean ?? false
            card.removed = item["removed"].boolean ?? false
            card.upSince = number(item["upSince"])
            card.upTime = number(item["upTime"]) ?? 0
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
