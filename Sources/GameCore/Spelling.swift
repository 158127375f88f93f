/// Typos, for messages that say "did you mean": the name among known ones within a few edits
/// (a letter added, dropped or changed, or two neighbours swapped).
public enum Spelling {
    /// The closest of `names` to `name` within `maxEdits` edits (and at most half its
    /// length, so a short name is not mistaken for any other), or nil.
    public static func nearest(to name: String, among names: some Collection<String>, maxEdits: Int = 2) -> String? {
        // Bounded by bytes before any work on characters: a name of one letter and 200,000
        // combining marks is one Character, and comparing it costs the square of its marks.
        guard name.utf8.count <= 160 else { return nil }
        let a = Array(name.lowercased())
        guard a.count <= 40 else { return nil }
        var best: (name: String, edits: Int)?
        for candidate in names.sorted() where candidate.utf8.count <= 160 {
            let b = Array(candidate.lowercased())
            guard b.count <= 40, abs(a.count - b.count) <= maxEdits else { continue }
            let edits = distance(a, b)
            guard edits > 0, edits <= maxEdits, edits <= b.count / 2 else { continue }
            if best == nil || edits < best!.edits { best = (candidate, edits) }
        }
        return best?.name
    }

    /// Edits from `a` to `b`, a swap of neighbours counting one (optimal string alignment).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
