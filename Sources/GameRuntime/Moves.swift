import GameCore
import LuaKit
import GameRules

/// What a game accepts now: the moves `moves()` lists and, when the rule says so, free text
/// (a word, a number, a name) that no list could hold:
///
///     return { "quit", text = "a five-letter word", pattern = "%a%a%a%a%a" }
///
/// The rule still decides in `play`; the description and pattern tell players (`/moves`),
/// programs (`--json`) and `check` and `sim` (which make candidate inputs) what to try.
public struct Moves: Equatable, Sendable {
    public var listed: [String]
    public var text: FreeText?

    public init(_ listed: [String], text: FreeText? = nil) {
        self.listed = listed
        self.text = text
    }

    public var isEmpty: Bool { listed.isEmpty && text == nil }

    /// What `moves(state, game)` returned, checked: a list of strings, and `text` and
    /// `pattern` when the rule takes free text.
    init(reading value: LuaValue, path: String, patternProblem: (String) -> String?) throws {
        // (Made only for a message: a sim reads moves at every step.)
        func problem() -> String { "\(path): moves must return a list of strings (with text = \"what else to type\" and a pattern, if it takes free text), not" }
        var items: [LuaValue]
        var text: FreeText?
        switch value {
        case .array(let list): items = list
        case .map(var fields):
            func string(_ key: String) throws -> String? {
                guard let v = fields.removeValue(forKey: key), !v.isNil else { return nil }
                guard let s = v.string, s.utf8.count <= FreeText.limit, !s.isEmpty else {
                    throw RuleError(["\(path): moves' \(key) must be a string of 1 to \(FreeText.limit) bytes"])
                }
                return s
            }
            let description = try string("text"), pattern = try string("pattern")
            if let pattern {
                guard description != nil else { throw RuleError(["\(path): moves gives a pattern without text = \"what to type\""]) }
                if let error = patternProblem(pattern) { throw RuleError(["\(path): moves' pattern '\(pattern)': \(error)"]) }
            }
            text = description.map { FreeText(description: $0, pattern: pattern) }
            items = []
            for k in 1...max(fields.count, 1) where k <= fields.count {
                guard let item = fields["\(k)"] else {
                    let odd = fields.keys.filter { Int($0) == nil }.sorted().prefix(3).joined(separator: ", ")
                    throw RuleError(["\(problem()) a table with other fields (\(odd.isEmpty ? "a hole in the list" : odd))"])
                }
                items.append(item)
            }
        default: throw RuleError(["\(problem()) \(value.typeName)"])
        }
        let moves = items.compactMap(\.string)
        guard moves.count == items.count else { throw RuleError(["\(problem()) a list with \(items.first { $0.string == nil }?.typeName ?? "other values")"]) }
        guard moves.count <= GameEngine.movesLimit, moves.allSatisfy({ $0.utf8.count <= InputLine.limit }) else {
            throw RuleError(["\(path): moves returned more than \(GameEngine.movesLimit) moves, or a move longer than an input line (\(InputLine.limit) bytes)"])
        }
        self.init(moves, text: text)
    }

    /// "Moves: r, p, s; or type a five-letter word" for `/moves`, in the player's language.
    public func summary(_ texts: HostTexts = .english) -> String {
        let moves = listed.joined(separator: ", ")
        return switch (listed.isEmpty, text) {
        case (true, nil): texts(.noMoves)
        case (false, nil): texts(.movesListed, ["moves": moves])
        case (true, let text?): texts(.typeText, ["text": text.description])
        case (false, let text?): texts(.movesOrType, ["moves": moves, "text": text.description])
        }
    }
}
