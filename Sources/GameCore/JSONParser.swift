/// Reads JSON text (RFC 8259) into a `JSONValue`: what transcripts are made of. Numbers
/// without a fraction or exponent that fit in 64 bits become `.int`.
extension JSONValue {
    /// `keepingMarkRunsIn`: a field of the top-level object whose string value may hold a
    /// long run of combining marks (see `MarkRun`), kept for its reader to refuse in its own
    /// way (the server's move line, which the table refuses in a step as `play` does). Every
    /// other string, and every key, is refused with one.
    public init(parsing text: String, keepingMarkRunsIn field: String? = nil) throws {
        var parser = JSONParser(Array(text.utf8))
        parser.markRunField = field.map { Array($0.utf8) }
        parser.skipSpace()
        self = try parser.value()
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("extra text after the value") }
    }

    public subscript(key: String) -> JSONValue {
        if case .object(let fields) = self { return fields[key] ?? .null }
        return .null
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    public var int: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 9e18: return Int64(d)
        default: return nil
        }
    }
    public var double: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

/// Text that is not JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    /// Arrays and objects open now; past `depthLimit` the text is refused (the parser
    /// recurses, and 200,000 nested brackets would overflow the stack).
    var depth = 0
    static let depthLimit = 256
    /// The top-level field whose string may hold a long run of combining marks (nil: none).
    var markRunField: [UInt8]?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

    mutating func skipSpace() {
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
        let l = Array(literal.utf8)
        guard i + l.count <= bytes.count, Array(bytes[i..<i + l.count]) == l else { throw error("expected \(literal)") }
        i += l.count
        return value
    }

    mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.depthLimit else { throw error("nested more than \(Self.depthLimit) deep") }
            depth += 1
            defer { depth -= 1 }
            return bytes[i] == UInt8(ascii: "{") ? try object() : try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    mutating func object() throws -> JSONValue {
        i += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            if depth == 1, let field = markRunField, i < bytes.count, bytes[i] == UInt8(ascii: "\""), key.utf8.elementsEqual(field) {
                fields[key] = .string(try string(refusingMarkRuns: false))
            } else {
                fields[key] = try value()
            }
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            throw error("expected ',' or '}'")
        }
    }

    mutating func array() throws -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("bad \\u escape") }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            switch b {
            case 48...57: v = v << 4 | UInt32(b - 48)
            case 65...70: v = v << 4 | UInt32(b - 55)
            case 97...102: v = v << 4 | UInt32(b - 87)
            default: throw error("bad \\u escape")
            }
        }
        i += 4
        return v
    }

    mutating func string(refusingMarkRuns: Bool = true) throws -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                // Text Swift could not compare or hash in linear time is refused here, where
                // every JSON the host reads (the protocol, transcripts, the server) comes in.
                if refusingMarkRuns && out.withUnsafeBufferPointer({ MarkRun.isTooLong($0) }) { throw error("a string that \(MarkRun.problem)") }
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800...0xDBFF).contains(v), i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        let mark = i
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            i = mark  // a lone high surrogate; the next escape stands alone
                        }
                    }
                    // A lone surrogate has no character: it reads as U+FFFD.
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8))
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                default: throw error("bad escape \\\(Character(Unicode.Scalar(e)))")
                }
            default:
                out.append(b)
            }
        }
    }

    mutating func number() throws -> JSONValue {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if let n = Int64(text) { return .int(n) }
        if let d = Double(text) { return .double(d) }
        i = start
        throw error("unexpected character")
    }
}
