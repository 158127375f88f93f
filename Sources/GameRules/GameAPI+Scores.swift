import GameCore
import LuaKit
import GameStorage

/// `game.scores`: leaderboards that persist across sessions (see `ScoreStore`), ranked as
/// players read them ("1st 40 s, 2nd 60 s").
extension GameAPI {
    /// The most scores one step may submit, and the longest names.
    static let submitLimit = 100
    package static let boardNameLimit = 64

    func installScores() {
        let set = library("scores")

        set("submit", [.table("score")]) { [unowned self] call in
            try keeping("submit")
            func text(_ key: String, max: Int) throws -> String? {
                let value = try call.field(1, key)
                if value.isNil { return nil }
                guard let s = value.string, s.utf8.count <= max else {
                    throw GameAPIError("game.scores.submit: '\(key)' must be a string of at most \(max) bytes")
                }
                return s
            }
            guard let board = try text("board", max: Self.boardNameLimit), !board.isEmpty else {
                throw GameAPIError("game.scores.submit: give a board name, as { board = \"timed\", value = 40 }")
            }
            guard let value = Self.number(try call.field(1, "value")), value.isFinite else {
                throw GameAPIError("game.scores.submit: 'value' must be a finite number")
            }
            let better = try text("better", max: 16) ?? "higher"
            guard let order = Leaderboard.Order(rawValue: better) else {
                throw GameAPIError("game.scores.submit: 'better' must be \"lower\" or \"higher\", not \"\(better)\"")
            }
            guard submittedThisStep < Self.submitLimit else {
                throw GameAPIError("game.scores.submit: more than \(Self.submitLimit) scores in one step")
            }
            submittedThisStep += 1
            let score = ScoreStore.Score(board: board, value: value, order: order, unit: try text("unit", max: 32) ?? "",
                                         label: try text("label", max: Self.boardNameLimit) ?? "")
            scores.seat = seat
            if let rank = scores.submit(score) { call.push(Int64(rank)) } else { call.pushNil() }
            return 1
        }
        set("summary", [.string("board", max: Self.boardNameLimit), .integer("n", 0...100, optional: true)]) { [unowned self] call in
            call.push(scores.board(call.text(1)).summary(limit: call.int(2, default: 10), language: language))
            return 1
        }
        installRecords(set)
        lua.setField(libraries["scores"]!, "practice", .boolean(false))
        set("best", [.string("board", max: Self.boardNameLimit)]) { [unowned self] call in
            if let best = scores.board(call.text(1)).entries.first { call.push(best.value) } else { call.pushNil() }
            return 1
        }
    }

    /// `game.scores.save(name, value)` / `load(name)`: plain data a game keeps across sessions
    /// (statistics, streaks), per game, saved with the move like a score.
    func installRecords(_ set: (String, [LuaParameter], @escaping LuaFunction) -> Void) {
        let name = LuaParameter.string("name", max: Self.boardNameLimit)
        func recordName(_ call: LuaCall, _ function: String) throws -> String {
            guard let text = call.validText(1) else { throw GameAPIError("game.scores.\(function): the name must be UTF-8 text") }
            return text
        }
        set("load", [name]) { [unowned self] call in
            call.push(StateJSON.lua(scores.record(try recordName(call, "load"))))
            return 1
        }
        set("save", [name, .any("value")]) { [unowned self] call in
            try keeping("save")
            let key = try recordName(call, "save")
            let value = try call.value(2)
            if let problem = Self.recordProblem(value) {
                throw GameAPIError("game.scores.save: the value must be plain data (tables, strings, numbers, booleans): \(problem)")
            }
            let json = StateJSON.convert(value)
            let size = json.encoded.utf8.count
            try call.charge(Double(size))
            guard size <= ScoreStore.recordLimit else {
                throw GameAPIError("game.scores.save: the value is \(size) bytes as JSON; a record may have \(ScoreStore.recordLimit >> 10) KB")
            }
            try scores.save(key, json)
            return 0
        }
    }

    /// A score or a record given in a query hook would be dropped with the query's output:
    /// an error naming the hook instead.
    private func keeping(_ function: String) throws {
        guard let hook = query else { return }
        throw GameAPIError("game.scores.\(function) in \(hook): \(hook) only looks, and what it keeps is dropped; call it in play (or a command), on the move that ends the game")
    }

    /// Why a value cannot be kept as a record and read back the same, or nil.
    static func recordProblem(_ value: LuaValue) -> String? {
        switch value {
        case .ref(let r): return "it holds a \(r.typeName)"
        case .number(let d) where !d.isFinite: return "it holds \(d.isNaN ? "nan" : "an infinite number")"
        case .array(let items): return items.lazy.compactMap(recordProblem).first
        case .map(let fields):
            if let key = fields.keys.first(where: { Int64($0) != nil }) {
                return "a table mixes list items or number keys with named fields ([\(key)]): keep lists and named fields in tables of their own"
            }
            return fields.values.lazy.compactMap(recordProblem).first
        default: return nil
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
