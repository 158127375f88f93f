import CSQLite
import GameCore

/// What `gamehost scores` reads, bounded as a whole: at most `maxRows` rows of the database
/// (rows a query returns, or a full scan steps over, whichever is more) for every game,
/// board and statistic together, and texts cut to a few dozen characters as they are read
/// (a stored game key may be megabytes: it is never read whole). When the bound stops the
/// reading, `stopped` says so and what was read is still shown.
///
/// Boards are read in one pass over a game's rows (the index on game, rule and board leads
/// the way), keeping only the best few entries of each board, so the work is the rows read.
public final class ScoreListing: ScoreLister {
    public let store: ScoreStore
    public var path: String { store.path }
    public let maxRows: Int
    public private(set) var rowsRead = 0
    /// The bound on rows stopped the reading.
    public private(set) var stopped = false

    /// Rows read by default (`gamehost scores --max-rows N` reads more), the most games and
    /// boards listed, and the characters of a game key or board name shown.
    public static let defaultMaxRows = 100_000
    public static let gameLimit = 1_000
    public static let boardLimit = 100
    public static let keyShown = 120
    /// Time allowed per row a statement may read, on top of a statement's own: generous
    /// (reading a row takes microseconds), so only a crafted database meets it.
    static let secondsPerRow = 50e-6

    public init(store: ScoreStore, maxRows: Int = ScoreListing.defaultMaxRows) {
        self.store = store
        self.maxRows = maxRows
    }

    /// A game's key as stored: `id` for a built-in game, `id@file` for a rule played by path.
    public struct Game {
        enum Source { case name(String), row(table: String, id: Int64) }
        let source: Source
        /// The key's first `keyShown` characters, and its length in characters.
        public let shown: String
        public let length: Int
        /// The whole key, when it was short enough to be read whole.
        public var key: String? { length <= ScoreListing.keyShown ? shown : nil }

        /// A game by its key (a name on the command line, or a key another database read).
        package init(named name: String) {
            self.init(source: .name(name), shown: String(name.prefix(ScoreListing.keyShown)), length: name.count)
        }
        /// A key read cut to its first `keyShown` characters (`length`: the whole key's).
        package init(shown: String, length: Int) {
            self.init(source: .name(shown), shown: shown, length: length)
        }
        init(source: Source, shown: String, length: Int) {
            self.source = source
            self.shown = shown
            self.length = length
        }

        /// The key as SQL (a parameter, or the stored row's own text) and its parameter.
        var sql: (String, ScoreStore.Value) {
            switch source {
            case .name(let name): return ("?", .text(name))
            case .row(let table, let id): return ("(SELECT game FROM \(table) WHERE id = ?)", .int(id))
            }
        }
    }

    /// A game named on the command line.
    public func game(named name: String) -> Game { Game(named: name) }

    /// Games with any score or result, in the order of their keys, at most `gameLimit`. Keys
    /// are found one at a time through the index (the next key after the last one), so a
    /// game's many rows are not read to list it.
    public func games() throws -> [Game] {
        var found = try keys(in: "scores")
        for game in try keys(in: "results") where !stopped {
            guard case .row(_, let id) = game.source else { continue }
            var known = false
            try read("SELECT 1 FROM scores WHERE game = (SELECT game FROM results WHERE id = ?) LIMIT 1", [.int(id)]) { _ in
                known = true
                return false
            }
            if !known { found.append(game) }
        }
        found.sort { Array($0.shown.utf8).lexicographicallyPrecedes($1.shown.utf8) }
        return Array(found.prefix(Self.gameLimit))
    }

    private func keys(in table: String) throws -> [Game] {
        var games: [Game] = []
        var last: Int64?
        let columns = "id, length(game), substr(game, 1, \(Self.keyShown))"
        while games.count < Self.gameLimit && !stopped {
            let sql = last == nil
                ? "SELECT \(columns) FROM \(table) ORDER BY game LIMIT 1"
                : "SELECT \(columns) FROM \(table) WHERE game > (SELECT game FROM \(table) WHERE id = ?) ORDER BY game LIMIT 1"
            var next: Game?
            try read(sql, last.map { [.int($0)] } ?? []) { row in
                next = Game(source: .row(table: table, id: sqlite3_column_int64(row, 0)), shown: Self.text(row, 2),
                            length: Int(sqlite3_column_int64(row, 1)))
                return false
            }
            guard let next, case .row(_, let id) = next.source else { break }
            games.append(next)
            last = id
        }
        return games
    }

    /// A board as listed: its best `top` ranked entries and practice runs, and how many
    /// practice runs it has.
    public struct Board {
        public var name: String
        /// The fingerprint of the word list its runs played ("" for none): boards of the
        /// same name on lists of other words are boards of their own.
        public var list: String
        public var leaderboard: Leaderboard
        public var practice: Leaderboard
        public var practiceRuns: Int
        package init(name: String, list: String, leaderboard: Leaderboard, practice: Leaderboard, practiceRuns: Int) {
            self.name = name
            self.list = list
            self.leaderboard = leaderboard
            self.practice = practice
            self.practiceRuns = practiceRuns
        }
    }

