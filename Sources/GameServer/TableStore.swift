import GameCore
import GameRules
import GameStorage
import Locking

/// Where a server keeps its tables, so that a table is a transcript: what it plays, its seats
/// and tokens, every game's seed and every input in order with the clock readings the rule
/// made while taking it. After a crash (kill -9 included) every open table is rebuilt from
/// here by replaying its inputs. Each change is one transaction, written before the players
/// hear of it. The database is SQLite's `serve.db` in the data folder
/// (`SQLiteStoreConnection`) or PostgreSQL (`PostgreSQLStoreConnection`); the statements are
/// the same for both.
final class TableStore: @unchecked Sendable {
    // Sound as Sendable: `connection` is used only under `lock`.
    private let connection: StoreConnection
    /// Serialises every use of `connection`. It holds a number rather than nothing: the
    /// thread sanitizer takes a guarded value of no size, which it places at the lock object's
    /// own address, for a race with the lock's read of itself.
    private let lock = Locked<UInt>(1)

    /// The store as named to people (a file, or a database's address without its password).
    var shown: String { connection.shown }
    /// The file that names a table while it is rebuilt (`StoreConnection.restoringMarker`).
    var restoringMarker: String? { connection.restoringMarker }
    /// Set when several servers may share the store (PostgreSQL): the tables' locks, and this
    /// server's name in the notifications it sends.
    let sharing: StoreSharing?
    /// Whether other servers may change the store's tables meanwhile.
    var shared: Bool { sharing != nil }

    /// One table as stored.
    struct Saved {
        var code: String
        var game: String
        var options: [String: String]
        /// The word list chosen at the table's making, where it is not the game's own.
        var words: String? = nil
        /// The date of the day's game the table plays, if it plays one.
        var daily: String? = nil
        /// The language the table's game speaks (its maker's), where it is not English.
        var language: String? = nil
        /// Whether the table was made for practice: moves may be taken back, scores are not ranked.
        var practice = false
        var seats: [SeatRecord]
        var seeds: [Int: UInt64]
        var inputs: [(seat: Int, line: String, clock: [Double], reads: [ScoreRead]?)]
        var startClock: [Double]
        /// The score store's reads of the table's start (nil: not noted, a table stored before
        /// they were).
        var startReads: [ScoreRead]? = nil
    }

    /// A seat as stored: who fills it, the name shown and the token that holds it.
    struct SeatRecord: Equatable {
        var filler: String
        var name: String
        var token: String?
    }

    /// The store in SQLite's `serve.db` in `directory`.
    convenience init(directory: String) throws {
        let sqlite = try SQLiteStoreConnection(directory: directory)
        try self.init(connection: sqlite)
        sqlite.startCheckpoints()
    }

    /// The store in the PostgreSQL database at `url`; `data` is this server's own folder.
    convenience init(postgresql url: String, data: String?, origin: String) throws {
        let connection = try PostgreSQLStoreConnection(url: url, data: data)
        try self.init(connection: connection, sharing: StoreSharing(url: url, origin: origin))
    }

    /// Makes the store's tables where they are missing. The types are ones both databases
    /// know (SQLite reads BIGINT as an integer and DOUBLE PRECISION as a real).
    private init(connection: StoreConnection, sharing: StoreSharing? = nil) throws {
        self.connection = connection
        self.sharing = sharing
        try connection.makingSchema { try makeTables() }
    }

    private func makeTables() throws {
        for statement in [
            """
            CREATE TABLE IF NOT EXISTS tables(code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
              seats TEXT NOT NULL, start_clock TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, active DOUBLE PRECISION NOT NULL)
            """,
            "CREATE TABLE IF NOT EXISTS seeds(code TEXT NOT NULL, game_number BIGINT NOT NULL, seed TEXT NOT NULL, PRIMARY KEY(code, game_number))",
            "CREATE TABLE IF NOT EXISTS inputs(code TEXT NOT NULL, n BIGINT NOT NULL, seat BIGINT NOT NULL, line TEXT NOT NULL, clock TEXT NOT NULL, PRIMARY KEY(code, n))",
            "CREATE TABLE IF NOT EXISTS broken(code TEXT PRIMARY KEY, reason TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
            // Tables that ended in a shared store: kept a while, so the servers that show them
            // can still play their last input (`purgeEnded`).
            "CREATE TABLE IF NOT EXISTS ended(code TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL)",
        ] { _ = try connection.execute(statement, []) }
        // What a step read of the score store came later (`ScoreRead`): NULL in a table or input
        // stored before, whose steps read the store again when played again.
        // So did who made a table (its address), counted by every server of a shared store.
        for (table, column) in [("tables", "start_reads"), ("inputs", "reads"), ("tables", "made_by")] where try !connection.hasColumn(table, column) {
            _ = try connection.execute("ALTER TABLE \(table) ADD COLUMN \(column) TEXT", [])
        }
    }

