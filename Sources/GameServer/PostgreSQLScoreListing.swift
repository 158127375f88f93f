import GameCore
import GameStorage

/// What `gamehost scores --store postgresql://...` reads: the scores of the servers that keep
/// their tables in that database (`PostgreSQLScoreStore`), listed as a data folder's are. Every
/// query returns a bounded number of rows and has the connection's time limit; the rows
/// returned count against `maxRows`, as scores.db's do.
public final class PostgreSQLScoreListing: ScoreLister {
    private let store: PostgreSQLScoreStore
    public let maxRows: Int
    public private(set) var rowsRead = 0
    public private(set) var stopped = false
    public var path: String { store.path }

    public init(url: String, maxRows: Int = ScoreListing.defaultMaxRows) throws {
        store = try PostgreSQLScoreStore(url: url)
        self.maxRows = maxRows
    }

    deinit { store.release() }

    public func game(named name: String) -> ScoreListing.Game { ScoreListing.Game(named: name) }

    public func games() throws -> [ScoreListing.Game] {
        // Keys longer than a line are shown cut, with their length (as scores.db's are).
        let rows = try read("""
            SELECT substr(game, 1, ?), length(game) FROM (SELECT DISTINCT game FROM scores UNION SELECT DISTINCT game FROM results) AS g
            ORDER BY convert_to(game, 'UTF8') LIMIT ?
            """, [.int(Int64(ScoreListing.keyShown)), .int(Int64(ScoreListing.gameLimit))])
        return rows.compactMap { row in
            guard let shown = row[0].text, let length = row[1].int else { return nil }
            // (Only whole keys are asked for again: `Game.key` is nil for one cut short.)
            return ScoreListing.Game(shown: shown, length: Int(length))
        }
    }

    public func boards(of game: ScoreListing.Game, ruleHash: String?, top: Int) throws -> [ScoreListing.Board] {
        guard let key = game.key else { return [] }
        var filter = "game = ?"
        var params: [StoreValue] = [.text(key)]
        if let ruleHash { filter += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        let textLimit = Int64(PostgreSQLScoreStore.textLimit)
        let boards = try read("""
            SELECT substr(board, 1, ?), list, count(*) FILTER (WHERE practice <> 0) FROM scores WHERE \(filter)
            GROUP BY board, list ORDER BY convert_to(board, 'UTF8'), list LIMIT ?
            """, [.int(textLimit + 1)] + params + [.int(Int64(ScoreListing.boardLimit))])
        var listed: [ScoreListing.Board] = []
        for row in boards where !stopped {
            guard let name = row[0].text, name.count <= PostgreSQLScoreStore.textLimit, let list = row[1].text else { continue }
            let ranked = try store.leaderboard(game: key, ruleHash: ruleHash, board: name, list: list, order: .higher, unit: "",
                                               limit: top, practice: false, upTo: nil)
            let practice = try store.leaderboard(game: key, ruleHash: ruleHash, board: name, list: list, order: ranked.order, unit: ranked.unit,
                                                 limit: top, practice: true, upTo: nil)
            count(ranked.entries.count + practice.entries.count)
            listed.append(ScoreListing.Board(name: name, list: list, leaderboard: ranked,
                                             practice: Leaderboard(order: ranked.order, unit: ranked.unit, entries: practice.entries),
                                             practiceRuns: Int(row[2].int ?? 0)))
        }
        return listed
    }

    public func records(of game: ScoreListing.Game) throws -> [ScoreListing.Record] {
        guard let key = game.key else { return [] }
        let rows = try read("""
            SELECT substr(name, 1, ?), value FROM records WHERE game = ? AND octet_length(value) <= ? ORDER BY convert_to(name, 'UTF8') LIMIT ?
            """, [.int(Int64(PostgreSQLScoreStore.textLimit + 40)), .text(key), .int(Int64(ScoreListing.recordBytes)),
                  .int(Int64(ScoreListing.recordLimit))])
        return rows.compactMap { row in
            // A record kept per word list is named by the rule's name, a unit separator and the list.
            let parts = (row[0].text ?? "").split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            guard let value = row[1].text.flatMap({ try? JSONValue(parsing: $0) }) else { return nil }
            return ScoreListing.Record(name: String(parts[0].prefix(PostgreSQLScoreStore.textLimit)), list: parts.count > 1 ? String(parts[1]) : "",
                                       value: value)
        }
    }

    public func statistics(of game: ScoreListing.Game) throws -> (played: Int, winners: [(String, Int)]) {
        guard let key = game.key, !stopped else { return (0, []) }
        let stats = try store.statistics(game: key)
        count(stats.winners.count + 1)
        return stats
    }

    /// Runs a query (none once the bound on rows is reached), counting the rows it returned.
    private func read(_ sql: String, _ params: [StoreValue]) throws -> [[StoreValue]] {
        guard !stopped else { return [] }
        let rows = try store.rows(sql, params)
        count(rows.count)
        return rows
    }

    private func count(_ rows: Int) {
        rowsRead += rows
        if rowsRead >= maxRows {
            rowsRead = maxRows
            stopped = true
        }
    }
}
