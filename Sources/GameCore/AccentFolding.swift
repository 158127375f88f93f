/// How letters compare in word games: upper and lower case are always the same letter; with
/// folding on, an accented Latin, Greek or Cyrillic letter also counts as its base letter
/// (guessing `e` reveals `é`). Words are compared in NFC, so byte forms never matter.
public enum AccentFolding {
    /// The comparison key of one letter: lower case, NFC, and with `fold` its base letter.
    public static func key(_ c: Character, fold: Bool) -> String {
        let lower = nfc(String(c).lowercased())
        guard fold else { return lower }
        var scalars = lower.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return lower }
        // Marks are part of a letter in other scripts (a Thai tone mark, a Devanagari virama).
        guard Self.foldsMarks(of: first) else { return lower }
        let base = baseLetters[first.value].flatMap(Unicode.Scalar.init) ?? first
        // A base followed by marks with no precomposed form (n + grave) folds to the base.
        var rest = String.UnicodeScalarView()
        while let s = scalars.next() {
            if s.properties.generalCategory != .nonspacingMark { rest.append(s) }
        }
        return String(Character(base)) + String(rest)
    }

    /// Whether the marks after `base` fold away: it is a Latin, Greek or Cyrillic letter.
    static func foldsMarks(of base: Unicode.Scalar) -> Bool {
        switch base.value {
        case 0x41...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1FFF, 0x2C60...0x2C7F, 0xA640...0xA69F, 0xA720...0xA7FF: true
        default: false
        }
    }

    /// `text` in Unicode Normalization Form C.
    public static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}
