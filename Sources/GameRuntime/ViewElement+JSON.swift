import GameCore

/// View elements as the protocol carries them (docs/protocol.md, "View elements"): the fields a
/// rule gave, with `type`; a card always says whether it is up, matched and selectable, and
/// has a `face` only when it lies face up; a word's missing marks are null.
extension ViewElement {
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["type": .string(typeName)]
        func put(_ name: String, _ text: String?) { if let text { fields[name] = .string(text) } }
        put("move", move)
        put("label", label)
        put("id", id)
        switch kind {
        case .text(let text, let style):
            fields["text"] = .string(text)
            put("style", style?.rawValue)
        case .heading(let text):
            fields["text"] = .string(text)
        case .cards(let cards, let columns, let colour):
            fields["cards"] = .array(cards.map(\.json))
            if let columns { fields["columns"] = .int(Int64(columns)) }
            put("colour", colour)
        case .word(let letters, let marks):
            fields["letters"] = .array(letters.map { .string($0) })
            if let marks { fields["marks"] = .array(marks.map { $0.map { .string($0.rawValue) } ?? .null }) }
        case .keyboard(let keys, let rows):
            fields["keys"] = .array(keys.map { key in
                var entry: [String: JSONValue] = ["key": .string(key.key)]
                if let mark = key.mark { entry["mark"] = .string(mark.rawValue) }
                if let move = key.move { entry["move"] = .string(move) }
                return .object(entry)
            })
            if let rows { fields["rows"] = .array(rows.map { .string($0) }) }
        case .meter(let name, let value, let max, let unit):
            fields["name"] = .string(name)
            fields["value"] = .double(value)
            if let max { fields["max"] = .double(max) }
            put("unit", unit)
        case .picture(let lines, let alt, let drawing):
            fields["lines"] = .array(lines.map { .string($0) })
            put("alt", alt)
            if let drawing { fields["drawing"] = drawing.json }
        case .buttons(let buttons):
            fields["buttons"] = .array(buttons.map { button in
                var entry: [String: JSONValue] = ["text": .string(button.text)]
                if let move = button.move { entry["move"] = .string(move) }
                if let key = button.key { entry["key"] = .string(key) }
                return .object(entry)
            })
        }
        return .object(fields)
    }
}

extension ViewElement.Card {
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["up": .bool(up), "matched": .bool(matched), "selectable": .bool(selectable)]
        // Never the face of a card lying face down (the reader has dropped it; this says so twice).
        if up, let face { fields["face"] = .string(face) }
        if let move { fields["move"] = .string(move) }
        if let label { fields["label"] = .string(label) }
        if let id { fields["id"] = .string(id) }
        return .object(fields)
    }
}
