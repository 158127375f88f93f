/// Text for `--ascii`: every character outside ASCII is written as ASCII, so a terminal or
/// log that takes only ASCII gets readable text. Typographic marks have ASCII spellings
/// (`—` is `--`, `✗` is `x`), accented Latin, Greek and Cyrillic letters lose their accents,
/// and anything else (an emoji, a kana) becomes `?`. Colour markers pass through: they are
/// not printed themselves (see `TerminalText`).
public enum ASCIIText {
    static let spellings: [Character: String] = [
        "·": "-", "•": "*", "—": "--", "–": "-", "…": "...", "✗": "x", "✓": "v", "×": "x",
        "“": "\"", "”": "\"", "„": "\"", "‘": "'", "’": "'", "«": "<<", "»": ">>",
        "→": "->", "←": "<-", "↑": "^", "↓": "v", "─": "-", "━": "-", "│": "|", "┃": "|",
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "▓": "#", "▒": "#", "░": ".", "█": "#", "■": "#", "□": "o", "●": "o", "○": "o",
        "♠": "S", "♥": "H", "♦": "D", "♣": "C", "★": "*", "☆": "*", "°": "o", "€": "EUR",
        "£": "GBP", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
        "\u{00A0}": " ",
    ]

    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            if c.isASCII { out.append(c); continue }
            out += spelling(of: c)
        }
        return out
    }

    static func spelling(of c: Character) -> String {
        if let known = spellings[c] { return known }
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return "" }
        if TerminalText.isColourMarker(first) { return String(c) }
        // An accented letter: its base letter, when that is ASCII (é -> e, precomposed or not).
        if let base = AccentFolding.baseLetters[first.value], base < 0x80 { return String(UnicodeScalar(UInt8(base))) }
        if first.isASCII { return String(Character(first)) }
        return "?"
    }
}
