import GameCore

extension RuleInfo {
    /// The game as `gamehost list --json` and the server's lobby describe it (docs/protocol.md):
    /// its name, title, seats, bot, word list and options with their choices or ranges, and its
    /// translations' texts (of the languages `languages` names; nil: all).
    public var listing: JSONValue { listing(languages: nil) }

    public func listing(languages: Set<String>?) -> JSONValue {
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
        let translated = translatedInfo.filter { languages?.contains($0.key) ?? true }
        if !translated.isEmpty { fields["translations"] = .object(translated) }
        return .object(fields)
    }

    /// The title, about and options' help and labels each translation gives, by language
    /// (`{"de": {"title": …, "options": {"match": {"label": …, "help": …}}}}`): a lobby shows
    /// the game in its reader's language without loading the rule.
    var translatedInfo: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (code, texts) in texts.translations {
            var fields: [String: JSONValue] = [:]
            for key in ["title", "about"] { if case .plain(let text)? = texts[key] { fields[key] = .string(text) } }
            var options: [String: JSONValue] = [:]
            for option in self.options {
                var entry: [String: JSONValue] = [:]
                if case .plain(let text)? = texts["option." + option.name] { entry["help"] = .string(text) }
                if case .plain(let text)? = texts["option." + option.name + ".label"] { entry["label"] = .string(text) }
                if !entry.isEmpty { options[option.name] = .object(entry) }
            }
            if !options.isEmpty { fields["options"] = .object(options) }
            if !fields.isEmpty { out[code] = .object(fields) }
        }
        return out
    }
}
