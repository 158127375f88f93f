import GameCore

/// What accepted moves leave for the store, written in one transaction (`ScoreStore.write`):
/// one move's, or several moves' kept while another process held the database.
public struct ScoreBatch {
    public var scores: [(score: ScoreStore.Score, at: Double)] = []
    public var results: [FinishedGame] = []
    public var records: [RecordChange] = []
    public init() {}
    public var isEmpty: Bool { scores.isEmpty && results.isEmpty && records.isEmpty }
}

/// A finished game, for the statistics.
public struct FinishedGame {
    public var winner: String?
    public var score: Double?
    public var at: Double
    public init(winner: String?, score: Double?, at: Double) {
        self.winner = winner
        self.score = score
        self.at = at
    }
}

/// A session's change to a saved record: it read the stored text `base` (nil: there was none)
/// and made `value` of it (`.null` removes the record). Written as `value` when the record is
/// still `base`; otherwise the change is merged into what is stored now (`RecordMerge`), so a
/// record is updated, never replaced by a stale copy.
public struct RecordChange {
    public var name: String
    public var base: String?
    public var value: JSONValue
    public var at: Double
    public init(name: String, base: String?, value: JSONValue, at: Double) {
        self.name = name
        self.base = base
        self.value = value
        self.at = at
    }
}

extension RecordChange {
    /// What to store for this change when the store now holds `stored`: the change's value if
    /// the record is still as it was read, else the change made to what is stored now
    /// (`RecordMerge`), kept only if it fits a record's bound.
    package func value(over stored: String?) -> JSONValue {
        guard !RecordMerge.sameText(stored, base) else { return value }
        func parsed(_ text: String?) -> JSONValue? { text.flatMap { try? JSONValue(parsing: $0) } }
        let merged = RecordMerge.merge(base: parsed(base), mine: value == .null ? nil : value, theirs: parsed(stored)) ?? .null
        return merged == .null || merged.encoded.utf8.count <= ScoreStore.recordLimit ? merged : value
    }
}
