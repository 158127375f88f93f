/// How many terminal columns text takes: East Asian Wide and Fullwidth characters (CJK, kana)
/// and emoji take two, combining marks and zero-width joiners none, so grids of emoji and kana
/// line up. Measured per grapheme cluster: a ZWJ sequence (👩‍💻) or a flag (🇫🇷) is one
/// two-column picture, and a variation selector picks text (U+FE0E, one column) or emoji
/// (U+FE0F, two columns) presentation. Colour markers (see `TerminalText`) take none.
public enum TerminalWidth {
    public static func columns(_ text: String) -> Int {
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