    /// Lets another server use the store (this one has stopped and writes nothing more).
    func release() {
        lock.withLock { _ in connection.release() }
        sharing?.release()
    }

    // MARK: Writing

    /// A table is made: its game, options, word list (nil: the game's own) and seats.
    /// In a shared store, `room` holds the bounds of open tables and of those one address
    /// (`madeBy`) made, over every server: both are counted, and the table is stored, in one
    /// transaction that no other server's making of a table runs beside.
    func create(code: String, game: String, options: [String: String], words: String? = nil, daily: String? = nil, language: String? = nil,
                practice: Bool = false, seats: [SeatRecord], at time: Double, madeBy address: String = "", room: (tables: Int, perAddress: Int)? = nil) throws {
        // The word list and the day travel with the options, under names no rule's option can have.
        var stored = options
        if let words { stored[Self.wordsKey] = words }
        if let daily { stored[Self.dailyKey] = daily }
        if let language { stored[Self.languageKey] = language }
        if practice { stored[Self.practiceKey] = "yes" }
        let insert = "INSERT INTO tables(code, game, options, seats, start_clock, created, active, made_by) VALUES (?, ?, ?, ?, '[]', ?, ?, ?)"
        let values: [StoreValue] = [.text(code), .text(game), .text(Self.encode(stored)), .text(Self.encode(seats)), .real(time), .real(time), .text(address)]
        guard let room, shared else { return try serialised { try run(insert, values) } }
        try transaction {
            _ = try query("SELECT pg_advisory_xact_lock(?, 3)", [.int(PostgreSQLStoreConnection.lockKey)])
            let open = "code NOT IN (SELECT code FROM broken) AND code NOT IN (SELECT code FROM ended)"
            let counts = try query("SELECT count(*), count(*) FILTER (WHERE made_by = ?) FROM tables WHERE \(open)", [.text(address)]).first
            guard (counts?[0].int ?? 0) < Int64(room.tables) else { throw Full.server }
            guard (counts?[1].int ?? 0) < Int64(room.perAddress) else { throw Full.address }
            // Another server may have drawn the same code (a chance in about 10^9).
            guard try query("SELECT 1 FROM tables WHERE code = ?", [.text(code)]).isEmpty else { throw Full.code }
            try run(insert, values)
        }
    }

    /// Why a shared store made no table: every server's tables together are at the bound, or
    /// those the address made are, or another server's table has the code.
    enum Full: Error { case server, address, code }

    func setSeats(code: String, _ seats: [SeatRecord]) throws {
        try serialised { try run("UPDATE tables SET seats = ? WHERE code = ?", [.text(Self.encode(seats)), .text(code)]) }
    }

    /// The table's seats as stored (their text, as written), and whether it has ended; nil
    /// when it is not stored.
    func seats(code: String) throws -> (text: String, seats: [SeatRecord], ended: Bool)? {
        try serialised {
            guard let row = try query("SELECT substr(seats, 1, ?), (SELECT count(*) FROM ended WHERE code = ?) FROM tables WHERE code = ?",
                                      [.int(Int64(Self.textLimit + 1)), .text(code), .text(code)]).first,
                  let text = row[0].text, text.count <= Self.textLimit else { return nil }
            return (text, try Self.decodeSeats(text), (row[1].int ?? 0) > 0)
        }
    }

    /// Changes the table's seats if they are still as `seen` (their stored text), and tells
    /// the other servers: false when another server changed them first.
    func changeSeats(code: String, from seen: String, to seats: [SeatRecord]) throws -> Bool {
        var changed = false
        try transaction {
            changed = !(try query("UPDATE tables SET seats = ? WHERE code = ? AND seats = ? RETURNING code",
                                  [.text(Self.encode(seats)), .text(code), .text(seen)]).isEmpty)
            if changed { try announce(code) }
        }
        return changed
    }

    /// The clock readings and score store reads of the table's start.
    func setStart(code: String, clock readings: [Double], reads: [ScoreRead]) throws {
        try serialised {
            try run("UPDATE tables SET start_clock = ?, start_reads = ? WHERE code = ?",
                    [.text(Self.encode(readings)), .text(ScoreRead.encode(reads)), .text(code)])
        }
    }

