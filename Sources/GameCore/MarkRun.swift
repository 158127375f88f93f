/// How the host bounds the combining marks of text a rule hands it.
///
/// Swift compares, hashes and sorts a String in canonical order, and putting a run of n
/// combining marks in that order costs n²: a key of 200,000 marks would hang the host where a
/// rule's table becomes a dictionary, keys are sorted for JSON, or a move is compared. So no
/// string with more than `limit` marks in a row enters Swift as text to compare: the Lua value
/// reader, host functions' string parameters, the keys of a rule's tables, `game.say`, every
/// JSON the host parses (the protocol, transcripts, the server) and the command line refuse it,
/// naming where it was; text that is only shown (an error message quoting a rule's token,
/// luacheck's lint) is `tamed`. Within the bound every comparison is linear in the text's
/// length. Word lists keep the same bound.
public enum MarkRun {
    /// The most combining marks in a row a string from a rule may hold.
    public static let limit = 30

    /// Whether the UTF-8 text has more than `limit` combining marks in a row. One pass over the
    /// bytes, and a property lookup only for scalars past U+02FF (no mark comes before).
    public static func isTooLong(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A mark takes two bytes at least: a shorter text cannot hold a run past the limit
        // (most text read is, and it is read at every call).
        if bytes.count < 2 * (limit + 1) { return false }
        var run = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = bytes[i]
            if lead < 0xCC {  // ASCII, a scalar below U+0300, or a byte out of place
                run = 0
                i += lead >= 0xC2 && i + 1 < n && bytes[i + 1] & 0xC0 == 0x80 ? 2 : 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var whole = i + length <= n
            if whole {
                for k in 1..<length {
                    let byte = bytes[i + k]
                    if byte & 0xC0 != 0x80 { whole = false; break }
                    value = value << 6 | UInt32(byte & 0x3F)
                }
            }
            // A malformed sequence reads as U+FFFD, which ends a run, from its first byte.
            guard whole else { run = 0; i += 1; continue }
            i += length
            if let scalar = Unicode.Scalar(value), scalar.properties.canonicalCombiningClass != .notReordered {
                run += 1
                if run > limit { return true }
            } else {
                run = 0
            }
        }
        return false
    }

    public static func isTooLong(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { isTooLong($0) }
    }

    /// `text` with each run of combining marks cut to `limit` (the rest dropped), in one pass
    /// over its scalars: for text that is only shown (an error message quoting a rule's
    /// token), where refusing it would hide the error itself.
    public static func tamed(_ text: String) -> String {
        guard isTooLong(text) else { return text }
        var out = String.UnicodeScalarView()
        var run = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.canonicalCombiningClass != .notReordered {
                run += 1
                if run > limit { continue }
            } else {
                run = 0
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// What a refusal says.
    public static let problem = "holds more than \(limit) combining marks in a row"
}
