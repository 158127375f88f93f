import GameCore
import LuaKit

/// `game.cards`: decks, hands and piles are plain lists of the rule's own card tables (so they
/// copy and serialise with the state). Every operation moves those tables by position, as
/// GameCore's `Pile` computes, and never rebuilds a card: a field a rule adds survives every
/// draw, deal and cut. How long a card has been face up is kept by the host beside the state
/// (saved and rolled back with it), from the host clock: a card itself carries no readings.
extension GameAPI {
    /// The longest deck the card functions take, and the longest card content or label.
    static let deckLimit = 10_000
    static let cardContentLimit = 256

    func installCards() {
        let set = library("cards")
        let deck = LuaParameter.list("cards", max: Self.deckLimit)
        let count = LuaParameter.integer("n", 0...Int64(Self.deckLimit), optional: true)

        set("deck", [.list("contents", max: Self.deckLimit), .integer("copies", 1...100, optional: true)]) { call in
            let contents = try Self.strings(try call.value(1), "game.cards.deck", "contents")
            let copies = call.int(2, default: 1)
            let cards = Pile<String>.repeating(contents, copies: copies)
            guard cards.count <= Self.deckLimit else {
                throw GameAPIError("game.cards.deck: \(contents.count) contents times \(copies) copies is more than \(Self.deckLimit) cards")
            }
            try call.charge(Double(cards.count) * 8)
            call.push(.array(cards.map { Self.table(content: $0, CardFlags()) }))
            return 1
        }
        set("standard", [.table("options", optional: true)]) { [unowned self] call in
            let jokers = try Self.option(call, "jokers", 0...2, default: 0)
            let decks = try Self.option(call, "decks", 1...8, default: 1)
            let cards = PlayingCard.decks(decks, jokers: jokers)
            try call.charge(Double(cards.count) * 8)
            let templates = standardCards(call)
            let list = call.pushTable(count: cards.count)
            for (k, card) in cards.enumerated() {
                call.pushCopy(ofElement: card.newDeckPosition, of: templates, fields: Self.standardCardFields)
                call.append(to: list, at: k + 1)
            }
            return 1
        }
        set("shuffle", [.list("cards")]) { [unowned self] call in try shuffle(call) }

        // Draw and peek take the top cards; deal and cut work the move out on positions (see
        // Pile), then move the tables.
        set("draw", [deck, count]) { call in
            let n = call.isNil(2) ? 1 : call.int(2)
            try Self.pile("draw") { try Pile<Int>.check(n, left: call.length(1)) }
            try call.charge(Double(call.length(1)))
            call.takeFront(of: 1, n, asList: !call.isNil(2))
            return 1
        }
        set("deal", [deck, .integer("hands", 1...1000), .integer("each", 0...Int64(Self.deckLimit))]) { call in
            var pile = try Self.positions(call)
            let hands = try Self.pile("deal") { try pile.deal(hands: call.int(2), each: call.int(3)) }
            call.pushLists(of: 1, at: hands)
            try call.rearrange(1, pile.cards)
            return 1
        }
        set("peek", [deck, count]) { call in
            let n = call.isNil(2) ? 1 : call.int(2)
            try Self.pile("peek") { try Pile<Int>.check(n, left: call.length(1)) }
            if call.isNil(2) { call.pushElement(of: 1, at: 1) } else { call.pushList(of: 1, at: Array(stride(from: 1, through: n, by: 1))) }
            return 1
        }
        set("cut", [deck, .integer("n", -1_000_000_000...1_000_000_000)]) { call in
            var pile = try Self.positions(call)
            pile.cut(call.int(2))
            try call.rearrange(1, pile.cards)
            call.pushArgument(1)
            return 1
        }

        // Piles: the cards move, top first, and keep their tables.
        set("move", [deck, .table("to"), count]) { call in
            let single = call.isNil(3)
            let n = single ? 1 : call.int(3)
            try Self.pile("move") { try Pile<Int>.check(n, left: call.length(1)) }
            guard call.length(2) + n <= Self.deckLimit else { throw GameAPIError("game.cards.move: the pile would hold more than \(Self.deckLimit) cards") }
            try call.charge(Double(call.length(1) + call.length(2) + n))
            call.takeFront(of: 1, n, asList: true)
            let moved = Int(call.top)
            // The packet keeps its order on top of `to`: its first card ends on top.
            for k in stride(from: n, through: 1, by: -1) {
                call.pushElement(of: moved, at: k)
                call.insert(-1, into: 2, at: 1)
                call.pop()
            }
            if single { call.pushElement(of: moved, at: 1) }
            return 1
        }
        set("put", [deck, .any("card"), .choice("where", ["top", "bottom"], optional: true)]) { call in
            guard !call.isNil(2) else { throw GameAPIError("game.cards.put: argument #2 (card) is nil") }
            guard call.length(1) < Self.deckLimit else { throw GameAPIError("game.cards.put: the pile holds \(Self.deckLimit) cards already") }
            try call.charge(Double(call.length(1)))
            call.insert(2, into: 1, at: call.text(3, default: "top") == "top" ? 1 : call.length(1) + 1)
            call.pushArgument(1)
            return 1
        }
        set("take", [deck, .integer("i", 1...Int64(Self.deckLimit))]) { call in
            let i = call.int(2)
            guard i <= call.length(1) else { throw GameAPIError("game.cards.take: there is no card \(i) (the pile has \(call.length(1)))") }
            try call.charge(Double(call.length(1)))
            call.remove(from: 1, at: i)
            return 1
        }
        set("refill", [deck, .list("discard", max: Self.deckLimit)]) { [unowned self] call in
            // The discard pile but its top card, shuffled, goes under the stock, face down and
            // nobody's; the top card stays.
            let discard = call.length(2)
            guard discard > 1 else { call.push(Int64(0)); return 1 }
            guard call.length(1) + discard - 1 <= Self.deckLimit else { throw GameAPIError("game.cards.refill: the stock would hold more than \(Self.deckLimit) cards") }
            try call.charge(Double(call.length(1) + discard) * 4)
            let order = try random.permutation(discard - 1).map { $0 + 2 }  // positions 2...discard
            let stockCount = call.length(1)
            for (k, position) in order.enumerated() {
                call.pushElement(of: 2, at: position)
                let card = call.top
                if call.isTable(at: card) {
                    call.set("faceUp", of: card, false)
                    call.set("owner", of: card, integer: nil)
                }
                call.append(to: 1, at: stockCount + k + 1)
            }
            for k in stride(from: discard, through: 2, by: -1) { call.pushNil(); call.append(to: 2, at: k) }
            call.push(Int64(discard - 1))
            return 1
        }
        set("give", [.table("cards"), .integer("seat", 1...Int64(SeatRange.limit))]) { call in
            // A card on its own, or each card of a list: it belongs to `seat`, which alone sees
            // it lying face down.
            let seat = Int64(call.int(2))
            if call.length(1) == 0 {
                call.set("owner", of: 1, integer: seat)
            } else {
                try call.charge(Double(call.length(1)))
                for n in stride(from: 1, through: call.length(1), by: 1) {
                    _ = call.withElement(n, of: 1) { card in call.set("owner", of: card, integer: seat) }
                }
            }
            call.pushArgument(1)
            return 1
        }

        // Turning a card: `turn_up(cards, i)`, or `turn_up(card)` for a card on its own.
        let turnParameters = [LuaParameter.table("cards"), .integer("i", 1...Int64(Self.deckLimit), optional: true)]
        set("turn_up", turnParameters) { [unowned self] call in try self.turn(call, up: true) }
        set("turn_down", turnParameters) { [unowned self] call in try self.turn(call, up: false) }

        // The queries read only the fields they need: games call them on every move.
        set("face_up", [deck]) { call in
            let up = call.positions(whereTrue: "faceUp", in: 1)
            let list = call.pushTable(count: up.count)
            for (k, n) in up.enumerated() {
                call.push(Int64(n))
                call.append(to: list, at: k + 1)
            }
            return 1
        }
        set("all_matched", [deck]) { call in
            call.push(call.allTrue("matched", in: 1))
            return 1
        }
        set("face_up_time", [deck, .integer("i", 1...Int64(Self.deckLimit))]) { [unowned self] call in
            try Self.requireCard(call)
            let time = call.withElement(call.int(2), of: 1) { faceUpTime(call, $0).seconds(at: clock.now()) } ?? 0
            call.push(time)
            return 1
        }

        // Standard cards: order, totals and a hand in a line.
        set("compare", [.table("a"), .table("b"), .choice("aces", ["high", "low"], optional: true)]) { call in
            let high = call.text(3, default: "high") == "high"
            let a = PlayingCard.order(ofRank: try Self.rank(call, 1, of: "a"), acesHigh: high)
            let b = PlayingCard.order(ofRank: try Self.rank(call, 2, of: "b"), acesHigh: high)
            call.push(Int64(a < b ? -1 : a == b ? 0 : 1))
            return 1
        }
        set("total", [deck, .choice("count", PlayingCard.Count.allCases.map(\.rawValue))]) { call in
            var ranks: [Int] = []
            for n in stride(from: 1, through: call.length(1), by: 1) {
                ranks.append(try Self.rank(call.withElement(n, of: 1) { call.integer("rank", of: $0) } ?? nil, "card \(n)"))
            }
            let (total, soft) = PlayingCard.total(ofRanks: ranks, PlayingCard.Count(rawValue: call.text(2))!)
            call.push(Int64(total))
            call.push(soft)
            return 2
        }
        set("show", [deck, .string("hidden", max: Self.cardContentLimit, optional: true)]) { call in
            let hidden = call.text(2, default: "??")
            var labels: [String] = []
            for n in stride(from: 1, through: call.length(1), by: 1) {
                let label = try call.withElement(n, of: 1) { card -> String in
                    // Face down (as the observation hides it): a faceUp field that is not true.
                    if call.boolean("faceUp", of: card) != true && call.hasField("faceUp", of: card) { return hidden }
                    guard let label = call.string("label", of: card, maxBytes: Self.cardContentLimit)
                        ?? call.string("content", of: card, maxBytes: Self.cardContentLimit) else {
                        throw GameAPIError("game.cards.show: card \(n) has no label or content (a string of at most \(Self.cardContentLimit) bytes)")
                    }
                    return label
                }
                guard let label else { throw GameAPIError("game.cards.show: card \(n) is not a table") }
                labels.append(label)
            }
            call.push(labels.joined(separator: " "))
            return 1
        }
    }

