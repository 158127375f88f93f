import GameCore

extension RuleInfo {
    /// The game as `gamehost list --json` and the server's lobby describe it (docs/protocol.md):
    /// its name, title, seats, bot, word list and options with their choices or ranges.
    public var listing: JSONValue {
        let options: [JSONValue] = options.map { option in
            var fields: [String: JSONValue] = ["name": .string(option.name), "help": .string(option.help), "default": .string(option.defaultValue)]
            switch option.kind {
            case .integer(let range):
                fields["min"] = .int(range.lowerBound)
                fields["max"] = .int(range.upperBound)
            case .text(let choices, let accept):
                fields["choices"] = .array(choices.map { .string($0) })
                if let accept { fields["accept"] = .string(accept) }
            }
            return .object(fields)
        }
        var fields: [String: JSONValue] = [
            "game": .string(id), "title": .string(title), "about": .string(about),
            "words": defaultWordList.map { .string($0) } ?? .null, "shares_words": .bool(sharesWords),
            "seats": .object(["min": .int(Int64(seats.min)), "max": .int(Int64(seats.max))]),
            "bot": .bool(hasBot), "options": .array(options),
        ]
        if !translatedInfo.isEmpty { fields["translations"] = .object(translatedInfo) }
        return .object(fields)
    }

    /// The title and about each translation gives, by language (`{"de": {"title": …}}`): a
    /// lobby shows the game in its reader's language without loading the rule.
    var translatedInfo: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (code, texts) in texts.translations {
            var fields: [String: JSONValue] = [:]
            for key in ["title", "about"] { if case .plain(let text)? = texts[key] { fields[key] = .string(text) } }
            if !fields.isEmpty { out[code] = .object(fields) }
        }
        return out
    }
}
