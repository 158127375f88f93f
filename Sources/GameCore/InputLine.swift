/// An input line as a game receives it, from a terminal, a pipe, a program or the network.
public enum InputLine {
    /// The longest line a game is given (bytes); a longer one is refused unread.
    public static let limit = 4096

    /// Strips the line ending and surrounding spaces; tabs and other control characters (C0,
    /// DEL and C1, NUL included), which a terminal paste can carry, become spaces. Bytes that
    /// were not UTF-8 arrive as U+FFFD.
    public static func clean(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in line.unicodeScalars {
            if s == "\n" || s == "\r" { continue }
            scalars.append(s.value < 0x20 || (0x7F..<0xA0).contains(s.value) ? " " : s)
        }
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        while text.first == " " { text.removeFirst() }
        return text
    }
}
