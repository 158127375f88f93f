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
            Self.pushTable(of: try Match(bestOf: call.int(1)), call)
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
        let outcomes: [Match.Outcome] = [.win, .loss, .tie]
        let outcomeNames = outcomes.map(\.rawValue)
        set("record", [.table("match"), .choice("outcome", outcomeNames)]) { call in
            // Reads and writes only the score fields, directly: the table may be a whole game
            // state, and a sim records every throw.
            func int(_ key: StaticString) throws -> Int {
                guard let n = call.integer(key, of: 1), (0...Self.matchCountLimit).contains(n) else {
                    throw GameAPIError("game.match.record: the table's '\(key)' is not a whole number from 0 to \(Self.matchCountLimit)")
                }
                return Int(n)
            }
            var m = try Match(bestOf: try int("match"), wins: try int("wins"), losses: try int("losses"), ties: try int("ties"))
            try m.record(outcomes[call.choice(2, in: outcomeNames)!])
            call.set("wins", of: 1, Int64(m.wins))
            call.set("losses", of: 1, Int64(m.losses))
            call.set("ties", of: 1, Int64(m.ties))
            call.set("left", of: 1, Int64(m.winsToGo))
            call.set("over", of: 1, m.isOver)
            if let winner = m.winner { call.set("winner", of: 1, winner.rawValue) } else { call.set("winner", of: 1, nil as Double?) }
            call.pushArgument(1)
            return 1
        }
    }

    /// Pushes a match's table, field by field (a sim makes one every game).
    static func pushTable(of m: Match, _ call: LuaCall) {
        let t = call.pushTable(fields: 8)
        call.set("match", of: t, Int64(m.bestOf))
        call.set("needed", of: t, Int64(m.winsNeeded))
        call.set("wins", of: t, Int64(m.wins))
        call.set("losses", of: t, Int64(m.losses))
        call.set("ties", of: t, Int64(m.ties))
        call.set("over", of: t, m.isOver)
        call.set("left", of: t, Int64(m.winsToGo))
        if let w = m.winner { call.set("winner", of: t, w.rawValue) }
    }
}
