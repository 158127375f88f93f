/// A rule's text in a view element made safe to show anywhere, as it is read: a terminal, the
/// protocol's JSON and a browser all get the same characters, and none of them can act on
/// them. Control characters are spelled out as `cat -v` and the terminal show them (`^[` for
/// ESC, `^?` for DEL, `M-^[` for the C1 CSI), a bidirectional override is named (`<U+202E>`)
/// so it cannot reorder a line, a tab is a space (its width would depend on where it falls)
/// and a Windows line end is a newline. Newlines stay. `game.colour`'s markers stay too: they
/// are the host's own, and each face turns them into its colour or drops them.
enum VisibleText {
    static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        func add(_ s: String) { out.append(contentsOf: s.unicodeScalars) }
        for (i, s) in scalars.enumerated() {
            let v = s.value
            switch v {
            case 0x0A: out.append(s)
            case 0x0D where i + 1 < scalars.count && scalars[i + 1].value == 0x0A: continue
            case 0x09: add(" ")
            case 0..<0x20: add("^" + String(Unicode.Scalar(UInt8(v + 0x40))))
            case 0x7F: add("^?")
            case 0x80..<0xA0: add("M-^" + String(Unicode.Scalar(UInt8(v - 0x80 + 0x40))))
            case 0x202A...0x202E, 0x2066...0x2069: add("<U+" + String(v, radix: 16, uppercase: true) + ">")
            default: out.append(s)
            }
        }
        return String(out)
    }

    static func needsWork(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (v < 0x20 && v != 0x0A) || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
