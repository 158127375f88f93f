import GameCore
import LuaKit

extension GameAPI {
    /// The largest score a match table may hold: far past any real match, and far from
    /// overflowing the arithmetic.
    static let matchCountLimit: Int64 = 1_000_000

    /// `game.match`: best-of-N scoring kept in a plain table, so it serialises and copies
    /// like the rest of the state. The arithmetic is GameCore's `Match`.
    func installMatch() {
        let set = library("match")

        set("new", [.integer("n", 1...999)]) { call in
            call.push(Self.table(of: try Match(bestOf: call.int(1))))
            return 1
        }
        set("length", [.string("text", max: 64)]) { call in
            do {
                call.push(Int64(try Match.parseLength(call.text(1))))
                return 1
            } catch let error as MatchError {
                call.pushNil()
                call.push(error.description)
                return 2
            }
        }
        set("record", [.table("match"), .choice("outcome", ["win", "loss", "tie"])]) { call in
            // Reads and writes only the score fields: the table may be a whole game state.
            func int(_ key: String) throws -> Int {
                guard let n = try call.field(1, key).integer, (0...Self.matchCountLimit).contains(n) else {
                    throw GameAPIError("game.match.record: the table's '\(key)' is not a whole number from 0 to \(Self.matchCountLimit)")
                }
                return Int(n)
            }
            var m = try Match(bestOf: try int("match"), wins: try int("wins"), losses: try int("losses"), ties: try int("ties"))
            try m.record(Match.Outcome(rawValue: call.text(2))!)
            call.setField(1, "wins", .integer(Int64(m.wins)))
            call.setField(1, "losses", .integer(Int64(m.losses)))
            call.setField(1, "ties", .integer(Int64(m.ties)))
            call.setField(1, "left", .integer(Int64(m.winsToGo)))
            call.setField(1, "over", .boolean(m.isOver))
            call.setField(1, "winner", m.winner.map { .string($0.rawValue) } ?? .nil)
            call.pushArgument(1)
            return 1
        }
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
