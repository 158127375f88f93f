import GameCore
import LuaKit

/// `game.scores`: leaderboards that persist across sessions (see `ScoreStore`), ranked as
/// players read them ("1st 40 s, 2nd 60 s").
extension GameAPI {
    func installScores() {
        let scoresTable = lua.makeRef(.map([:]))
        lua.setField(table, "scores", .ref(scoresTable))
        func set(_ name: String, _ body: @escaping LuaFunction) { lua.setField(scoresTable, name, .ref(lua.function(body))) }

        set("submit") { [unowned self] call in
            try call.checkTable(1, "score")
            let fields = call.value(1)
            guard let board = fields["board"].string, !board.isEmpty else { throw GameAPIError("scores.submit: give a board name, as { board = \"timed\", value = 40 }") }
            guard let value = Self.number(fields["value"]) else { throw GameAPIError("scores.submit: 'value' must be a number") }
            let better = fields["better"].string ?? "higher"
            guard let order = Leaderboard.Order(rawValue: better) else {
                throw GameAPIError("scores.submit: 'better' must be \"lower\" or \"higher\", not \"\(better)\"")
            }
            let score = ScoreStore.Score(board: board, value: value, order: order, unit: fields["unit"].string ?? "",
                                         label: fields["label"].string ?? "")
            call.push(Int64(scores.submit(score)))
            return 1
        }
        set("summary") { [unowned self] call in
            let limit = call.count >= 2 ? Int(try call.integer(2, "n")) : 10
            call.push(scores.board(try call.string(1, "board")).summary(limit: limit))
            return 1
        }
        set("best") { [unowned self] call in
            if let best = scores.board(try call.string(1, "board")).entries.first { call.push(best.value) } else { call.pushNil() }
            return 1
        }
    }

    static func number(_ v: LuaValue) -> Double? {
        switch v {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
}
