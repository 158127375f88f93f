import GameCore
import LuaKit

extension GameAPI {
    /// `game.match`: best-of-N scoring kept in a plain table, so it serialises and copies
    /// like the rest of the state. The arithmetic is GameCore's `Match`.
    func installMatch() {
        let match = lua.makeRef(.map([:]))
        lua.setField(table, "match", .ref(match))

        lua.setField(match, "new", .ref(lua.function { call in
            let n = try call.integer(1, "n")
            let m = try Match(bestOf: Int(n))
            call.push(Self.table(of: m))
            return 1
        }))
        lua.setField(match, "length", .ref(lua.function { call in
            do {
                call.push(Int64(try Match.parseLength(try call.string(1, "text"))))
                return 1
            } catch let error as MatchError {
                call.pushNil()
                call.push(error.description)
                return 2
            }
        }))
        lua.setField(match, "record", .ref(lua.function { call in
            // Reads and writes only the score fields: the table may be a whole game state.
            try call.checkTable(1, "match")
            func int(_ key: String) throws -> Int {
                guard let n = call.field(1, key).integer else { throw GameAPIError("match.record: the table's '\(key)' is not a whole number") }
                return Int(n)
            }
            var m = try Match(bestOf: try int("match"), wins: try int("wins"), losses: try int("losses"), ties: try int("ties"))
            let text = try call.string(2, "outcome")
            guard let outcome = Match.Outcome(rawValue: text) else {
                throw GameAPIError("match.record: the outcome must be \"win\", \"loss\" or \"tie\", not \"\(text)\"")
            }
            try m.record(outcome)
            call.setField(1, "wins", .integer(Int64(m.wins)))
            call.setField(1, "losses", .integer(Int64(m.losses)))
            call.setField(1, "ties", .integer(Int64(m.ties)))
            call.setField(1, "left", .integer(Int64(m.winsToGo)))
            call.setField(1, "over", .boolean(m.isOver))
            call.setField(1, "winner", m.winner.map { .string($0.rawValue) } ?? .nil)
            call.pushArgument(1)
            return 1
        }))
    }

    static func table(of m: Match) -> LuaValue {
        var fields: [String: LuaValue] = [
            "match": .integer(Int64(m.bestOf)), "needed": .integer(Int64(m.winsNeeded)),
            "wins": .integer(Int64(m.wins)), "losses": .integer(Int64(m.losses)), "ties": .integer(Int64(m.ties)),
            "over": .boolean(m.isOver), "left": .integer(Int64(m.winsToGo)),
        ]
        if let w = m.winner { fields["winner"] = .string(w.rawValue) }
        return .map(fields)
    }
}
