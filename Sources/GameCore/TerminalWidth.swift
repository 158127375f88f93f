/// How many terminal columns text takes: East Asian Wide and Fullwidth characters (CJK, kana)
/// and emoji take two, combining marks and zero-width joiners none, so grids of emoji and kana
/// line up. Measured per grapheme cluster: a ZWJ sequence (👩‍💻) or a flag (🇫🇷) is one
/// two-column picture, and a variation selector picks text (U+FE0E, one column) or emoji
/// (U+FE0F, two columns) presentation. Colour markers (see `TerminalText`) take none.
public enum TerminalWidth {
    public static func columns(_ text: String) -> Int {
        // Measured a byte at a time where it can be: every view of every step is measured.
        // Between two ASCII bytes there is always a Character boundary (but inside "\r\n",
        // whose parts take no column either), so the text is cut there into pieces: a piece
        // of one ASCII byte is a column if printable, and only a piece with bytes beyond
        // ASCII is measured as Characters.
        var text = text
        return text.withUTF8 { bytes in
            var total = 0, start = 0
            func measure(_ end: Int) {
                if end - start == 1 && bytes[start] < 0x80 {
                    total += bytes[start] >= 0x20 && bytes[start] < 0x7F ? 1 : 0
                } else {
                    total += characterColumns(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
                start = end
            }
            var i = 1
            while i < bytes.count {
                if bytes[i] < 0x80 && bytes[i - 1] < 0x80 { measure(i) }
                i += 1
            }
            if start < bytes.count { measure(bytes.count) }
            return total
        }
    }

    /// The columns of `text` counted a Character at a time.
    static func characterColumns(_ text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    public static func columns(of c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value < 0x7F { return 1 }
        if TerminalText.isColourMarker(first) { return 0 }
        if scalars.contains("\u{FE0E}") { return 1 }
        if scalars.contains("\u{FE0F}") || scalars.contains("\u{200D}") { return 2 }
        if first.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        if isWide(first.value) { return 2 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        return 1
    }

    static func isWide(_ v: UInt32) -> Bool {
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if wideRanges[mid].upperBound < v { lo = mid + 1 } else if wideRanges[mid].lowerBound > v { hi = mid - 1 } else { return true }
        }
        return false
    }

    /// `text` padded with spaces to `width` columns (text already wider is left as it is).
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - columns(text)))
        return alignRight ? gap + text : text + gap
    }
}
