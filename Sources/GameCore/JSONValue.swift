/// A JSON value, written with sorted object keys so the same data always gives the same
/// bytes (transcripts and replays compare them).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as one line of JSON.
    public var encoded: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of the value: no per-character String work (a step of the
    /// machine protocol is mostly this).
    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            if d.isFinite {
                out.append(contentsOf: (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)).utf8)
            } else {
                out.append(contentsOf: "null".utf8)  // JSON has no NaN or infinity
            }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            // Keys in order (the output is the same for the same value), without a lookup each.
            for (i, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(field.key, to: &out)
                out.append(UInt8(ascii: ":"))
                field.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string. C0, DEL and C1 controls (U+009B is a terminal's CSI) are escaped, so a
    /// JSON line shown on a terminal cannot drive it.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Bytes written as they are go a run at a time; the rest are escaped one by one.
            var i = 0, run = 0
            while i < bytes.count {
                let b = bytes[i]
                if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && b != 0x7F && b != 0xC2 {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(92)
                    out.append(b)
                case 10: out.append(92); out.append(UInt8(ascii: "n"))
                case 13: out.append(92); out.append(UInt8(ascii: "r"))
                case 9: out.append(92); out.append(UInt8(ascii: "t"))
                case 0..<0x20, 0x7F: escape(UInt32(b), to: &out)
                case 0xC2 where i + 1 < bytes.count && (0x80..<0xA0).contains(bytes[i + 1]):
                    escape(UInt32(bytes[i + 1]), to: &out)
                    i += 1
                default: out.append(b)
                }
                i += 1
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ v: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hexDigits[Int(v >> 4)], hexDigits[Int(v & 15)]])
    }
}
