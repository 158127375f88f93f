/// Lua's pattern syntax checked up front. Lua finds a malformed pattern only when a match
/// reaches the bad part, so a pattern a rule hands to programs (`moves`' free text) could pass
/// every test input and fail on the next; this checks the whole pattern as Lua would.
public enum LuaPattern {
    /// Why `pattern` is not a valid Lua pattern (in Lua's words), or nil.
    public static func problem(_ pattern: String) -> String? {
        let p = Array(pattern.utf8)
        var i = 0
        var open: [Bool] = []  // captures: true while open
        // One single-character class at i (a letter, %x, [set] or .): returns the index after it.
        func classEnd(_ i: Int) -> Result<Int, PatternProblem> {
            var i = i
            let c = p[i]
            i += 1
            if c == UInt8(ascii: "%") {
                guard i < p.count else { return .failure(PatternProblem(reason: "malformed pattern (ends with '%')")) }
                return .success(i + 1)
            }
            guard c == UInt8(ascii: "[") else { return .success(i) }
            if i < p.count && p[i] == UInt8(ascii: "^") { i += 1 }
            repeat {
                guard i < p.count else { return .failure(PatternProblem(reason: "malformed pattern (missing ']')")) }
                let d = p[i]
                i += 1
                if d == UInt8(ascii: "%") {
                    guard i < p.count else { return .failure(PatternProblem(reason: "malformed pattern (missing ']')")) }
                    i += 1
                }
            } while i >= p.count || p[i] != UInt8(ascii: "]")
            return .success(i + 1)
        }
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "("):
                guard open.count < 32 else { return "too many captures" }
                open.append(true)
                i += 1
            case UInt8(ascii: ")"):
                guard let last = open.lastIndex(of: true) else { return "invalid pattern capture" }
                open[last] = false
                i += 1
            case UInt8(ascii: "%") where i + 1 < p.count && p[i + 1] == UInt8(ascii: "b"):
                guard i + 3 < p.count else { return "malformed pattern (missing arguments to '%b')" }
                i += 4
            case UInt8(ascii: "%") where i + 1 < p.count && p[i + 1] == UInt8(ascii: "f"):
                i += 2
                guard i < p.count, p[i] == UInt8(ascii: "[") else { return "missing '[' after '%f' in pattern" }
                switch classEnd(i) {
                case .success(let next): i = next
                case .failure(let problem): return problem.reason
                }
            case UInt8(ascii: "%") where i + 1 < p.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p[i + 1]):
                let n = Int(p[i + 1] - UInt8(ascii: "0"))
                guard n >= 1, n <= open.count, !open[n - 1] else { return "invalid capture index %\(n)" }
                i += 2
            default:
                switch classEnd(i) {
                case .success(let next): i = next
                case .failure(let problem): return problem.reason
                }
                // A quantifier after a single-character class.
                if i < p.count, [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "?")].contains(p[i]) { i += 1 }
            }
        }
        return open.contains(true) ? "unfinished capture" : nil
    }

    struct PatternProblem: Error { var reason: String }
}