    /// The face-up time the host keeps for the card at stack index `card`.
    func faceUpTime(_ call: LuaCall, _ card: Int32) -> FaceUpTime {
        guard let gameData else { return FaceUpTime() }
        let (total, since) = call.numberPair(in: gameData, for: card)
        return FaceUpTime(total: total ?? 0, since: since)
    }

    /// `turn_up` / `turn_down`: updates the card's table in place and returns it.
    private func turn(_ call: LuaCall, up: Bool) throws -> Int32 {
        let now = clock.now()
        func turn(_ card: Int32) {
            let before = Self.flags(call, card)
            var flags = before
            if up { flags.turnUp() } else { flags.turnDown() }
            // Only what changed is written (and faceUp always, so the card says which way up).
            call.set("faceUp", of: card, flags.faceUp)
            if flags.matched != before.matched { call.set("matched", of: card, flags.matched) }
            if flags.seen != before.seen { call.set("seen", of: card, flags.seen) }
            if flags.removed != before.removed { call.set("removed", of: card, flags.removed) }
            if let gameData, flags.faceUp != before.faceUp {
                var time = faceUpTime(call, card)
                if up { time.turnUp(at: now) } else { time.turnDown(at: now) }
                call.setNumberPair(in: gameData, for: card, time.total, time.since)
            }
        }
        if call.isNil(2) {
            guard call.length(1) == 0 else {
                throw GameAPIError("game.cards.turn_\(up ? "up" : "down"): argument #1 is a list of cards: say which, as turn_\(up ? "up" : "down")(cards, i)")
            }
            turn(1)
            call.pushArgument(1)
        } else {
            try Self.requireCard(call)
            call.withElement(call.int(2), of: 1, turn)
            call.pushElement(of: 1, at: call.int(2))
        }
        return 1
    }

