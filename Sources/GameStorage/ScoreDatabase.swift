import GameCore

/// Where a session's scores, finished games and records are kept: SQLite in the data folder
/// (`ScoreStore`), or the database a server's tables are kept in (`gamehost serve --store
/// postgresql://...`), which every server on it shares. `ScoreKeeper` uses only this.
public protocol ScoreDatabase: AnyObject {
    /// The store as named to people (a file's path, a database's address without its password).
    var path: String { get }
    /// Whether a statement waits for another connection that holds the store, or fails at
    /// once as busy (a store with no such waits ignores it).
    var waits: Bool { get set }
    /// Writes a batch: all of it, or (on any failure) none.
    func write(_ batch: ScoreBatch, game: String, ruleHash: String) throws
    /// A board's best `limit` entries (or its practice runs) of runs on the word list `list`
    /// (nil: any), counting only scores stored up to `upTo` (`lastScore`; nil: all).
    func leaderboard(game: String, ruleHash: String?, board: String, list: String?, order: Leaderboard.Order, unit: String,
                     limit: Int, practice: Bool, upTo: Int64?) throws -> Leaderboard
    /// The number of the last score stored (0: none). Scores are numbered in the order they
    /// were stored and never renumbered, so a board read up to it is read again the same.
    func lastScore() throws -> Int64
    /// A saved record as JSON text, or nil.
    func record(game: String, name: String) throws -> String?
    /// How many records a game has saved.
    func recordCount(game: String) throws -> Int
    /// Throws why scores cannot be saved here.
    func checkWritable() throws
}