    func addSeed(code: String, game: Int, seed: UInt64) throws {
        try serialised {
            try run("INSERT INTO seeds(code, game_number, seed) VALUES (?, ?, ?) ON CONFLICT(code, game_number) DO UPDATE SET seed = excluded.seed",
                    [.text(code), .int(Int64(game)), .text(String(seed))])
        }
    }

    /// Input `n` of the table, with the clock readings and score store reads of its step and of
    /// the steps the table played itself after it.
    /// What is stored for an input line longer than the table reads (`InputLine.limit`): the
    /// table refuses any such line, unread, so one stand-in of one byte more replays it.
    static let overLongLine = String(repeating: " ", count: InputLine.limit + 1)

    /// The line stored for `line`: itself, or the stand-in for a line too long to read.
    static func stored(_ line: String) -> String { line.utf8.count > InputLine.limit ? overLongLine : line }

    /// Whether a line read back is one a server stores: at most a line, or the stand-in.
    static func isStorable(_ line: String) -> Bool { line.utf8.count <= InputLine.limit || line.utf8.elementsEqual(overLongLine.utf8) }

    func addInput(code: String, n: Int, seat: Int, line: String, clock: [Double], reads: [ScoreRead] = [], at time: Double) throws {
        let readsText = ScoreRead.encode(reads)
        if let sharing {
            // One statement, so one round trip (a statement is a transaction of its own): a
            // move's store is most of what a step costs the server.
            try serialised {
                try run("""
                    WITH stored AS (INSERT INTO inputs(code, n, seat, line, clock, reads) VALUES (?, ?, ?, ?, ?, ?) RETURNING code),
                         touched AS (UPDATE tables SET active = ? WHERE code = ? RETURNING code)
                    SELECT pg_notify(?, ?) FROM stored
                    """, [.text(code), .int(Int64(n)), .int(Int64(seat)), .text(line), .text(Self.encode(clock)), .text(readsText),
                         .real(time), .text(code),
                         .text(StoreListener.channel), .text(sharing.origin + " " + code)])
            }
            return
        }
        try transaction {
            try run("INSERT INTO inputs(code, n, seat, line, clock, reads) VALUES (?, ?, ?, ?, ?, ?)",
                    [.text(code), .int(Int64(n)), .int(Int64(seat)), .text(line), .text(Self.encode(clock)), .text(readsText)])
            try run("UPDATE tables SET active = ? WHERE code = ?", [.real(time), .text(code)])
            try announce(code)
        }
    }

    /// Forgets a table that ended or expired: all of it, or (on a failure) none of it. In a
    /// shared store it is only marked ended, for a while (`purgeEnded`): the other servers
    /// that show it still have to play its last input. True when this call ended it (another
    /// server may have first).
    @discardableResult
    func remove(code: String, at time: Double = 0) throws -> Bool {
        if shared {
            var ended = false
            try transaction {
                ended = !(try query("INSERT INTO ended(code, at) VALUES (?, ?) ON CONFLICT(code) DO NOTHING RETURNING code",
                                    [.text(code), .real(time)]).isEmpty)
                if ended { try announce(code) }
            }
            return ended
        }
        try transaction {
            for table in ["inputs", "seeds", "broken", "tables"] { try run("DELETE FROM \(table) WHERE code = ?", [.text(code)]) }
        }
        return true
    }

    /// Ends the table (a shared store's) if no input came to it since `time`, on any server,
    /// and tells the other servers: false when it was played since, or already ended.
    func endIfIdle(code: String, since time: Double) throws -> Bool {
        var ended = false
        try transaction {
            ended = !(try query("INSERT INTO ended(code, at) SELECT code, ? FROM tables WHERE code = ? AND active < ? ON CONFLICT(code) DO NOTHING RETURNING code",
                                [.real(SystemClock().now()), .text(code), .real(time)]).isEmpty)
            if ended { try announce(code) }
        }
        return ended
    }

    /// Forgets, all of each, the tables that ended before `time` (a shared store's).
    func purgeEnded(before time: Double) throws {
        try transaction {
            for table in ["inputs", "seeds", "broken", "tables"] {
                try run("DELETE FROM \(table) WHERE code IN (SELECT code FROM ended WHERE at < ?)", [.real(time)])
            }
            try run("DELETE FROM ended WHERE at < ?", [.real(time)])
        }
    }

