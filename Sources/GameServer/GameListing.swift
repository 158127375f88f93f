import GameCore
import GameHost

/// A game as the lobby lists it: what the browser's lobby needs to offer it and its options.
enum GameListing {
    static func entry(name: String, _ rule: RuleInfo) -> JSONValue {
        let options: [JSONValue] = rule.options.filter { !$0.advanced }.map { option in
            var fields: [String: JSONValue] = ["name": .string(option.name), "help": .string(option.help), "default": .string(option.defaultValue)]
            switch option.kind {
            case .integer(let range):
                fields["min"] = .int(range.lowerBound)
                fields["max"] = .int(range.upperBound)
            case .text(let choices, _):
                fields["choices"] = .array(choices.map { .string($0) })
            }
            return .object(fields)
        }
        return .object([
            "game": .string(name), "title": .string(rule.title), "about": .string(rule.about),
            "seats": .object(["min": .int(Int64(rule.seats.min)), "max": .int(Int64(rule.seats.max))]),
            "bot": .bool(rule.hasBot), "options": .array(options),
        ])
    }
}
