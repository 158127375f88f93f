/// A ranking of results on one board (say Apple Pie's timed runs), best first, shown as
/// players read it: "1st 40 s, 2nd 60 s".
public struct Leaderboard: Equatable {
    public enum Order: String { case lower, higher }

    public struct Entry: Equatable {
        public var value: Double
        public var label: String
        /// Who played it (`--name`, else the login name), and when (seconds since 1970).
        public var player: String
        public var at: Double?
        public init(value: Double, label: String = "", player: String = "", at: Double? = nil) {
            self.value = value
            self.label = label
            self.player = player
            self.at = at
        }
    }

    public let order: Order
    public let unit: String
    /// Best first; equal values keep the order they were recorded in.
    public private(set) var entries: [Entry]

    public init(order: Order, unit: String = "", entries: [Entry] = []) {
        self.order = order
        self.unit = unit
        // A stable sort keeps equal values in the order they were recorded; a value that is
        // not a number has no rank and is left out.
        let kept = entries.enumerated().filter { !$0.element.value.isNaN }
        self.entries = kept.sorted { a, b in
            a.element.value == b.element.value ? a.offset < b.offset
                : (order == .lower ? a.element.value < b.element.value : a.element.value > b.element.value)
        }.map(\.element)
    }

    /// Where `value` would rank (1 is first): one after the entries strictly better, so a
    /// tie shares its rank ("1st, 1st, 3rd"). A binary search: a board of 100,000 entries
    /// ranks in microseconds.
    public func rank(of value: Double) -> Int {
        firstIndex(notBetterThan: value) + 1
    }

    /// The rank of the entry at `index` (from 0): tied entries share the rank of the first.
    public func rank(at index: Int) -> Int {
        firstIndex(notBetterThan: entries[index].value) + 1
    }

    /// The index of the first entry that is not strictly better than `value`.
    private func firstIndex(notBetterThan value: Double) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let better = order == .lower ? entries[mid].value < value : entries[mid].value > value
            if better { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Adds an entry after those of equal value (they were recorded first) and returns its
    /// rank, shared with them.
    @discardableResult
    public mutating func insert(_ entry: Entry) -> Int {
        guard !entry.value.isNaN else { return entries.count + 1 }
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let atOrBetter = order == .lower ? entries[mid].value <= entry.value : entries[mid].value >= entry.value
            if atOrBetter { low = mid + 1 } else { high = mid }
        }
        entries.insert(entry, at: low)
        return rank(of: entry.value)
    }

    /// "1st 40 s, 2nd 60 s" for the first `limit` entries (a tie: "1st 40 s, 1st 40 s"), the
    /// places in `language`.
    public func summary(limit: Int = 10, language: String = "en") -> String {
        entries.prefix(limit).indices.map { i in
            Self.ordinal(rank(at: i), language: language) + " " + value(entries[i].value)
        }.joined(separator: language.hasPrefix("ja") ? "、" : ", ")
    }

    /// A value with its unit: times (unit "s") always to a tenth of a second, so close runs
    /// stay apart ("12.0 s", "12.4 s").
    public func value(_ v: Double) -> String {
        if unit == "s" { return Self.tenths(v) + " s" }
        return Self.number(v) + (unit.isEmpty ? "" : " " + unit)
    }

    static func tenths(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return String(v) }
        let t = Int64((v * 10).rounded())
        return (t < 0 ? "-" : "") + "\(abs(t) / 10).\(abs(t) % 10)"
    }

    /// A place in the player's language: 1st, 2nd, 21st in English (and where the host has no
    /// word of the language's), 1. in German, 1位 in Japanese.
    public static func ordinal(_ n: Int, language: String) -> String {
        switch language.prefix(while: { $0 != "-" }) {
        case "de": "\(n)."
        case "ja": "\(n)位"
        default: ordinal(n)
        }
    }

    /// 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st.
    public static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// A value as players read it: whole numbers plain, others to one decimal.
    public static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        return String((v * 10).rounded() / 10)
    }
}