    /// Tells the other servers (in the transaction: heard once it commits) that a table changed.
    private func announce(_ code: String) throws {
        guard let sharing else { return }
        try run("SELECT pg_notify(?, ?)", [.text(StoreListener.channel), .text(sharing.origin + " " + code)])
    }

    /// Runs `body`'s statements as one transaction: all are written or none.
    private func transaction(_ body: () throws -> Void) throws {
        try serialised {
            try run(connection.beginWriting, [])
            do {
                try body()
                try run("COMMIT", [])
            } catch {
                try? run("ROLLBACK", [])
                throw error
            }
        }
    }

    /// Runs `body` under the store's lock. When the connection was lost meanwhile, `body` runs
    /// once more, whole, on a new connection (a lost connection's transaction is rolled back by
    /// the database). A commit that went through before the loss makes the second run fail on
    /// the key it wrote again: the table is then set aside, and rebuilt from what is stored.
    private func serialised<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock { _ in
            do {
                return try body()
            } catch let error as StoreError where error.lost {
                return try body()
            }
        }
    }

    // MARK: Reading

    /// The codes of the tables still open and not broken, oldest first: at most `limit` (what
    /// another program put in the store beyond the server's bound of tables stays there).
    func openTableCodes(limit: Int) throws -> [String] {
        try serialised {
            try query("SELECT code FROM tables WHERE code NOT IN (SELECT code FROM broken) AND code NOT IN (SELECT code FROM ended) ORDER BY created LIMIT ?",
                      [.int(Int64(limit))])
                .compactMap { $0[0].text }
        }
    }

    /// An input as stored: its number, seat, line, clock readings and score store reads.
    typealias StoredInput = (n: Int, seat: Int, line: String, clock: [Double], reads: [ScoreRead]?)

    /// The table's inputs after input `n`, in order: at most `limit`, and no more than `bytes`
    /// of them in all (lines, clock readings and reads, as the table counts them) but the one
    /// that passes it, each line at most a move's length (another server stored them; a text
    /// past a bound is refused). The database sums the lengths, so a batch past the bound is
    /// never sent.
    func inputs(code: String, after n: Int, limit: Int, bytes: Int, seats: Int) throws -> [StoredInput] {
        try serialised {
            try query("""
                SELECT n, seat, substr(line, 1, ?), substr(clock, 1, ?), substr(reads, 1, ?) FROM (
                  SELECT n, seat, line, clock, reads, sum(length(line) + length(clock) + coalesce(length(reads), 0)) OVER (ORDER BY n) AS upto,
                    length(line) + length(clock) + coalesce(length(reads), 0) AS size
                  FROM inputs WHERE code = ? AND n > ? ORDER BY n LIMIT ?) AS batch
                WHERE upto - size <= ? ORDER BY n
                """, [.int(Int64(InputLine.limit + 1)), .int(Int64(Self.textLimit + 1)), .int(Int64(Self.readsLimit + 1)), .text(code), .int(Int64(n)),
                      .int(Int64(limit)), .int(Int64(max(0, bytes)))])
                .enumerated().map { k, row in
                    guard let number = row[0].int, number == Int64(n + 1 + k) else { throw ServeError("its inputs are not numbered one after another") }
                    guard let seat = row[1].int, seat >= 0, seat <= Int64(seats) else { throw ServeError("an input of it names a seat the table does not have") }
                    let line = row[2].text ?? "", clock = row[3].text ?? ""
                    guard Self.isStorable(line), clock.count <= Self.textLimit else { throw ServeError("an input of it is longer than a move can be") }
                    return (Int(number), Int(seat), line, try Self.decodeReadings(clock), try Self.decodeReads(row[4]))
                }
        }
    }

    /// The seed of the table's game `game`, where it is stored.
    func seed(code: String, game: Int) throws -> UInt64? {
        try serialised {
            try query("SELECT substr(seed, 1, 24) FROM seeds WHERE code = ? AND game_number = ?", [.text(code), .int(Int64(game))])
                .first?[0].text.flatMap(UInt64.init)
        }
    }

    /// One open table, with its seeds and inputs in order; nil when it is not stored. What is
    /// read is bounded however the store was written (another program may have): at most
    /// `inputs` inputs of `bytes` in all (lines and clock readings), each line at most
    /// `InputLine.limit` characters, each other text at most `textLimit`; a table past a bound
    /// is refused (and then kept, marked broken), never read whole. The database measures and
    /// cuts the texts itself (length, substr), so no long value is ever sent.
    func openTable(code: String, inputs maxInputs: Int, bytes maxBytes: Int) throws -> Saved? {
        let textLimit = Int64(Self.textLimit)
        return try serialised {
            guard let row = try query("""
                SELECT code, substr(game, 1, ?), substr(options, 1, ?), substr(seats, 1, ?), substr(start_clock, 1, ?), substr(start_reads, 1, ?)
                FROM tables WHERE code = ? AND code NOT IN (SELECT code FROM ended) AND code NOT IN (SELECT code FROM broken)
                """, [.int(textLimit + 1), .int(textLimit + 1), .int(textLimit + 1), .int(textLimit + 1), .int(Int64(Self.readsLimit + 1)),
                     .text(code)]).first else { return nil }
            guard row[1...4].allSatisfy({ ($0.text?.count ?? 0) <= Self.textLimit }) else {
                throw ServeError("its stored description is longer than a table's can be")
            }
            var options = try Self.decodeOptions(row[2].text)
            let words = options.removeValue(forKey: Self.wordsKey)
            let daily = options.removeValue(forKey: Self.dailyKey)
            if let daily, !DailyGame.isDate(daily) { throw ServeError("its day's game has no date") }
            let language = options.removeValue(forKey: Self.languageKey)
            if let language, !RuleTexts.isLanguage(language) { throw ServeError("its language is not a language's code") }
            let practice = options.removeValue(forKey: Self.practiceKey)
            if let practice, practice != "yes" { throw ServeError("its practice mark is not yes") }
            var table = Saved(code: code, game: row[1].text ?? "", options: options, words: words, daily: daily, language: language, practice: practice != nil,
                              seats: try Self.decodeSeats(row[3].text), seeds: [:], inputs: [], startClock: try Self.decodeReadings(row[4].text),
                              startReads: try Self.decodeReads(row[5]))
            let seeds = try query("SELECT game_number, substr(seed, 1, 24) FROM seeds WHERE code = ? ORDER BY game_number LIMIT ?",
                                  [.text(code), .int(Int64(maxInputs + 2))])
            guard seeds.count <= maxInputs + 1 else { throw ServeError("it holds more games than a table of \(maxInputs) inputs can") }
            for s in seeds {
                guard let n = s[0].int, n >= 1, let seed = s[1].text.flatMap(UInt64.init) else { throw ServeError("a game's seed of it is not a seed") }
                table.seeds[Int(n)] = seed
            }
            // Without its first game's seed the table would be rebuilt as another game.
            if table.daily == nil && table.seeds[1] == nil { throw ServeError("its first game's seed is not stored") }
            // Counted and measured by the database first: a table past its bounds is never sent.
            let size = try query("SELECT count(*), coalesce(sum(length(line) + length(clock) + coalesce(length(reads), 0)), 0) FROM inputs WHERE code = ?",
                                 [.text(code)])
            guard let count = size.first?[0].int, let length = size.first?[1].int else { throw ServeError("its inputs cannot be counted") }
            guard count <= maxInputs else { throw ServeError("it holds more than a table's \(maxInputs) inputs") }
            guard length <= maxBytes else { throw ServeError("its inputs are longer than a table's \(maxBytes >> 10) KB") }
            let rows = try query("SELECT seat, substr(line, 1, ?), clock, reads FROM inputs WHERE code = ? ORDER BY n LIMIT ?",
                                 [.int(Int64(InputLine.limit + 1)), .text(code), .int(Int64(maxInputs))])
            for i in rows {
                let line = i[1].text ?? "", clock = i[2].text ?? ""
                // (Seat 0: a seat's naming, `ServedTable.nameSeat`.)
                guard let seat = i[0].int, seat >= 0, seat <= Int64(table.seats.count) else {
                    throw ServeError("an input of it names a seat the table does not have")
                }
                guard Self.isStorable(line) else {
                    throw ServeError("an input of it is longer than a move can be")
                }
                table.inputs.append((Int(seat), line, try Self.decodeReadings(clock), try Self.decodeReads(i[3])))
            }
            return table
        }
    }

    /// The longest text of a table's description (options, seats, its start's clock readings)
    /// read back.
    static let textLimit = 1 << 16
    /// The longest score store reads of one step read back (a table's bound of bytes stored,
    /// which counts them, is less by default).
    static let readsLimit = 4 << 20

    /// Notes that a table cannot be rebuilt, and why: it is kept as it is (for whoever keeps the
    /// server to look at) and never played or rebuilt again.
    func markBroken(code: String, reason: String, at time: Double) throws {
        try serialised { try run("INSERT INTO broken(code, reason, at) VALUES(?, ?, ?) ON CONFLICT(code) DO UPDATE SET reason = excluded.reason, at = excluded.at",
                    [.text(code), .text(reason), .real(time)]) }
    }

    /// Whether the table is stored as one that could not be rebuilt.
    func isBroken(code: String) throws -> Bool {
        try serialised { !(try query("SELECT 1 FROM broken WHERE code = ?", [.text(code)])).isEmpty }
    }

    /// The tables that could not be rebuilt, with why.
    func brokenTables() throws -> [(code: String, reason: String)] {
        try serialised {
            try query("SELECT code, reason FROM broken ORDER BY at", []).map { ($0[0].text ?? "", $0[1].text ?? "") }
        }
    }

    // MARK: Encoding

    static func encode(_ options: [String: String]) -> String { JSONValue.object(options.mapValues { .string($0) }).encoded }
    static func encode(_ readings: [Double]) -> String { JSONValue.array(readings.map { .double($0) }).encoded }
    static func encode(_ seats: [SeatRecord]) -> String {
        JSONValue.array(seats.map { .object(["filler": .string($0.filler), "name": .string($0.name), "token": $0.token.map { .string($0) } ?? .null]) }).encoded
    }

    /// Where a table's word list is kept among its options (an option's name is a word).
    static let wordsKey = "--words"
    static let dailyKey = "--daily"
    static let languageKey = "--lang"
    static let practiceKey = "--practice"

    // The decoders below read what another program may have written: anything but the form
    // this store writes is an error, so that the table is marked broken rather than rebuilt
    // as another game (default options, a seat dropped, a clock reading lost).

    static func decodeOptions(_ text: String?) throws -> [String: String] {
        guard let text, case .object(let fields)? = try? JSONValue(parsing: text) else { throw ServeError("its options are not a list of names and values") }
        return try fields.mapValues {
            guard case .string(let value) = $0 else { throw ServeError("its options are not a list of names and values") }
            return value
        }
    }

    static func decodeReadings(_ text: String?) throws -> [Double] {
        guard let text else { return [] }
        guard case .array(let items)? = try? JSONValue(parsing: text) else { throw ServeError("a clock reading of it is not a list of numbers") }
        return try items.map {
            guard let reading = $0.double else { throw ServeError("a clock reading of it is not a number") }
            return reading
        }
    }

    /// A step's score store reads as stored: nil for none noted (NULL), and an error for a text
    /// that is not a list of reads (another program wrote it: the table is not played on).
    static func decodeReads(_ value: StoreValue) throws -> [ScoreRead]? {
        guard case .text(let text) = value else { return nil }
        guard text.utf8.count <= readsLimit, let reads = ScoreRead.decode(text) else {
            throw ServeError("what a step of it read of the scores cannot be read")
        }
        return reads
    }

    /// The fillers a served seat can have (a server starts no programs).
    static let servedFillers: Set<String> = ["person", "bot", "random", "search"]

    static func decodeSeats(_ text: String?) throws -> [SeatRecord] {
        guard let text, case .array(let items)? = try? JSONValue(parsing: text) else { throw ServeError("its seats are not a list of seats") }
        return try items.map { item in
            guard case .object(let f) = item, case .string(let filler)? = f["filler"], servedFillers.contains(filler),
                  case .string(let stored)? = f["name"] else { throw ServeError("a seat of it is not a served seat") }
            // Cleaned as a name is when a seat is taken: another program may have written the store.
            let name = PlayerName.clean(stored)
            switch f["token"] {
            case .string(let token)?: return SeatRecord(filler: filler, name: name, token: token)
            case nil, .null?: return SeatRecord(filler: filler, name: name, token: nil)
            default: throw ServeError("a seat of it has a token that is not a token")
            }
        }
    }

    // MARK: Statements

    private func run(_ sql: String, _ params: [StoreValue]) throws { _ = try query(sql, params) }

    /// Runs a statement. Text with a NUL character is refused, never stored: both databases'
    /// C interfaces end a text at its first NUL (and PostgreSQL's text cannot hold one), so it
    /// would be stored cut short, and a table rebuilt from it would play another game.
    private func query(_ sql: String, _ params: [StoreValue]) throws -> [[StoreValue]] {
        for case .text(let text) in params where text.utf8.contains(0) {
            throw StoreError(description: "\(connection.shown): a text with a NUL character cannot be stored")
        }
        return try connection.execute(sql, params)
    }
}
