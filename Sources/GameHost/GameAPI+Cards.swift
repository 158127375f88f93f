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
        set("face_up") { call in
            call.push(.array(try Self.deck(call, 1).faceUp.map { .integer(Int64($0 + 1)) }))
            return 1
        }
        set("all_matched") { call in
            call.push(try Self.deck(call, 1).allMatched)
            return 1
        }
        set("face_up_time") { [unowned self] call in
            let deck = try Self.deck(call, 1)
            let i = try Self.index(call, 2, in: deck)
            call.push(deck.cards[i].faceUpTime(at: clock.now()))
            return 1
        }
    }

    /// `turn_up(cards, i)` / `turn_down(cards, i)`: updates card i's table in place.
    private func turn(_ call: LuaCall, up: Bool) throws -> Int32 {
        var deck = try Self.deck(call, 1)
        let i = try Self.index(call, 2, in: deck)
        if up { deck.turnUp(i, at: clock.now()) } else { deck.turnDown(i, at: clock.now()) }
        for (key, value) in Self.table(of: deck.cards[i]).map ?? [:] { call.setField(ofElement: i + 1, in: 1, key, value) }
        if deck.cards[i].upSince == nil { call.setField(ofElement: i + 1, in: 1, "upSince", .nil) }
        return 0
    }

    static func index(_ call: LuaCall, _ arg: Int, in deck: Deck) throws -> Int {
        let n = try call.integer(arg, "i")
        guard n >= 1, n <= deck.count else { throw GameAPIError("cards: there is no card \(n) (the deck has \(deck.count))") }
        return Int(n) - 1
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
