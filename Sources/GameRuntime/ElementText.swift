import GameCore

/// View elements drawn as text, for the terminal (full screen and line by line) and for the
/// step's `view` (at `protocolWidth` columns): the one renderer every text face uses. Every
/// line fits `width` columns: text wraps at spaces, cards, letters, keys and buttons flow onto
/// more lines, and a picture is cut at the edge (art must not wrap). With `ascii` every
/// character is ASCII (the rule's text is folded before it is measured); with `colour` the
/// marks of letters and keys are coloured as well as bracketed, so they read without colour.
public enum ElementText {
    /// The width of the text the protocol and transcripts carry for an element view.
    public static let protocolWidth = 40

    public struct Line: Equatable, Sendable {
        public var text: String
        public var style: TextStyle
        public init(_ text: String, _ style: TextStyle = .plain) {
            self.text = text
            self.style = style
        }
    }

    public static func lines(_ elements: [ViewElement], width: Int, ascii: Bool = false, colour: Bool = false) -> [Line] {
        var drawing = Drawing(width: max(1, width), ascii: ascii, colour: colour)
        // Marked words (Guess Five's rows) share one letter width, a blank's too, the widest of
        // their letters and the keyboard's keys, so their columns line up when the letters are
        // wide (kana), before the first guess too.
        for element in elements {
            let letters: [String]
            switch element.kind {
            case .word(let word, _?): letters = word
            case .keyboard(let keys, _): letters = keys.map(\.key)
            default: continue
            }
            drawing.letterWidth = max(drawing.letterWidth, min(letters.map { drawing.columns(drawing.shown($0)) }.max() ?? 1, drawing.width))
        }
        return elements.flatMap { drawing.lines($0) }
    }

    /// The lines as one text, as a string view would be.
    public static func text(_ elements: [ViewElement], width: Int, ascii: Bool = false, colour: Bool = false) -> String {
        lines(elements, width: width, ascii: ascii, colour: colour).map(\.text).joined(separator: "\n")
    }
}

/// One rendering's settings, and how each kind of element is drawn with them.
private struct Drawing {
    let width: Int
    let ascii: Bool
    let colour: Bool
    /// The width of a letter of a marked word, and of its blanks.
    var letterWidth = 1

    typealias Line = ElementText.Line