    /// The boards of a game (of its rule file's version `ruleHash`, or of every version), by
    /// name, at most `boardLimit`.
    public func boards(of game: Game, ruleHash: String?, top: Int) throws -> [Board] {
        let (key, keyValue) = game.sql
        var params: [ScoreStore.Value] = [keyValue]
        var filter = "game = \(key) AND value IS NOT NULL"
        if let ruleHash { filter += " AND rule_hash = ?"; params.append(.text(ruleHash)) }
        // A database from before players and practice runs has only ranked entries.
        let hasPlayers = try store.hasPlayerColumns()
        let player = hasPlayers ? "substr(player, 1, \(ScoreStore.textLimit))" : "''"
        let practice = hasPlayers ? "practice" : "0"
        let list = try store.hasListColumn() ? "substr(list, 1, 32)" : "''"
        var tallies: [String: BoardTally] = [:]
        // A tally's key is the board's name, a unit separator and the list's fingerprint.
        let sql = """
            SELECT id, substr(board, 1, \(ScoreStore.textLimit + 1)) || char(31) || \(list), value, better, substr(unit, 1, 32),
              substr(label, 1, \(ScoreStore.textLimit)), \(player), \(practice), at FROM scores WHERE \(filter)
            """
        // Rows come board by board (the index's order): a board's name is made once per run
        // of its rows, compared as bytes.
        var lastBytes: [UInt8] = []
        var lastName = ""
        try read(sql, params) { row in
            let bytes = UnsafeBufferPointer(start: sqlite3_column_text(row, 1), count: Int(sqlite3_column_bytes(row, 1)))
            if !bytes.elementsEqual(lastBytes) {
                lastBytes = Array(bytes)
                lastName = String(decoding: lastBytes, as: UTF8.self)
            }
            let name = lastName
            if tallies[name] == nil {
                // The first boards by name are kept: a later, smaller name replaces the largest.
                if tallies.count >= Self.boardLimit {
                    guard let largest = tallies.keys.max(by: Self.precedes), Self.precedes(name, largest) else { return true }
                    tallies[largest] = nil
                }
                tallies[name] = BoardTally(top: top)
            }
            tallies[name]!.add(value: sqlite3_column_double(row, 2), id: sqlite3_column_int64(row, 0),
                               practice: sqlite3_column_double(row, 7) != 0, row: row)
            return true
        }
        return tallies.sorted { Self.precedes($0.key, $1.key) }.map { key, tally in
            let order = Leaderboard.Order(rawValue: tally.better) ?? .higher
            let parts = key.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let shown = name.count > ScoreStore.textLimit ? String(name.prefix(ScoreStore.textLimit - 1)) + "…" : name
            return Board(name: shown, list: parts.count > 1 ? String(parts[1]) : "", leaderboard: Leaderboard(order: order, unit: tally.unit, entries: tally.best(order, practice: false)),
                         practice: Leaderboard(order: order, unit: tally.unit, entries: tally.best(order, practice: true)),
                         practiceRuns: tally.practiceRuns)
        }
    }

    /// A record a game saved (`game.scores.save`): its name as the rule gave it, the
    /// fingerprint of the word list it is kept for ("" for none), and its value.
    public struct Record {
        public var name: String
        public var list: String
        public var value: JSONValue
        package init(name: String, list: String, value: JSONValue) {
            self.name = name
            self.list = list
            self.value = value
        }
    }

    /// The most records listed for a game, and the longest value read.
    public static let recordLimit = 100
    package static let recordBytes = 4096

    /// A game's saved records (statistics such as streaks), by name; a value longer than
    /// `recordBytes` is left out.
    public func records(of game: Game) throws -> [Record] {
        guard try store.hasTable("records") else { return [] }
        let (key, keyValue) = game.sql
        var records: [Record] = []
        try read("""
            SELECT substr(name, 1, \(ScoreStore.textLimit + 40)), value FROM records WHERE game = \(key)
              AND length(CAST(value AS BLOB)) <= \(Self.recordBytes) ORDER BY name LIMIT \(Self.recordLimit)
            """, [keyValue]) { row in
            let stored = Self.text(row, 0)
            let parts = stored.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            if let value = try? JSONValue(parsing: Self.text(row, 1)) {
                records.append(Record(name: String(parts[0].prefix(ScoreStore.textLimit)), list: parts.count > 1 ? String(parts[1]) : "", value: value))
            }
            return true
        }
        return records
    }

