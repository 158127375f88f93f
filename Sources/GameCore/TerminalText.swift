/// Text on its way to a terminal. A rule's words (views, messages, titles, errors, option
/// help, stored score labels) may hold any bytes; a control character reaching a terminal can
/// clear it, retitle the window, write the clipboard or hide text. Everything the CLI writes
/// passes through `render`: control characters other than newline and tab are shown visibly,
/// C1 controls included, and the only escapes that reach the terminal are the host's own
/// colours, which `game.colour` asks for with markers instead of escapes.
public enum TerminalText {
    /// The colours a rule may ask for, by name, with their SGR parameters.
    public static let colours: [(name: String, sgr: String)] = [
        ("red", "31"), ("green", "32"), ("yellow", "33"), ("blue", "34"), ("magenta", "35"), ("cyan", "36"),
        ("white", "37"), ("gray", "90"), ("orange", "38;5;208"), ("purple", "38;5;129"), ("pink", "38;5;205"),
        ("brown", "38;5;130"),
    ]

    /// Colour markers: characters of the Private Use Area standing for "start colour k" and
    /// "back to plain". A rule that writes them itself can only pick one of these colours.
    static let resetMarker: Unicode.Scalar = "\u{F8DF}"
    static let firstColourMarker: UInt32 = 0xF8E0

    static func isColourMarker(_ scalar: Unicode.Scalar) -> Bool {
        scalar == resetMarker || (firstColourMarker..<(firstColourMarker + UInt32(colours.count))).contains(scalar.value)
    }

    /// `text` in colour `name` (one of `colours`), as markers `render` turns into escapes.
    public static func coloured(_ text: String, _ name: String) -> String? {
        guard let k = colours.firstIndex(where: { $0.name == name }) else { return nil }
        return String(Unicode.Scalar(firstColourMarker + UInt32(k))!) + text + String(resetMarker)
    }

    /// What a terminal may be sent: controls made visible (`^[` for ESC, `^M` for CR, `^?` for
    /// DEL, `M-^[` for the C1 CSI byte U+009B, as `cat -v` shows them), colour markers as SGR
    /// escapes when `colour` is on and dropped otherwise.
    public static func render(_ text: String, colour: Bool) -> String {
        // The common case, text with nothing to change, goes out as it is.
        if !needsWork(text) { return text }
        var text = text
        var out: [UInt8] = []
        text.withUTF8 { bytes in
            out.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x0A || b == 0x09 {
                    out.append(b)
                } else if b < 0x20 {
                    out.append(UInt8(ascii: "^"))
                    out.append(b + 0x40)
                } else if b == 0x7F {
                    out.append(contentsOf: "^?".utf8)
                } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] < 0xA0 {
                    out.append(contentsOf: "M-^".utf8)
                    out.append(bytes[i + 1] - 0x80 + 0x40)
                    i += 1
                } else if b == 0xE2, i + 2 < bytes.count, Self.isBidiControl(bytes[i + 1], bytes[i + 2]) {
                    // A bidirectional override reorders the rest of the line: shown as its code.
                    let v = (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F) | 0x2000
                    out.append(contentsOf: "<U+\(String(v, radix: 16, uppercase: true))>".utf8)
                    i += 2
                } else if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xA3, bytes[i + 2] >= 0x9F, bytes[i + 2] <= 0xAB {
                    // A colour marker: U+F8DF resets, U+F8E0 + k starts colour k.
                    if colour {
                        let k = Int(bytes[i + 2]) - 0xA0
                        let sgr = k < 0 ? "0" : colours[k].sgr
                        out.append(contentsOf: "\u{1B}[\(sgr)m".utf8)
                    }
                    i += 2
                } else {
                    out.append(b)
                }
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether UTF-8 bytes E2 b1 b2 are a bidirectional control: U+202A-202E (embeddings and
    /// overrides) or U+2066-2069 (isolates), which can make text read in another order.
    static func isBidiControl(_ b1: UInt8, _ b2: UInt8) -> Bool {
        (b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) || (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9)
    }

    /// Whether `text` holds a control character (C0 but newline and tab, DEL, C1 as UTF-8
    /// C2 80-9F) or a colour marker (U+F8DF...F8EB, UTF-8 EF A3 9F-AB): one pass over bytes.
    static func needsWork(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i < bytes.count {
                // Eight bytes of printable ASCII (nearly all of what is written) at a time: no
                // byte below 0x20, none above 0x7E (each test is exact for "any": a borrow or
                // a carry comes only from a byte that is itself found).
                if i + 8 <= bytes.count {
                    let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let below = (x &- 0x2020_2020_2020_2020) & ~x & 0x8080_8080_8080_8080
                    let above = ((x &+ 0x0101_0101_0101_0101) | x) & 0x8080_8080_8080_8080
                    if below == 0 && above == 0 {
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                if b < 0x20 && b != 0x0A && b != 0x09 { return true }
                if b == 0x7F { return true }
                if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] < 0xA0 { return true }
                if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xA3, bytes[i + 2] >= 0x9F, bytes[i + 2] <= 0xAB { return true }
                if b == 0xE2, i + 2 < bytes.count, isBidiControl(bytes[i + 1], bytes[i + 2]) { return true }
                i += 1
            }
            return false
        }
    }

    /// `text` with colour markers removed and controls made visible: for one line of a
    /// prompt, or anywhere colour cannot appear.
    public static func plain(_ text: String) -> String { render(text, colour: false) }
}