    /// A rule's text as it will be shown: folded under `--ascii`, on one line where a field is
    /// one line (a card's face, a key, a button).
    func shown(_ text: String, oneLine: Bool = true) -> String {
        var text = ascii ? ASCIIText.fold(text) : text
        // (The bytes are looked at first: only a text with such a byte holds such a Character.)
        if oneLine, text.utf8.contains(where: { $0 == 10 || $0 == 9 || $0 == 13 }), text.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r\n" }) {
            text = String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
        }
        return text
    }

    func columns(_ text: String) -> Int { TerminalWidth.columns(text) }

    func spaces(_ n: Int) -> String { String(repeating: " ", count: max(0, n)) }

    func wrapped(_ text: String, _ style: TextStyle) -> [Line] {
        TextWrap.wrap(text, width: width).textLines().map { Line(trimmed(String($0)), style) }
    }

    func trimmed(_ line: String) -> String {
        // (A line whose last byte is not a space cannot end in a space Character.)
        guard line.utf8.last == 32, line.last == " " else { return line }
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    func lines(_ element: ViewElement) -> [Line] {
        switch element.kind {
        case .text(let text, let style):
            let lineStyle: TextStyle = switch style {
            case .title?: .title
            case .dim?: .dim
            case .message?: .message
            case .refusal?: .refusal
            case nil: .plain
            }
            return wrapped(shown(text, oneLine: false), lineStyle)
        case .heading(let text):
            return wrapped(shown(text), .title)
        case .cards(let cards, let columns, let backs):
            return self.cards(cards, columns: columns, backs: backs)
        case .word(let letters, let marks):
            let letters = letters.map { shown($0) }
            guard let marks else {
                // As a word puzzle masks it: letters apart, a blank as _ (a space stays one).
                return wrapped(letters.map { $0.isEmpty ? "_" : $0 }.joined(separator: " "), .plain)
            }
            let cells = zip(letters, marks).map { cell($0.0.isEmpty ? "_" : $0.0, $0.1, width: max(letterWidth, columns($0.0.isEmpty ? "_" : $0.0))) }
            return flow(cells, gap: 0, perLine: nil).map { Line($0) }
        case .keyboard(let keys, let rows):
            return keyboard(keys, rows: rows)
        case .meter(let name, let value, let max, let unit):
            return meter(shown(name), value, max, unit.map { shown($0) })
        case .picture(let lines, _, _):
            return lines.flatMap { shown($0, oneLine: false).textLines() }.map { Line(trimmed(cut(String($0)))) }
        case .buttons(let buttons):
            let cells = buttons.map { b in "[" + shown(b.text) + (b.key.map { " (" + shown($0) + ")" } ?? "") + "]" }
            return flow(cells, gap: 1, perLine: nil).map { Line($0) }
        }
    }

    // MARK: Cards

    /// A wrapping row, each card its own width; or a grid, every cell as wide as the widest,
    /// `columns` a row (fewer where the width has no room). A face-down card is a back; a
    /// matched card face down has left the table and is a gap of its size.
    func cards(_ cards: [ViewElement.Card], columns count: Int?, backs: String?) -> [Line] {
        let labels = cards.map { shown($0.label ?? "") }
        // Cells are padded to the widest, but never past the width: one long face must not
        // make every other card a line of spaces.
        let labelWidth = min(labels.map(columns).max() ?? 0, width)
        let faces = cards.map { $0.up ? shown($0.face ?? "") : nil }
        let faceWidth = max(2, min(faces.compactMap { $0.map(columns) }.max() ?? 0, width))
        var back = String(repeating: ascii ? "#" : "▓", count: count == nil ? 2 : faceWidth)
        if colour, let backs { back = TerminalText.coloured(back, backs) ?? back }
        // A matched card still face up is marked after its face (✓, * in ASCII), so it does not
        // look like a card merely turned up. In a grid the mark takes the first column of the
        // gap, so no card moves.
        let marking = cards.contains { $0.matched && $0.up }
        let mark = ascii ? "*" : "✓"
        var cells: [String] = []
        for (k, card) in cards.enumerated() {
            let body = faces[k] ?? (card.matched ? spaces(count == nil ? 2 : faceWidth) : back)
            let marked = card.matched && card.up ? mark : ""
            if count == nil {
                cells.append((labels[k].isEmpty ? body : labels[k] + " " + body) + marked)
            } else {
                let label = labelWidth == 0 ? "" : TerminalWidth.pad(labels[k], to: labelWidth, alignRight: true) + " "
                cells.append(label + body + marked + spaces(faceWidth - columns(body) + (marking && marked.isEmpty ? 1 : 0)))
            }
        }
        return flow(cells, gap: count == nil ? 1 : (marking ? 1 : 2), perLine: count).map { Line($0) }
    }

    // MARK: Letters and keys

    /// A letter or key in a cell with its mark: [a] hit, (a) present, - miss or used, a none.
    func cell(_ text: String, _ mark: ViewElement.Mark?, width: Int, hidesMissed: Bool = false) -> String {
        let padded = TerminalWidth.pad(text, to: width)
        let shown: String
        switch mark {
        case .hit?: shown = "[" + padded + "]"
        case .present?: shown = "(" + padded + ")"
        case .miss?, .used?: shown = " " + (hidesMissed ? TerminalWidth.pad("-", to: width) : padded) + " "
        case nil: shown = " " + padded + " "
        }
        guard colour, let mark else { return shown }
        let name = switch mark {
        case .hit: "green"
        case .present: "yellow"
        case .miss, .used: "gray"
        }
        return TerminalText.coloured(shown, name) ?? shown
    }

    /// The keys in the rows' order (each row's characters name keys), the rest after them;
    /// a row too long for the width goes on over more lines.
    func keyboard(_ keys: [ViewElement.Key], rows: [String]?) -> [Line] {
        let names = keys.map { shown($0.key) }
        let keyWidth = min(names.map(columns).max() ?? 1, width)
        var placed = Array(repeating: false, count: keys.count)
        // The keys of each name, in list order, for the rows to take from (a dictionary: rows
        // may be long, and a scan of every key for each character would not be).
        var named: [String: [Int]] = [:]
        for k in keys.indices.reversed() { named[keys[k].key, default: []].append(k) }
        var layout: [[Int]] = []
        for row in rows ?? [] {
            var line: [Int] = []
            for c in row {
                if let k = named[String(c)]?.popLast() {
                    placed[k] = true
                    line.append(k)
                }
            }
            if !line.isEmpty { layout.append(line) }
        }
        let rest = keys.indices.filter { !placed[$0] }
        if !rest.isEmpty { layout.append(rest) }
        // A missed key in the rows shows "-" (its place says which it was); one after them (a
        // letter tried that the keyboard does not offer) shows its name, or it would say nothing.
        return layout.flatMap { row in
            flow(row.map { cell(names[$0], keys[$0].mark, width: keyWidth, hidesMissed: placed[$0]) }, gap: 0, perLine: nil).map { Line($0) }
        }
    }

    // MARK: Meters

    /// "Fruit: ███████░░░ 7/10": the bar only with a `max`, as long as the width allows.
    func meter(_ name: String, _ value: Double, _ max: Double?, _ unit: String?) -> [Line] {
        let amount = number(value) + (max.map { "/" + number($0) } ?? "") + (unit.map { " " + $0 } ?? "")
        var line = name + ": " + amount
        if let max, max > 0 {
            let wanted = max <= 20 && max == max.rounded() ? Int(max) : 20
            let room = width - columns(line) - 1 - (ascii ? 2 : 0)
            let cells = min(wanted, room)
            if cells >= 3 {
                let filled = Int((Swift.max(0, Swift.min(1, value / max)) * Double(cells)).rounded())
                let bar = String(repeating: ascii ? "#" : "█", count: filled) + String(repeating: ascii ? "-" : "░", count: cells - filled)
                line = name + ": " + (ascii ? "[" + bar + "]" : bar) + " " + amount
            }
        }
        return wrapped(line, .plain)
    }

    /// A number as people write it: whole numbers without a point, others to two places.
    func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    // MARK: Layout

    /// Cells placed along lines `gap` apart, at most `perLine` a line, each line within the
    /// width; a cell wider than a whole line is wrapped on lines of its own.
    func flow(_ cells: [String], gap: Int, perLine: Int?) -> [String] {
        var lines: [String] = []
        var line = "", column = 0, count = 0
        for cell in cells {
            let w = columns(cell)
            if count > 0 && (column + gap + w > width || count == perLine) {
                lines.append(line)
                line = ""
                column = 0
                count = 0
            }
            if count > 0 {
                line += spaces(gap)
                column += gap
            }
            line += cell
            column += w
            count += 1
        }
        if count > 0 { lines.append(line) }
        return lines.flatMap { line in
            columns(line) <= width ? [trimmed(line)]
                : TextWrap.wrap(line, width: width).textLines().map { trimmed(String($0)) }
        }
    }

    /// The start of a line that fits the width: art is cut, not wrapped.
    func cut(_ line: String) -> String {
        guard columns(line) > width else { return line }
        var out = "", column = 0
        for c in line {
            let w = TerminalWidth.columns(of: c)
            if column + w > width { break }
            out.append(c)
            column += w
        }
        return out
    }
}
