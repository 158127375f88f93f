/// One piece of a view drawn as data rather than text: what a rule's `view` may return instead
/// of a string (docs/lua-api.md, "View elements"). The terminal draws elements as text
/// (`ElementText`), the protocol carries them as JSON (`ViewElement.json`) and a browser draws
/// them as HTML, so one rule file serves every face. Values are checked when read
/// (`ViewElementReader`): a face-down card holds no face here, so a hidden face never leaves
/// the engine.
public struct ViewElement: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Text, which may hold newlines, in a style (nil: plain).
        case text(String, style: Style?)
        case heading(String)
        /// A row of cards that wraps (`columns` nil), or a grid of `columns` a row; the backs
        /// in a colour of `game.colour`'s (Memory's themes).
        case cards([Card], columns: Int?, colour: String?)
        /// A word's letters, "" for a blank, each with a mark or none (Guess Five's rows).
        case word(letters: [String], marks: [Mark?]?)
        /// Keys with marks, laid out by `rows` (each string's characters name keys).
        case keyboard([Key], rows: [String]?)
        case meter(name: String, value: Double, max: Double?, unit: String?)
        /// Emoji or text art, line by line, and what it shows in words; and the same as shapes
        /// for a face that draws (`Drawing`).
        case picture(lines: [String], alt: String?, drawing: Drawing?)
        case buttons([Button])
    }

    public var kind: Kind
    /// The input line that tapping the element plays.
    public var move: String?
    /// The element's accessible name, for screen readers.
    public var label: String?
    /// A name that stays the same from step to step, so a browser can animate a change.
    public var id: String?

    public init(_ kind: Kind, move: String? = nil, label: String? = nil, id: String? = nil) {
        self.kind = kind
        self.move = move
        self.label = label
        self.id = id
    }

    /// The styles a text element may ask for.
    public enum Style: String, CaseIterable, Sendable { case title, dim, message, refusal }

    /// What is known of a letter: in place, elsewhere in the word, not in it, or tried.
    public enum Mark: String, CaseIterable, Sendable { case hit, present, miss, used }

    public struct Card: Equatable, Sendable {
        /// The face, only while the card lies face up (the reader drops it otherwise).
        public var face: String?
        public var up = true
        public var matched = false
        public var selectable = false
        public var move: String?
        public var label: String?
        public var id: String?
        public init(face: String? = nil, up: Bool = true, matched: Bool = false, selectable: Bool = false,
                    move: String? = nil, label: String? = nil, id: String? = nil) {
            self.face = up ? face : nil
            self.up = up
            self.matched = matched
            self.selectable = selectable
            self.move = move
            self.label = label
            self.id = id
        }
    }

    public struct Key: Equatable, Sendable {
        public var key: String
        public var mark: Mark?
        public var move: String?
        public init(_ key: String, mark: Mark? = nil, move: String? = nil) {
            self.key = key
            self.mark = mark
            self.move = move
        }
    }

    public struct Button: Equatable, Sendable {
        public var text: String
        public var move: String?
        /// A key shown beside the text; what a key plays is the rule's `keys`.
        public var key: String?
        public init(_ text: String, move: String? = nil, key: String? = nil) {
            self.text = text
            self.move = move
            self.key = key
        }
    }

    /// The element's type as rules and the protocol name it.
    public var typeName: String {
        switch kind {
        case .text: "text"
        case .heading: "heading"
        case .cards: "cards"
        case .word: "word"
        case .keyboard: "keyboard"
        case .meter: "meter"
        case .picture: "picture"
        case .buttons: "buttons"
        }
    }

    /// Every move the element offers to tap, with where it is (`[3].cards[2]`, from 1), for
    /// check's proof that each is a move offered now.
    public func moves(at path: String) -> [(move: String, path: String)] {
        var out: [(String, String)] = move.map { [($0, path)] } ?? []
        switch kind {
        case .cards(let cards, _, _):
            for (k, card) in cards.enumerated() { if let m = card.move { out.append((m, "\(path).cards[\(k + 1)]")) } }
        case .keyboard(let keys, _):
            for (k, key) in keys.enumerated() { if let m = key.move { out.append((m, "\(path).keys[\(k + 1)]")) } }
        case .buttons(let buttons):
            for (k, button) in buttons.enumerated() { if let m = button.move { out.append((m, "\(path).buttons[\(k + 1)]")) } }
        default: break
        }
        return out
    }

    /// What the element shows for the input `move` plays when tapped: a button's text, a
    /// card's face (or its label), the element's own label; nil when it offers no such move.
    public func shownName(of move: String) -> String? {
        switch kind {
        case .buttons(let buttons): if let b = buttons.first(where: { $0.move == move }) { return b.text }
        case .cards(let cards, _, _): if let c = cards.first(where: { $0.move == move }) { return c.face ?? c.label }
        case .keyboard(let keys, _): if let k = keys.first(where: { $0.move == move }) { return k.key }
        default: break
        }
        return self.move == move ? label : nil
    }

    /// The keys that elements tie to moves: a button's `key` plays its `move`, and so does a
    /// keyboard's key of one printable character. The full-screen mode plays them at a
    /// keypress, as it does the rule's `keys` (check holds a button's key to those); the first
    /// element to name a key has it.
    public static func keys(of elements: [ViewElement]) -> [String: String] {
        var keys: [String: String] = [:]
        func add(_ key: String?, _ move: String?) {
            guard let key, let move, isKey(key), keys[key] == nil else { return }
            keys[key] = move
        }
        for element in elements {
            switch element.kind {
            case .buttons(let buttons): for button in buttons { add(button.key, button.move) }
            case .keyboard(let entries, _): for entry in entries { add(entry.key, entry.move) }
            default: break
            }
        }
        return keys
    }

    /// Whether `text` can be a key: one printable ASCII character other than Space and `/`.
    public static func isKey(_ text: String) -> Bool {
        text.utf8.count == 1 && text.utf8.first.map { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "/") } == true
    }

    /// The bytes of every string the element holds (its text, faces, labels, ids, moves...).
    public var textBytes: Int {
        func n(_ s: String?) -> Int { s?.utf8.count ?? 0 }
        var total = n(move) + n(label) + n(id)
        switch kind {
        case .text(let text, _), .heading(let text): total += n(text)
        case .cards(let cards, _, let colour):
            total += n(colour) + cards.reduce(0) { $0 + n($1.face) + n($1.move) + n($1.label) + n($1.id) }
        case .word(let letters, _): total += letters.reduce(0) { $0 + n($1) }
        case .keyboard(let keys, let rows):
            total += keys.reduce(0) { $0 + n($1.key) + n($1.move) } + (rows ?? []).reduce(0) { $0 + n($1) }
        case .meter(let name, _, _, let unit): total += n(name) + n(unit)
        case .picture(let lines, let alt, let drawing): total += lines.reduce(0) { $0 + n($1) } + n(alt) + (drawing?.textBytes ?? 0)
        case .buttons(let buttons): total += buttons.reduce(0) { $0 + n($1.text) + n($1.move) + n($1.key) }
        }
        return total
    }

    /// The vocabulary, as rules write it: the types, each type's own fields (beside `type` and
    /// the fields every element has), and the fields of a card, a key and a button.
    public static let types = ["text", "heading", "cards", "word", "keyboard", "meter", "picture", "buttons"]
    public static let fields: [String: [String]] = [
        "text": ["text", "style"], "heading": ["text"], "cards": ["cards", "columns", "colour"], "word": ["letters", "marks"],
        "keyboard": ["keys", "rows"], "meter": ["name", "value", "max", "unit"], "picture": ["lines", "alt", "drawing"],
        "buttons": ["buttons"],
    ]
    public static let commonFields = ["move", "label", "id"]
    public static let cardFields = ["face", "up", "matched", "selectable", "move", "label", "id"]
    public static let keyFields = ["key", "mark", "move"]
    public static let buttonFields = ["text", "move", "key"]

    /// The most elements a view may hold.
    public static let elementLimit = 500
    /// The most entries in one list of an element (cards, keys, buttons, lines, letters, rows).
    public static let entryLimit = 1000
    /// The longest string in an element, as a message may be.
    public static let textLimit = 64 << 10
}
