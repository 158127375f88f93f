/// A player's name as others see it: on a board, in a table's seat list, in a result. One line
/// of visible text: a control character, an invisible format character (a zero-width space, a
/// joiner, a bidirectional control, the byte-order mark), a line or paragraph separator or any
/// other space becomes one plain space; runs of spaces become one; the ends are trimmed; at
/// most `limit` bytes, cut between characters. What one player types can then neither break
/// another's screen or log into lines, nor reorder it, nor hide a name inside a name.
public enum PlayerName {
    public static let limit = 32

    public static func clean(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            if isBlank(scalar) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
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
}
