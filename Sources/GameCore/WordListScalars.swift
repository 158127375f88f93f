extension WordList {
    /// What reading a word needs to know of each scalar of the Basic Multilingual Plane, looked
    /// up once per scalar and kept: whether a word made of such scalars is in NFC as it stands
    /// and has one Character per scalar, whether it is a letter, and its lower case. With it,
    /// a list in Cyrillic, Greek, kana or accented Latin is read a byte at a time, as an
    /// ASCII list is, rather than a Character at a time through Strings.
    struct Scalars {
        /// Per scalar, 0 until looked up; then `known`, the flags, and the lower case. (The
        /// reader's hottest loop reads it: a pointer, so that each read is one load.)
        private let table: UnsafeMutablePointer<UInt32>
        static let count = 0x10000

        /// Uses `table`, `count` entries of zero, for the facts found.
        init(table: UnsafeMutablePointer<UInt32>) { self.table = table }
        fileprivate static let known: UInt32 = 1 << 31, plain: UInt32 = 1 << 30, letter: UInt32 = 1 << 29
        fileprivate static let lowerBits: UInt32 = 1 << 21 - 1

        /// A scalar as reading needs it (its entry in the table).
        struct Facts {
            fileprivate let bits: UInt32
            /// A word holding it can be read as bytes. It cannot where the scalar may change
            /// under NFC, join the scalar before it into one Character (a combining mark, a
            /// Hangul vowel, a joiner), be a space or a control, or have a lower case of
            /// several scalars (or, in some later Unicode, beyond the BMP).
            var isPlain: Bool { bits & Scalars.plain != 0 }
            var isLetter: Bool { bits & Scalars.letter != 0 }
            /// Its lower case, one scalar (when plain).
            var lower: UInt32 { bits & Scalars.lowerBits }
        }

        /// The facts of `scalar`, a BMP scalar beyond ASCII.
        @inline(__always) func facts(_ scalar: UInt32) -> Facts {
            var entry = table[Int(scalar)]
            if entry == 0 {
                entry = Self.lookUp(scalar)
                table[Int(scalar)] = entry
            }
            return Facts(bits: entry)
        }

        private static func lookUp(_ value: UInt32) -> UInt32 {
            guard let scalar = Unicode.Scalar(value) else { return known }
            let properties = scalar.properties
            let lower = properties.lowercaseMapping.unicodeScalars
            let joins: Bool
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .spaceSeparator,
                 .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                joins = true
            default:
                // Other scalars can join a neighbour into one Character too: Hangul jamo, letters
                // that extend or prefix (Thai SARA AM, Malayalam dot reph, the half-width kana
                // sound marks). Asked of Swift's own grapheme breaking, beside a Latin letter,
                // a Hangul syllable, a leading jamo and itself.
                let single = String(scalar)
                joins = ["a", "가", "\u{1100}", single].contains { ($0 + single).count != 2 || (single + $0).count != 2 }
            }
            let single = String(scalar)
            guard value > 0xA0, !joins, properties.canonicalCombiningClass == .notReordered,
                  lower.count == 1, lower.first!.value < 0x10000, AccentFolding.nfc(single).unicodeScalars.elementsEqual(single.unicodeScalars),
                  AccentFolding.nfc(String(lower)).unicodeScalars.elementsEqual(lower)
            else { return known }
            return known | plain | (Character(scalar).isLetter ? letter : 0) | lower.first!.value
        }

        /// The scalar whose UTF-8 starts at `bytes[i]` (a byte beyond ASCII, before `end`),
        /// and its length; nil where the sequence is not valid UTF-8 or is outside the BMP.
        @inline(__always) static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (scalar: UInt32, length: Int)? {
            let b = bytes[i]
            if b >= 0xC2 && b <= 0xDF && i + 1 < end && bytes[i + 1] & 0xC0 == 0x80 {
                return (UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2)
            }
            if b >= 0xE0 && b <= 0xEF && i + 2 < end && bytes[i + 1] & 0xC0 == 0x80 && bytes[i + 2] & 0xC0 == 0x80 {
                let scalar = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                // Overlong forms and surrogates are not UTF-8.
                return scalar >= 0x800 && !(0xD800...0xDFFF).contains(scalar) ? (scalar, 3) : nil
            }
            return nil
        }

        /// Writes a BMP scalar beyond ASCII as UTF-8 at `out[at]`; returns where it ends.
        @inline(__always) static func encode(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>, at i: Int) -> Int {
            if scalar < 0x800 {
                out[i] = UInt8(0xC0 | scalar >> 6)
                out[i + 1] = UInt8(0x80 | scalar & 0x3F)
                return i + 2
            }
            out[i] = UInt8(0xE0 | scalar >> 12)
            out[i + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            out[i + 2] = UInt8(0x80 | scalar & 0x3F)
            return i + 3
        }
    }
}
