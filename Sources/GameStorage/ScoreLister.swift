import GameCore

/// What `gamehost scores` reads from a score database, bounded: a data folder's scores.db
/// (`ScoreListing`), or the scores of a server's tables in PostgreSQL (`--store`).
public protocol ScoreLister: AnyObject {
    /// The database as named to people.
    var path: String { get }
    /// Rows read so far, and whether the bound on them stopped the reading.
    var rowsRead: Int { get }
    var stopped: Bool { get }
    /// A game named on the command line.
    func game(named name: String) -> ScoreListing.Game
    /// Games with any score or result, in the order of their keys, at most `gameLimit`.
    func games() throws -> [ScoreListing.Game]
    /// A game's boards (of its rule file's version `ruleHash`, or of every version), by name,
    /// each with its best `top` entries and practice runs.
    func boards(of game: ScoreListing.Game, ruleHash: String?, top: Int) throws -> [ScoreListing.Board]
    /// A game's saved records, by name.
    func records(of game: ScoreListing.Game) throws -> [ScoreListing.Record]
    /// Games finished, and how many each winner took.
    func statistics(of game: ScoreListing.Game) throws -> (played: Int, winners: [(String, Int)])
}
