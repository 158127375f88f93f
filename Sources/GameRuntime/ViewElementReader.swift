import GameCore
import LuaKit

/// Reads what a rule's `view` returned as a list of elements and checks every field, as the
/// host checks every other value a rule hands it: an unknown type or field, a value of the
/// wrong type, a list too long or a string too large is the rule's error, naming where
/// (`view returned an element at [3].cards[2] with a field 'flipped' that a card does not
/// have`). A face-down card's face is dropped here, so it never reaches a presenter, the
/// protocol or a browser.
enum ViewElementReader {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The elements of a view (a list: a bare string in it is a text element).
    static func elements(_ value: LuaValue) throws -> [ViewElement] {
        guard let list = value.array else {
            throw Problem(description: "view must return a string or a list of elements, not a table with named fields"
                          + " (a single element goes in a list too: { { type = \"text\", text = \"...\" } })")
        }
        guard list.count <= ViewElement.elementLimit else {
            throw Problem(description: "view returned \(list.count) elements; a view may have \(ViewElement.elementLimit)")
        }
        let elements = try list.enumerated().map { try element($0.element, at: "[\($0.offset + 1)]") }
        // Each string is bounded, and so are they all together: what a view sends is a screen.
        let bytes = elements.reduce(0) { $0 + $1.textBytes }
        guard bytes <= GameEngine.viewLimit else {
            throw Problem(description: "view returned elements holding \(bytes) bytes of text; a view may have \(GameEngine.viewLimit >> 20) MB")
        }
        return elements
    }