    /// Card `i` (argument 2) must be a table in the list (argument 1).
    static func requireCard(_ call: LuaCall) throws {
        let n = call.int(2)
        guard n <= call.length(1) else { throw GameAPIError("game.cards: there is no card \(n) (the list has \(call.length(1)))") }
        guard call.isTable(element: n, in: 1) else { throw GameAPIError("game.cards: card \(n) is not a table") }
    }

    /// The flags of the card table at stack index `card`.
    static func flags(_ call: LuaCall, _ card: Int32) -> CardFlags {
        var flags = CardFlags()
        flags.faceUp = call.boolean("faceUp", of: card) ?? false
        flags.matched = call.boolean("matched", of: card) ?? false
        flags.seen = call.boolean("seen", of: card) ?? false
        flags.removed = call.boolean("removed", of: card) ?? false
        return flags
    }

    static func fields(of flags: CardFlags) -> [(String, LuaValue)] {
        [("faceUp", .boolean(flags.faceUp)), ("matched", .boolean(flags.matched)), ("seen", .boolean(flags.seen)),
         ("removed", .boolean(flags.removed))]
    }

    /// The positions 1...n of the list argument 1, as a pile to work the move out on.
    static func positions(_ call: LuaCall) throws -> Pile<Int> {
        let n = call.length(1)
        try call.charge(Double(n))
        return Pile(Array(stride(from: 1, through: n, by: 1)))
    }

