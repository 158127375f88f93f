/// The one rule of letter identity every word game uses (docs/lua-api.md, "Letters"): a letter
/// is one character that is a letter, in any script; upper and lower case are the same letter
/// (final sigma is sigma); with folding on (the games' default) an accented Latin, Greek or
/// Cyrillic letter is its base letter, both ways (é is e, and e is é). Words are compared in
/// NFC, so byte forms never matter. A letter's identity is its `key`.
public enum AccentFolding {
    /// The identity of one letter: lower case, NFC, and with `fold` its base letter.
    public static func key(_ c: Character, fold: Bool) -> String {
        var lower = nfc(String(c).lowercased())
        if lower == "\u{3C2}" { lower = "\u{3C3}" }
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

    /// A word's identity: each letter's `key`, and what is not a letter (a space, a hyphen) in
    /// lower case as it is. Two words with the same identity are the same word to a game.
    public static func wordKey(_ word: String, fold: Bool) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        var out = ""
        for c in nfc(word) { out += c.isLetter ? key(c, fold: fold) : String(c).lowercased() }
        return out
    }

    /// The script a letter is written in, by the name players know it by ("Latin", "Cyrillic",
    /// "kana"): a word game takes letters of its list's scripts only. Hiragana and katakana
    /// are one script (kana lists mix them); a letter of a script not named here is known by
    /// its block of 128 code points.
    public static func script(of c: Character) -> String {
        guard let v = c.unicodeScalars.first?.value else { return "" }
        switch v {
        case 0x41...0x24F, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF5A: return "Latin"
        case 0x370...0x3FF, 0x1F00...0x1FFF: return "Greek"
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return "Cyrillic"
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "kana"
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return "Han"
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "Hangul"
        case 0x530...0x58F: return "Armenian"
        case 0x590...0x5FF: return "Hebrew"
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF: return "Arabic"
        case 0x900...0x97F: return "Devanagari"
        case 0xE00...0xE7F: return "Thai"
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return "Georgian"
        default: return "U+" + String((v >> 7) << 7, radix: 16, uppercase: true)
        }
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