    static func element(_ value: LuaValue, at path: @autoclosure () -> String) throws -> ViewElement {
        if case .string = value { return ViewElement(.text(try text(value, at: path())!, style: nil)) }
        guard let fields = value.map else {
            throw problem(at: path(), "that is \(article(value.typeName)), not a table or a string")
        }
        guard let type = fields["type"] else {
            throw problem(at: path(), "with no type (one of \(ViewElement.types.joined(separator: ", ")))")
        }
        guard let name = type.string, let allowed = allowedFields[name] else {
            let given = type.string.map { "'\(shown($0))'" } ?? type.typeName
            throw problem(at: path(), "with type \(given) (the types: \(ViewElement.types.joined(separator: ", ")))")
        }
        try known(fields, allowed, at: path(), what: "a \(name) element")
        func need(_ field: String, _ value: LuaValue?) throws -> LuaValue {
            guard let value, !value.isNil else { throw problem(at: path(), "without its \(field) (a \(name) element needs one)") }
            return value
        }
        let kind: ViewElement.Kind
        switch name {
        case "text":
            let style = try text(fields["style"], at: path() + ".style").map { raw in
                guard let style = ViewElement.Style(rawValue: raw) else {
                    throw problem(at: path() + ".style", "'\(shown(raw))' (the styles: \(ViewElement.Style.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return style
            }
            kind = .text(try text(need("text", fields["text"]), at: path() + ".text")!, style: style)
        case "heading":
            kind = .heading(try text(need("text", fields["text"]), at: path() + ".text")!)
        case "cards":
            let cards = try list(need("cards", fields["cards"]), at: path() + ".cards").enumerated().map {
                try card($0.element, at: "\(path()).cards[\($0.offset + 1)]")
            }
            let columns = try integer(fields["columns"], in: 1...ViewElement.entryLimit, at: path() + ".columns")
            let colour = try text(fields["colour"], at: path() + ".colour")
            if let colour, TerminalText.coloured("", colour) == nil {
                throw problem(at: path() + ".colour", "'\(shown(colour))' (the colours: \(TerminalText.colours.map(\.name).joined(separator: ", ")))")
            }
            kind = .cards(cards, columns: columns, colour: colour)
        case "word":
            let letters = try list(need("letters", fields["letters"]), at: path() + ".letters").enumerated().map {
                try text($0.element, at: "\(path()).letters[\($0.offset + 1)]")!
            }
            var marks: [ViewElement.Mark?]?
            if let given = fields["marks"], !given.isNil {
                let raw = try list(given, at: path() + ".marks")
                guard raw.count == letters.count else {
                    throw problem(at: path() + ".marks", "with \(raw.count) marks for \(letters.count) letters (one a letter, \"\" for none)")
                }
                marks = try raw.enumerated().map { try mark($0.element, at: "\(path()).marks[\($0.offset + 1)]", allowed: [.hit, .present, .miss]) }
            }
            kind = .word(letters: letters, marks: marks)
        case "keyboard":
            let keys = try list(need("keys", fields["keys"]), at: path() + ".keys").enumerated().map {
                try key($0.element, at: "\(path()).keys[\($0.offset + 1)]")
            }
            let rows = try fields["rows"].flatMap { $0.isNil ? nil : $0 }.map { given in
                try list(given, at: path() + ".rows").enumerated().map { try text($0.element, at: "\(path()).rows[\($0.offset + 1)]")! }
            }
            kind = .keyboard(keys, rows: rows)
        case "meter":
            kind = .meter(name: try text(need("name", fields["name"]), at: path() + ".name")!,
                          value: try number(need("value", fields["value"]), at: path() + ".value")!,
                          max: try number(fields["max"], at: path() + ".max"), unit: try text(fields["unit"], at: path() + ".unit"))
        case "picture":
            let lines = try list(need("lines", fields["lines"]), at: path() + ".lines").enumerated().map {
                try text($0.element, at: "\(path()).lines[\($0.offset + 1)]")!
            }
            kind = .picture(lines: lines, alt: try text(fields["alt"], at: path() + ".alt"),
                            drawing: try fields["drawing"].flatMap { $0.isNil ? nil : try drawing($0, at: path() + ".drawing") })
        default:
            kind = .buttons(try list(need("buttons", fields["buttons"]), at: path() + ".buttons").enumerated().map {
                try button($0.element, at: "\(path()).buttons[\($0.offset + 1)]")
            })
        }
        return ViewElement(kind, move: try move(fields["move"], at: path() + ".move"), label: try text(fields["label"], at: path() + ".label"),
                           id: try text(fields["id"], at: path() + ".id"))
    }

    static func card(_ value: LuaValue, at path: @autoclosure () -> String) throws -> ViewElement.Card {
        let fields = try entry(value, at: path(), what: "a card", ViewElement.cardFields)
        // The face of a card lying face down is dropped at once: hidden stays hidden.
        let up = try boolean(fields["up"], at: path() + ".up") ?? true
        return ViewElement.Card(face: up ? try text(fields["face"], at: path() + ".face") : nil, up: up,
                                matched: try boolean(fields["matched"], at: path() + ".matched") ?? false,
                                selectable: try boolean(fields["selectable"], at: path() + ".selectable") ?? false,
                                move: try move(fields["move"], at: path() + ".move"), label: try text(fields["label"], at: path() + ".label"),
                                id: try text(fields["id"], at: path() + ".id"))
    }

    static func key(_ value: LuaValue, at path: @autoclosure () -> String) throws -> ViewElement.Key {
        let fields = try entry(value, at: path(), what: "a key", ViewElement.keyFields)
        guard let key = try text(fields["key"], at: path() + ".key"), !key.isEmpty else {
            throw problem(at: path(), "without its key (a key entry needs a key, such as \"a\")")
        }
        return ViewElement.Key(key, mark: try fields["mark"].flatMap { try mark($0, at: path() + ".mark", allowed: ViewElement.Mark.allCases) },
                               move: try move(fields["move"], at: path() + ".move"))
    }

    static func button(_ value: LuaValue, at path: @autoclosure () -> String) throws -> ViewElement.Button {
        let fields = try entry(value, at: path(), what: "a button", ViewElement.buttonFields)
        guard let text = try text(fields["text"], at: path() + ".text") else {
            throw problem(at: path(), "without its text (a button needs one)")
        }
        let key = try self.text(fields["key"], at: path() + ".key")
        if let key, !ViewElement.isKey(key) {
            throw problem(at: path() + ".key", "'\(shown(key))': a button's key is one printable ASCII character other than / and space")
        }
        return ViewElement.Button(text, move: try move(fields["move"], at: path() + ".move"), key: key)
    }

    // MARK: Values

    static func problem(at path: @autoclosure () -> String, _ what: String) -> Problem {
        Problem(description: "view returned an element at \(path()) \(what)")
    }

    /// A rule's text in a message: its first 40 characters (the terminal shows any control
    /// character in it visibly).
    static func shown(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    static func article(_ type: String) -> String { type == "nil" ? "nil" : "a \(type)" }

    /// A table of fields, each of them one of `allowed`.
    static func entry(_ value: LuaValue, at path: @autoclosure () -> String, what: @autoclosure () -> String, _ allowed: [String]) throws -> [String: LuaValue] {
        guard let fields = value.map else { throw problem(at: path(), "that is \(article(value.typeName)), not a table") }
        try known(fields, allowed, at: path(), what: what())
        return fields
    }

    /// Each type's fields, with the type and the fields every element may have.
    static let allowedFields = ViewElement.fields.mapValues { $0 + ["type"] + ViewElement.commonFields }

    static func known(_ fields: [String: LuaValue], _ allowed: [String], at path: @autoclosure () -> String, what: @autoclosure () -> String) throws {
        if fields.keys.allSatisfy({ allowed.contains($0) }) { return }
        // The first unknown field in a fixed order, so the message is the same every run.
        if let unknown = fields.keys.filter({ !allowed.contains($0) }).min() {
            throw problem(at: path(), "with a field '\(shown(unknown))' that \(what()) does not have (its fields: \(allowed.joined(separator: ", ")))")
        }
    }

    static func list(_ value: LuaValue, at path: @autoclosure () -> String) throws -> [LuaValue] {
        guard let items = value.array else {
            throw problem(at: path(), "that is \(value.map != nil ? "a table with named fields or gaps" : article(value.typeName)), not a list")
        }
        guard items.count <= ViewElement.entryLimit else {
            throw problem(at: path(), "with \(items.count) entries; a list in an element may have \(ViewElement.entryLimit)")
        }
        return items
    }

    /// A string to show, its control characters made visible (`VisibleText`).
    static func text(_ value: LuaValue?, at path: @autoclosure () -> String) throws -> String? {
        try raw(value, at: path()).map(VisibleText.of)
    }

    static func raw(_ value: LuaValue?, at path: @autoclosure () -> String) throws -> String? {
        guard let value, !value.isNil else { return nil }
        guard let text = value.string else { throw problem(at: path(), "that is \(article(value.typeName)), not a string") }
        guard text.utf8.count <= ViewElement.textLimit else {
            throw problem(at: path(), "of \(text.utf8.count) bytes; a string in an element may have \(ViewElement.textLimit >> 10) KB")
        }
        return text
    }

    /// An input line, as the rule wrote it: it is played, not shown, and a move with a control
    /// character in it is one no seat is offered (check says so).
    static func move(_ value: LuaValue?, at path: @autoclosure () -> String) throws -> String? {
        guard let move = try raw(value, at: path()) else { return nil }
        guard move.utf8.count <= InputLine.limit else {
            throw problem(at: path(), "of \(move.utf8.count) bytes; a move is an input line of at most \(InputLine.limit)")
        }
        return move
    }

    static func boolean(_ value: LuaValue?, at path: @autoclosure () -> String) throws -> Bool? {
        guard let value, !value.isNil else { return nil }
        guard let flag = value.boolean else { throw problem(at: path(), "that is \(article(value.typeName)), not a boolean") }
        return flag
    }

    static func number(_ value: LuaValue?, at path: @autoclosure () -> String) throws -> Double? {
        switch value {
        case nil, .nil?: return nil
        case .integer(let n)?: return Double(n)
        case .number(let d)? where d.isFinite: return d
        case .number?: throw problem(at: path(), "that is not a finite number")
        case let other?: throw problem(at: path(), "that is \(article(other.typeName)), not a number")
        }
    }

    static func integer(_ value: LuaValue?, in range: ClosedRange<Int>, at path: @autoclosure () -> String) throws -> Int? {
        guard let value, !value.isNil else { return nil }
        guard let n = value.integer, range.contains(Int(clamping: n)) else {
            throw problem(at: path(), "that is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(n)
    }

    static func mark(_ value: LuaValue, at path: @autoclosure () -> String, allowed: [ViewElement.Mark]) throws -> ViewElement.Mark? {
        guard let raw = try text(value, at: path()) else { return nil }
        if raw.isEmpty { return nil }
        guard let mark = ViewElement.Mark(rawValue: raw), allowed.contains(mark) else {
            throw problem(at: path(), "'\(shown(raw))' (the marks: \(allowed.map(\.rawValue).joined(separator: ", ")), or \"\" for none)")
        }
        return mark
    }
}
