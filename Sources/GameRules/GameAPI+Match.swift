import GameCore
import LuaKit

extension GameAPI {
    /// The largest score a match table may hold: far past any real match, and far from
    /// overflowing the arithmetic.
    static let matchCountLimit: Int64 = 1_000_000

    /// `game.match`: best-of-N scoring kept in a plain table, so it serialises and copies
    /// like the rest of the state. The arithmetic is GameCore's `Match`, in `count` and
    /// `begin` below; the table's fields are read and written by the host Lua of
    /// `matchFunctions`, since a field through Lua's C API costs some ten times what it costs
    /// in Lua, and a sim records every throw.
    func installMatch() {
        let set = library("match")
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
        // count(match, wins, losses, ties, m, outcome): the score fields after the outcome, or
        // nil and what is wrong (the rule's arguments come last, as the rule gave them).
        let count = lua.function { call in
            let problem = call.problem(of: 5, as: .table("match"), argument: 1, of: "game.match.record")
                ?? call.problem(of: 6, as: .choice("outcome", outcomeNames), argument: 2, of: "game.match.record")
            do {
                if let problem { throw GameAPIError(problem) }
                func int(_ i: Int, _ key: String) throws -> Int {
                    guard let n = call.wholeNumber(i), (0...Self.matchCountLimit).contains(n) else {
                        throw GameAPIError("game.match.record: the table's '\(key)' is not a whole number from 0 to \(Self.matchCountLimit)")
                    }
                    return Int(n)
                }
                var m = try Match(bestOf: try int(1, "match"), wins: try int(2, "wins"), losses: try int(3, "losses"), ties: try int(4, "ties"))
                try m.record(outcomes[call.choice(6, in: outcomeNames)!])
                call.push(Int64(m.wins))
                call.push(Int64(m.losses))
                call.push(Int64(m.ties))
                call.push(Int64(m.winsToGo))
                call.push(m.isOver)
                if let winner = m.winner { call.push(winner.rawValue) } else { call.pushNil() }
                return 6
            } catch {
                call.pushNil()
                call.push(String(describing: error))
                return 2
            }
        }
        // begin(n): the match's length and the wins it needs, or nil and what is wrong.
        let begin = lua.function { call in
            do {
                if let problem = call.problem(of: 1, as: .integer("n", 1...999), argument: 1, of: "game.match.new") {
                    throw GameAPIError(problem)
                }
                let m = try Match(bestOf: call.int(1))
                call.push(Int64(m.bestOf))
                call.push(Int64(m.winsNeeded))
                return 2
            } catch {
                call.pushNil()
                call.push(String(describing: error))
                return 2
            }
        }
        let library = libraries["match"]!
        do {
            let made = try lua.call(try lua.load(Self.matchFunctions, chunkName: "=game.match", inHostEnvironment: true),
                                    [.ref(count), .ref(begin)], results: 2, tablesByReference: true)
            lua.setField(library, "record", made[0])
            lua.setField(library, "new", made[1])
        } catch {
            // The text is the host's own: only memory can fail it. The functions then say so.
            let failed = lua.function { _ in throw GameAPIError("game.match: the host ran out of memory making it (\(error))") }
            lua.setField(library, "record", .ref(failed))
            lua.setField(library, "new", .ref(failed))
        }
    }

    /// `game.match.record` and `game.match.new`, given `count` and `begin`. A table without a
    /// metatable is read and written as it is (no metamethod can run); any other is read and
    /// written raw, as a host function reads a table. An error is raised at level 2: the
    /// rule's line that called.
    static let matchFunctions = """
        local count, begin = ...
        local rawget, rawset, type, getmetatable, error = rawget, rawset, type, getmetatable, error

        local function record(...)
          local m = ...
          local wins, losses, ties, left, over, winner
          if type(m) == "table" and getmetatable(m) == nil then
            wins, losses, ties, left, over, winner = count(m.match, m.wins, m.losses, m.ties, ...)
            if wins == nil then error(losses, 2) end
            m.wins, m.losses, m.ties, m.left, m.over, m.winner = wins, losses, ties, left, over, winner
            return m
          end
          local n, w, l, t
          if type(m) == "table" then n, w, l, t = rawget(m, "match"), rawget(m, "wins"), rawget(m, "losses"), rawget(m, "ties") end
          wins, losses, ties, left, over, winner = count(n, w, l, t, ...)
          if wins == nil then error(losses, 2) end
          rawset(m, "wins", wins)
          rawset(m, "losses", losses)
          rawset(m, "ties", ties)
          rawset(m, "left", left)
          rawset(m, "over", over)
          rawset(m, "winner", winner)
          return m
        end

        local function new(...)
          local n, needed = begin(...)
          if n == nil then error(needed, 2) end
          return { match = n, needed = needed, wins = 0, losses = 0, ties = 0, over = false, left = needed }
        end

        return record, new
        """
}
