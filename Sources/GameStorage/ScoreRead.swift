import GameCore

/// What a step read from the score store, noted so that the step can be played again with the
/// same reads: a served table's input is stored with them, and a server that plays the input
/// again (another server's move, or a rebuild) gives the rule what it read the first time,
/// not what the store holds by then. Boards are noted by the last score they counted, not
/// by their entries, so a note stays small however long the board.
package enum ScoreRead: Equatable {
    /// A board read up to the score numbered `upTo`, with the session's own scores that
    /// waited for a busy store (`waiting`), which were on the board the rule saw.
    case board(name: String, upTo: Int64, waiting: [Leaderboard.Entry])
    /// A record as stored (`base`, nil: none) and as the rule saw it.
    case record(name: String, base: String?, value: JSONValue)
    /// How many records the game had saved.
    case recordCount(Int)

    /// As stored: `["b", name, upTo, [[value, label, player], ...]]`, `["r", name, base|null,
    /// value]`, `["c", count]`.
    package var json: JSONValue {
        switch self {
        case .board(let name, let upTo, let waiting):
            return .array([.string("b"), .string(name), .int(upTo),
                           .array(waiting.map { .array([.double($0.value), .string($0.label), .string($0.player)]) })])
        case .record(let name, let base, let value):
            return .array([.string("r"), .string(name), base.map { .string($0) } ?? .null, value])
        case .recordCount(let count):
            return .array([.string("c"), .int(Int64(count))])
        }
    }

    /// A read as stored, or nil for what is not one (another program may have written it).
    package init?(_ json: JSONValue) {
        guard case .array(let items) = json, case .string(let kind)? = items.first else { return nil }
        switch (kind, items.count) {
        case ("b", 4):
            guard case .string(let name) = items[1], case .int(let upTo) = items[2], case .array(let entries) = items[3] else { return nil }
            var waiting: [Leaderboard.Entry] = []
            for entry in entries {
                guard case .array(let parts) = entry, parts.count == 3, let value = parts[0].double,
                      case .string(let label) = parts[1], case .string(let player) = parts[2] else { return nil }
                waiting.append(Leaderboard.Entry(value: value, label: label, player: player))
            }
            self = .board(name: name, upTo: upTo, waiting: waiting)
        case ("r", 4):
            guard case .string(let name) = items[1] else { return nil }
            let base: String?
            switch items[2] {
            case .null: base = nil
            case .string(let text): base = text
            default: return nil
            }
            self = .record(name: name, base: base, value: items[3])
        case ("c", 2):
            guard case .int(let count) = items[1], count >= 0, count <= Int64(Int32.max) else { return nil }
            self = .recordCount(Int(count))
        default:
            return nil
        }
    }

    /// A step's reads as one text (a JSON array), and back (nil: not a list of reads).
    package static func encode(_ reads: [ScoreRead]) -> String { JSONValue.array(reads.map(\.json)).encoded }
    package static func decode(_ text: String) -> [ScoreRead]? {
        guard case .array(let items)? = try? JSONValue(parsing: text) else { return nil }
        var reads: [ScoreRead] = []
        for item in items {
            guard let read = ScoreRead(item) else { return nil }
            reads.append(read)
        }
        return reads
    }
}