    /// Games finished, and how many each winner took (the 100 who took most).
    public func statistics(of game: Game) throws -> (played: Int, winners: [(String, Int)]) {
        let (key, keyValue) = game.sql
        var counts: [String: Int] = [:]
        var played = 0
        try read("SELECT substr(coalesce(winner, ''), 1, \(ScoreStore.textLimit)) FROM results WHERE game = \(key)", [keyValue]) { row in
            played += 1
            counts[Self.text(row, 0), default: 0] += 1
            return true
        }
        let winners = counts.filter { !$0.key.isEmpty }
            .sorted { $0.value != $1.value ? $0.value > $1.value : Self.precedes($0.key, $1.key) }
        return (played, Array(winners.prefix(100)))
    }

    /// Runs a query, counting its rows against the bound (returned, or stepped over by a full
    /// scan: whichever is more), and stops it when the bound is reached.
    private func read(_ sql: String, _ params: [ScoreStore.Value], _ row: (OpaquePointer) throws -> Bool) throws {
        guard !stopped else { return }
        let before = rowsRead
        var returned = 0
        do {
            // A statement's time grows with the rows it may still read (the rows are the bound).
            let seconds = ScoreStore.statementTime + Double(maxRows - before) * Self.secondsPerRow
            try store.each(sql, params, scanBudget: maxRows - before, seconds: seconds) { statement in
                returned += 1
                rowsRead = before + max(returned, ScoreStore.scanned(statement))
                if rowsRead > maxRows {
                    rowsRead = maxRows
                    stopped = true
                    return false
                }
                return try row(statement)
            }
        } catch let error as ScoreStoreError where error.rowBound {
            rowsRead = maxRows
            stopped = true
        }
    }

    private static func text(_ row: OpaquePointer, _ column: Int32) -> String { ScoreStore.text(row, column) }

    /// Names in the order of their bytes (never Unicode-normalised comparisons).
    static func precedes(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(b.utf8) }
}

/// One board's rows as they are read: its first row's order and unit, and the best few
/// entries both ways (the order is known only once the board's first row is seen).
private struct BoardTally {
    let top: Int
    var firstID = Int64.max
    var better = "higher"
    var unit = ""
    var practiceRuns = 0
    /// Entries by (value, id), ascending: the lowest `top` and the highest `top`, ranked and practice.
    var low: [[(Leaderboard.Entry, Int64)]] = [[], []]
    var high: [[(Leaderboard.Entry, Int64)]] = [[], []]

    init(top: Int) { self.top = top }

    /// Counts a row; its texts are read only when it is among the best so far, or when it
    /// is the board's first row.
    mutating func add(value: Double, id: Int64, practice: Bool, row: OpaquePointer) {
        if id < firstID {
            firstID = id
            better = ScoreStore.text(row, 3)
            unit = ScoreStore.text(row, 4)
        }
        guard !value.isNaN else { return }
        let k = practice ? 1 : 0
        if practice { practiceRuns += 1 }
        let lower = { (a: (Double, Int64), b: (Double, Int64)) in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }
        let higher = { (a: (Double, Int64), b: (Double, Int64)) in a.0 != b.0 ? a.0 > b.0 : a.1 < b.1 }
        let joinsLow = Self.joins(low[k], (value, id), top: top, by: lower)
        let joinsHigh = Self.joins(high[k], (value, id), top: top, by: higher)
        guard joinsLow || joinsHigh else { return }
        let entry = Leaderboard.Entry(value: value, label: ScoreStore.text(row, 5), player: ScoreStore.text(row, 6),
                                      at: sqlite3_column_type(row, 8) == SQLITE_NULL ? nil : sqlite3_column_double(row, 8))
        if joinsLow { Self.keep(&low[k], entry, id, top: top, by: lower) }
        if joinsHigh { Self.keep(&high[k], entry, id, top: top, by: higher) }
    }

    private static func joins(_ list: [(Leaderboard.Entry, Int64)], _ item: (Double, Int64), top: Int,
                              by better: ((Double, Int64), (Double, Int64)) -> Bool) -> Bool {
        guard list.count >= top, let worst = list.last else { return true }
        return better(item, (worst.0.value, worst.1))
    }

    /// Puts an entry in its place in a list sorted by `better`, keeping the best `top`.
    private static func keep(_ list: inout [(Leaderboard.Entry, Int64)], _ entry: Leaderboard.Entry, _ id: Int64, top: Int,
                             by better: ((Double, Int64), (Double, Int64)) -> Bool) {
        let at = list.firstIndex { better((entry.value, id), ($0.0.value, $0.1)) } ?? list.count
        list.insert((entry, id), at: at)
        if list.count > top { list.removeLast() }
    }

    func best(_ order: Leaderboard.Order, practice: Bool) -> [Leaderboard.Entry] {
        (order == .lower ? low : high)[practice ? 1 : 0].map(\.0)
    }
}
