/// A player's name as others see it: on a board, in a table's seat list, in a result. One line
/// of visible text: a control character, an invisible format character (a zero-width space, a
/// joiner, a bidirectional control, the byte-order mark), a line or paragraph separator or any
/// other space becomes one plain space; runs of spaces become one; the ends are trimmed; at
/// most `limit` bytes, cut between characters. What one player types can then neither break
/// another's screen or log into lines, nor reorder it, nor hide a name inside a name.
///
/// The format characters that build one emoji are kept where they build it: a zero-width
/// joiner between two emoji (👩‍💻, a family), and the tags of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) after its
/// black flag. Anywhere else they are spaces as above.
public enum PlayerName {
    public static let limit = 32

    public static func clean(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            if isBlank(scalar) && !(pendingSpace == false && buildsEmoji(scalar, after: out.last, before: next)) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        // (A joiner or a tag left at the end, its emoji cut off, is dropped with it below.)
        var name = MarkRun.tamed(String(out))
        // Whole characters only: a flag or an accented letter is not cut in two.
        while name.utf8.count > limit { name.removeLast() }
        return name
    }

    /// A character that shows nothing, or moves what follows: control, format, separator, space.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return scalar.properties.isWhitespace
        }
    }

    /// Whether the format character `scalar` is part of an emoji: a joiner between two emoji
    /// (the one before may end in a skin tone or U+FE0F), or a tag after a black flag or a tag.
    static func buildsEmoji(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before following: Unicode.Scalar?) -> Bool {
        guard let previous else { return false }
        switch scalar.value {
        case 0x200D:
            guard let following else { return false }
            let endsEmoji = isEmoji(previous) || previous.properties.isEmojiModifier || previous.value == 0xFE0F
            return endsEmoji && isEmoji(following)
        case 0xE0020...0xE007F:
            return previous.value == 0x1F3F4 || (0xE0020...0xE007E).contains(previous.value)
        default:
            return false
        }
    }

    /// An emoji character (not a digit, `#` or `*`, which are emoji only as keycaps).
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool { scalar.value > 0x7F && scalar.properties.isEmoji }
}