    /// Runs a pile move, naming the function in its error.
    static func pile<T>(_ function: String, _ move: () throws -> T) throws -> T {
        do { return try move() } catch let error as PileError { throw GameAPIError("game.cards.\(function): \(error)") }
    }

    /// A whole-number field of the options table (argument 1), within `range`.
    static func option(_ call: LuaCall, _ key: String, _ range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard !call.isNil(1) else { return value }
        let field = try call.field(1, key)
        if field.isNil { return value }
        guard let n = field.integer, range.contains(Int(clamping: n)) else {
            throw GameAPIError("game.cards.standard: '\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(n)
    }

    /// The `rank` of a card (argument `i`).
    static func rank(_ call: LuaCall, _ i: Int, of name: String) throws -> Int {
        try rank(call.integer("rank", of: Int32(i)), name)
    }

    static func rank(_ value: Int64?, _ name: String) throws -> Int {
        guard let n = value, (0...13).contains(n) else {
            throw GameAPIError("game.cards: \(name) has no rank (a whole number from 1 to 13, or 0 for a joker): use cards from game.cards.standard")
        }
        return Int(n)
    }

    static func strings(_ value: LuaValue, _ function: String, _ name: String) throws -> [String] {
        guard let items = value.array, case let strings = items.compactMap(\.string), strings.count == items.count,
              strings.allSatisfy({ $0.utf8.count <= cardContentLimit }) else {
            throw GameAPIError("\(function): \(name) must be a list of strings of at most \(cardContentLimit) bytes")
        }
        return strings
    }

    static func table(content: String, _ flags: CardFlags) -> LuaValue {
        var fields = ["content": LuaValue.string(content)]
        for (key, value) in Self.fields(of: flags) where !value.isNil { fields[key] = value }
        return .map(fields)
    }

    /// The tables of a new deck with two jokers as `game.cards.standard` gives them, made once
    /// (again if `ascii` changes): each card it deals is a copy of one.
    private func standardCards(_ call: LuaCall) -> LuaRef {
        if let made = standardCardTables, made.ascii == ascii { return made.list }
        let list = call.pushTable(count: 54)
        for (k, card) in PlayingCard.decks(1, jokers: 2).enumerated() {
            Self.pushTable(of: card, ascii: ascii, call)
            call.append(to: list, at: k + 1)
        }
        let made = (ascii: ascii, list: call.refPoppingTop())
        standardCardTables = made
        return made.list
    }

    static let standardCardFields = 6

    /// Pushes a standard card's table, field by field (`standardCards` makes each card once).
    static func pushTable(of card: PlayingCard, ascii: Bool, _ call: LuaCall) {
        let t = call.pushTable(fields: standardCardFields)
        call.set("rank", of: t, Int64(card.rank))
        call.set("name", of: t, card.name)
        if let suit = card.suit { call.set("suit", of: t, suit.rawValue) }
        call.set("label", of: t, card.label(ascii: ascii))
        call.set("colour", of: t, card.colour)
        call.set("faceUp", of: t, false)
    }
}
