/// A database the table store writes to: SQLite beside one server (the default), or
/// PostgreSQL (`--store postgresql://...`). The store's statements are written once, in the SQL
/// both understand, with `?` for each parameter; a connection runs them one at a time (the
/// store serialises its calls).
protocol StoreConnection: AnyObject {
    /// The store as it is named to people: a file's path, or a database's address without its
    /// password.
    var shown: String { get }
    /// Where a start notes the table it is rebuilding (a file of this process's data folder),
    /// or nil for none: a table whose rebuild ends the server is marked broken at the next start.
    var restoringMarker: String? { get }
    /// Runs one statement with its parameters; its rows, each value as stored.
    func execute(_ sql: String, _ parameters: [StoreValue]) throws -> [[StoreValue]]
    /// The statement that starts a transaction that writes.
    var beginWriting: String { get }
    /// Lets another server use the store (this one has stopped and writes nothing more).
    func release()
    /// Runs `body`, which makes the store's tables, with no other server making them at once.
    func makingSchema(_ body: () throws -> Void) throws
    /// Whether a table of the store has a column (one added later may be missing).
    func hasColumn(_ table: String, _ column: String) throws -> Bool
}

/// A value read from or written to the store.
enum StoreValue: Equatable {
    case null, int(Int64), real(Double), text(String)

    var text: String? { if case .text(let s) = self { return s }; return nil }
    /// A whole number, as SQLite returns it or as PostgreSQL's text gives it.
    var int: Int64? {
        switch self {
        case .int(let i): return i
        case .text(let s): return Int64(s)
        default: return nil
        }
    }
}

/// A statement the store could not run. `lost`: the connection to the database was lost (the
/// database restarted, or the network between failed), so the same call may succeed once the
/// connection is made again.
struct StoreError: Error, CustomStringConvertible {
    var description: String
    var lost = false
}
