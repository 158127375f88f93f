import GameCore
import GameRules
import GameRuntime
import GameStorage
#if canImport(Glibc)
import Glibc
#endif

/// A game kept to be taken up later: `gamehost resume` and the menu's "Continue". A session
/// played at a terminal writes one as it goes, a line a step, so a game left in any way (`/quit`,
/// Ctrl-D, a closed window, a lost connection, a killed process) can be played again from its
/// start to the same step and go on from there.
///
/// The file keeps what makes a step come out the same when it is played again: the session's
/// settings and seed, each step's input and seat, the clock readings it made, what it read of
/// the score store (`ScoreRead`) and the seeds it drew. It keeps no view: the game is played
/// again, not shown again, and the status of each step (and a table's own moves) is checked on
/// the way, so a rule that changed is found out.
public struct SavedGame {
    /// How the session was set up, as the command that started it was told.
    public struct Header: Equatable {
        /// The rule's name, or a rule file's full path.
        public var game: String
        public var title: String
        public var ruleHash: String
        public var seed: UInt64
        /// The first game's number (`--game K`).
        public var firstGame = 1
        public var options: [String: String] = [:]
        public var words: String?
        public var minLength: Int?
        public var maxLength: Int?
        /// Who fills each seat: a person (by name), `bot`, `random` or `search`.
        public var seats: [Table.Filler]
        /// Whether its scores are practice, and whether it reads the system clock (a live game)
        /// or a clock that moves a second an input.
        public var practice = false
        public var liveClock = true
        /// `--think`, as written, and `--coach`.
        public var thinking: String?
        public var coach = false
        /// The date of the day's game it is (`--daily`), if it is one.
        public var daily: String?
        /// Whether the session's later games draw fresh seeds (kept with the steps), or derive
        /// them from its seed (`--seed`: a seeded session replays whole).
        public var drawsSeeds = true
        /// The fingerprint of the words the word list played (`WordList.fingerprint`): a list
        /// changed since is not the game's.
        public var wordsFingerprint: String?
        /// When it was begun (seconds since the epoch).
        public var begun: Double = 0

        public init(game: String, title: String, ruleHash: String, seed: UInt64, seats: [Table.Filler]) {
            self.game = game
            self.title = title
            self.ruleHash = ruleHash
            self.seed = seed
            self.seats = seats
        }

        /// The people in the seats, by seat.
        public var people: [Int: String] {
            var out: [Int: String] = [:]
            for (k, filler) in seats.enumerated() { if case .person(let name) = filler { out[k + 1] = name } }
            return out
        }
    }

    /// One step as kept.
    struct Entry: Equatable {
        var input: String?
        var seat: Int
        var automatic = false
        var clock: [Double] = []
        var reads: [ScoreRead] = []
        var seeds: [UInt64] = []
        var status: String
        /// Whether the game had a result after the step.
        var over = false
    }

    public let path: String
    public var header: Header
    var steps: [Entry]

    init(path: String, header: Header, steps: [Entry]) {
        self.path = path
        self.header = header
        self.steps = steps
        moves = steps.filter { $0.status == Step.Status.accepted.rawValue && !$0.automatic }.count
        lastGameOver = steps.last?.over ?? false
    }

    /// The moves people (or a program) made that the game took; the table's own are not counted.
    public let moves: Int
    /// Whether the last step kept left a game over (nothing is left to play but the next game).
    public let lastGameOver: Bool
    /// Whether the steps were read (a summary, for a list, has the header and counts alone).
    public var isWhole: Bool { !steps.isEmpty }
    /// Whether another window plays it now (it holds the file's lock).
    public var inUse: Bool { FileLock(path) == nil && FileSystem.isFile(path) }
    /// Every clock reading, in the order the steps made them: a `ResumingClock` gives them back.
    public var readings: [Double] { steps.flatMap(\.clock) }

    /// Bounds of a kept game, as of a transcript: a game past them is not kept.
    public enum Limits {
        public static let fileBytes = 8 << 20
        public static let lineBytes = 1 << 20
        public static let steps = 50_000
        /// Kept games in a folder: the menu and `resume --list` read the newest so many.
        public static let files = 100
        /// A file larger than this is counted, not read whole, for a list.
        public static let wholeInList = 1 << 20
    }

    // MARK: Reading

    /// Reads a kept game; a file that is not one, or past a bound, is an error naming the file
    /// and the line. The file is read a line at a time, never more than its bound.
    /// `summaryOnly`: the header is read and checked, and the steps only counted (a list of
    /// kept games reads each file so, at a few bytes of memory a step).
    public init(path: String, summaryOnly: Bool = false) throws {
        var header: Header?
        var steps: [Entry] = []
        var counted = (steps: 0, moves: 0, over: false)
        // A line that cannot be read is an error unless it is the last: a process killed in
        // the middle of a write leaves its last line cut, and the game is taken up before it.
        var unreadable: SavedGameError?
        let bounds = FileSystem.LineBounds(lineBytes: Limits.lineBytes, lines: Limits.steps + 1, totalBytes: Limits.fileBytes)
        do {
            try FileSystem.readLines(path, bounds: bounds) { number, bytes in
                let place = "\(path):\(number)"
                if let unreadable { throw unreadable }
                if summaryOnly, header != nil {
                    let text = String(decoding: bytes, as: UTF8.self)
                    counted.steps += 1
                    if text.contains("\"status\":\"accepted\"") && !text.contains("\"automatic\":true") { counted.moves += 1 }
                    counted.over = text.contains("\"over\":true")
                    return
                }
                let line: JSONValue
                do { line = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) } catch {
                    guard header != nil else { throw SavedGameError("\(place): \(error)") }
                    unreadable = SavedGameError("\(place): \(error)")
                    return
                }
                if let known = header {
                    steps.append(try Self.entry(line, seats: known.seats.count, at: place))
                } else {
                    header = try Self.header(line, at: place)
                }
            }
        } catch let error as FileError {
            throw SavedGameError(error.description)
        }
        guard let header else { throw SavedGameError("\(path): the file is empty") }
        guard !steps.isEmpty || counted.steps > 0 else { throw SavedGameError("\(path): no step is kept (the game did not start)") }
        self.path = path
        self.header = header
        self.steps = steps
        moves = summaryOnly ? counted.moves : steps.filter { $0.status == Step.Status.accepted.rawValue && !$0.automatic }.count
        lastGameOver = summaryOnly ? counted.over : steps.last?.over ?? false
    }

    static let formatName = "gamehost-saved-game"

    /// A character a kept game's text may not hold: controls, and the line and paragraph
    /// separators and direction marks a terminal would act on.
    static func isUnsafe(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || (0x7F..<0xA0).contains(c.value) || (0x200B...0x200F).contains(c.value)
            || (0x2028...0x202E).contains(c.value) || (0x2066...0x2069).contains(c.value) || c.value == 0xFEFF
    }

    static func header(_ h: JSONValue, at place: String) throws -> Header {
        guard h["type"].string == formatName, h["version"].int == 1, let game = h["game"].string,
              let seedText = h["seed"].string, let seed = UInt64(seedText) else {
            throw SavedGameError("\(place): not a saved game of this version of gamehost")
        }
        func text(_ field: String, limit: Int = 4096) throws -> String? {
            guard h[field] != .null else { return nil }
            guard let value = h[field].string, value.utf8.count <= limit, !value.unicodeScalars.contains(where: SavedGame.isUnsafe) else {
                throw SavedGameError("\(place): '\(field)' is not one line of up to \(limit) bytes")
            }
            return value
        }
        guard game.utf8.count <= 4096, !game.isEmpty else { throw SavedGameError("\(place): 'game' is not a game's name or a rule file's path") }
        guard let names = h["seats"].array, (1...SeatRange.limit).contains(names.count) else {
            throw SavedGameError("\(place): 'seats' must list 1 to \(SeatRange.limit) seats")
        }
        let seats = try names.map { item -> Table.Filler in
            switch item.string {
            case "bot": return .bot
            case "random": return .random
            case "search": return .search
            case let text? where text.hasPrefix("person:"):
                let name = String(text.dropFirst("person:".count))
                guard name.utf8.count <= PlayerName.limit, PlayerName.clean(name) == name else {
                    throw SavedGameError("\(place): a seat's name is not one line of visible text")
                }
                return .person(name)
            default:
                throw SavedGameError("\(place): each seat must be person:NAME, bot, random or search")
            }
        }
        var header = Header(game: game, title: try text("title", limit: 256) ?? game, ruleHash: try text("rule_hash", limit: 64) ?? "",
                            seed: seed, seats: seats)
        if h["first_game"] != .null {
            guard let k = h["first_game"].int, k >= 1, k <= 1_000_000 else { throw SavedGameError("\(place): 'first_game' is not a game's number") }
            header.firstGame = Int(k)
        }
        let options = h["options"].object ?? [:]
        guard options.count <= OptionSpec.optionLimit, options.allSatisfy({ $0.key.utf8.count <= InputLine.limit && ($0.value.string?.utf8.count ?? .max) <= InputLine.limit }) else {
            throw SavedGameError("\(place): 'options' holds more than a rule's \(OptionSpec.optionLimit) options of text")
        }
        header.options = options.compactMapValues(\.string)
        header.words = try text("words")
        for (field, value) in [("min_length", h["min_length"]), ("max_length", h["max_length"])] where value != .null {
            guard let n = value.int, n >= 1, n <= 1000 else { throw SavedGameError("\(place): '\(field)' is not a word length") }
            if field == "min_length" { header.minLength = Int(n) } else { header.maxLength = Int(n) }
        }
        header.practice = h["practice"] == .bool(true)
        header.liveClock = h["live_clock"] != .bool(false)
        header.thinking = try text("think", limit: 32)
        header.coach = h["coach"] == .bool(true)
        header.drawsSeeds = h["draws_seeds"] != .bool(false)
        header.wordsFingerprint = try text("words_fingerprint", limit: 64)
        if h["daily"] != .null {
            guard let date = h["daily"].string, DailyGame.isDate(date) else { throw SavedGameError("\(place): 'daily' is not a date") }
            header.daily = date
        }
        if let begun = h["begun"].double, begun.isFinite, abs(begun) <= 1e12 { header.begun = begun }
        return header
    }

    static func entry(_ s: JSONValue, seats: Int, at place: String) throws -> Entry {
        guard let status = s["status"].string, Step.Status(rawValue: status) != nil else {
            throw SavedGameError("\(place): a step needs a status")
        }
        var entry = Entry(input: nil, seat: 1, status: status)
        if s["input"] != .null {
            guard let input = s["input"].string, input.utf8.count <= InputLine.limit else {
                throw SavedGameError("\(place): 'input' is not a line of up to \(InputLine.limit) bytes")
            }
            entry.input = input
        }
        if s["seat"] != .null {
            guard let seat = s["seat"].int, seat >= 1, seat <= Int64(seats) else { throw SavedGameError("\(place): 'seat' is not one of the game's seats") }
            entry.seat = Int(seat)
        }
        entry.automatic = s["automatic"] == .bool(true)
        entry.over = s["over"] == .bool(true)
        for item in s["clock"].array ?? [] {
            guard let t = item.double, t.isFinite, abs(t) <= 1e12 else { throw SavedGameError("\(place): a clock reading is not a time") }
            entry.clock.append(t)
        }
        if s["reads"] != .null {
            guard let items = s["reads"].array, items.count <= 10_000 else { throw SavedGameError("\(place): 'reads' is not a list of score reads") }
            entry.reads = try items.map { item in
                guard let read = ScoreRead(item) else { throw SavedGameError("\(place): 'reads' holds what is not a read of the scores") }
                return read
            }
        }
        for item in s["seeds"].array ?? [] {
            guard let text = item.string, let seed = UInt64(text) else { throw SavedGameError("\(place): a seed is not a whole number") }
            entry.seeds.append(seed)
        }
        guard entry.seeds.count <= 100, entry.clock.count <= 100_000 else { throw SavedGameError("\(place): a step holds more than a step makes") }
        return entry
    }

    // MARK: Writing

    static func headerLine(_ h: Header) -> String {
        var fields: [String: JSONValue] = [
            "type": .string(formatName), "version": .int(1), "game": .string(h.game), "title": .string(h.title),
            "rule_hash": .string(h.ruleHash), "seed": .string(String(h.seed)),
            "options": .object(h.options.mapValues { .string($0) }),
            "seats": .array(h.seats.map { filler in
                switch filler {
                case .person(let name): .string("person:" + name)
                case .bot: .string("bot")
                case .random: .string("random")
                case .search: .string("search")
                case .program: .string("program")
                }
            }),
            "begun": .double(h.begun),
        ]
        if h.firstGame != 1 { fields["first_game"] = .int(Int64(h.firstGame)) }
        if let words = h.words { fields["words"] = .string(words) }
        if let n = h.minLength { fields["min_length"] = .int(Int64(n)) }
        if let n = h.maxLength { fields["max_length"] = .int(Int64(n)) }
        if h.practice { fields["practice"] = .bool(true) }
        if !h.liveClock { fields["live_clock"] = .bool(false) }
        if let thinking = h.thinking { fields["think"] = .string(thinking) }
        if h.coach { fields["coach"] = .bool(true) }
        if let date = h.daily { fields["daily"] = .string(date) }
        if !h.drawsSeeds { fields["draws_seeds"] = .bool(false) }
        if let fingerprint = h.wordsFingerprint { fields["words_fingerprint"] = .string(fingerprint) }
        return JSONValue.object(fields).encoded + "\n"
    }

    static func stepLine(_ e: Entry) -> String {
        var fields: [String: JSONValue] = ["status": .string(e.status)]
        if let input = e.input { fields["input"] = .string(input) }
        if e.seat != 1 { fields["seat"] = .int(Int64(e.seat)) }
        if e.automatic { fields["automatic"] = .bool(true) }
        if e.over { fields["over"] = .bool(true) }
        if !e.clock.isEmpty { fields["clock"] = .array(e.clock.map { .double($0) }) }
        if !e.reads.isEmpty { fields["reads"] = .array(e.reads.map(\.json)) }
        if !e.seeds.isEmpty { fields["seeds"] = .array(e.seeds.map { .string(String($0)) }) }
        return JSONValue.object(fields).encoded + "\n"
    }

    // MARK: Playing it again

    /// Plays the kept steps again on `driver` (a table set up from the header, its clock giving
    /// back `readings`), each with the score reads it made, no score written, and `recorder`
    /// keeping them again. Throws, naming the step, when the game does not come out as it did.
    public func replay(on driver: Driver, recorder: SavedGameRecorder) throws {
        let engine = driver.engine
        recorder.storedSeeds = steps.flatMap(\.seeds)
        engine.replaying = true
        defer { engine.replaying = false }
        let file = path.isEmpty ? "the game" : path
        for (k, expected) in steps.enumerated() {
            guard !driver.finished else { throw SavedGameError("\(file): step \(k + 1): the game ended before its kept steps did") }
            engine.replayScoreReads(expected.reads)
            recorder.replayedReads = expected.reads
            let step: Step?
            if k == 0 {
                step = driver.start()
            } else if expected.automatic {
                step = driver.playAutomatic()
            } else {
                step = driver.submit(expected.input ?? "", seat: expected.seat)
            }
            let readExactly = engine.endScoreReplay()
            let place = "\(file): step \(k + 1)"
            guard readExactly else { throw SavedGameError("\(place) read other scores than when it was played") }
            guard let step else { throw SavedGameError("\(place): the table's own move was not played again") }
            guard step.status.rawValue == expected.status, !expected.automatic || step.input == expected.input else {
                throw SavedGameError("\(place) came out otherwise than when it was played (the rule, its options or its files changed)")
            }
        }
        guard recorder.storedSeeds.isEmpty else { throw SavedGameError("\(file): the game drew fewer seeds than were kept") }
    }
}

/// A kept game that cannot be read or played again.
public struct SavedGameError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

// MARK: Where kept games live

extension SavedGame {
    /// The folder of kept games in a data folder.
    public static func folder(data: String) -> String { FileSystem.join(data, "saved") }

    /// The kept games in `folder`, the last played first (by the time each was written), the
    /// newest `Limits.files` of them, each read whole when small and as a summary when large
    /// (`SavedGame(path:)` reads one whole to take it up); and why each file that is no kept
    /// game (damaged, or not one at all) was passed over. A game left over, or left before
    /// its first move (a process that ended at a "play again?" or at once), is forgotten here,
    /// unless a window plays it.
    public static func scan(_ folder: String) -> (games: [SavedGame], unreadable: [String]) {
        var found: [SavedGame] = []
        var unreadable: [String] = []
        // A folder that is a link may lead anywhere: nothing in it is read.
        guard !FileSystem.isSymbolicLink(folder) else { return ([], ["\(folder): a symbolic link, which is not followed"]) }
        let files = FileSystem.list(folder).filter { $0.hasSuffix(fileSuffix) }.map { FileSystem.join(folder, $0) }
            .map { (path: $0, time: modified($0) ?? 0) }.sorted { $0.time > $1.time }.prefix(Limits.files)
        for (path, _) in files {
            guard !FileSystem.isSymbolicLink(path) else {
                unreadable.append("\(path): a symbolic link, which is not followed")
                continue
            }
            do {
                let game = try SavedGame(path: path, summaryOnly: (fileSize(path) ?? 0) > Limits.wholeInList)
                if game.lastGameOver || game.moves == 0, let lock = FileLock(path) {
                    _ = unlink(path)
                    withExtendedLifetime(lock) {}
                    continue
                }
                found.append(game)
            } catch {
                unreadable.append("\(error)")
            }
        }
        return (found, unreadable)
    }

    /// The kept games in `folder` that can be read, the last played first.
    public static func list(in folder: String) -> [SavedGame] { scan(folder).games }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static let fileSuffix = ".save"

    /// When the file was last written.
    public static func modified(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// A new file's name for `game` (its name, made safe for a file name), begun at `time`.
    public static func newPath(in folder: String, game: String, time: Double) -> String {
        let stem = String(FileSystem.stem(of: game).lowercased().unicodeScalars
            .map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" }.prefix(40))
        return FileSystem.join(folder, "\(stem.isEmpty ? "game" : stem)-\(Int64(time))-\(getpid())\(fileSuffix)")
    }
}

/// Keeps a session's steps as they are played (an observer of the table's driver): in memory,
/// to take a move back (`/undo` plays the steps before it again), and, for a game kept to be
/// taken up later, in a saved game's file. The file is held locked while the session lasts, so
/// a second window cannot take up the same game.
public final class SavedGameRecorder {
    public let header: SavedGame.Header
    /// The file the steps are kept in; nil: memory only.
    public private(set) var path: String?
    let clock: ResumingClock
    private weak var engine: GameEngine?
    private var file: OutputFile?
    /// The steps so far (the session's whole, up to `SavedGame.Limits`).
    private(set) var entries: [SavedGame.Entry] = []
    private var bytes = 0
    /// Seeds drawn in the step under way; seeds kept, given back before fresh ones.
    private var drawn: [UInt64] = []
    var storedSeeds: [UInt64] = []
    /// The score reads of the step being played again (a replay notes none of its own).
    var replayedReads: [ScoreRead]?
    /// Why the steps are no longer kept (a write failed, the game grew past the bounds).
    public private(set) var stopped: String?
    /// Whether the game's last step left a game over.
    public private(set) var lastGameOver = false

    /// Keeps the steps of a session with `header`, in `path` (nil: in memory only), reading
    /// `clock` for their readings.
    public init(path: String?, header: SavedGame.Header, clock: ResumingClock) {
        self.path = path
        self.header = header
        self.clock = clock
    }

    /// The session's seeds for its next games: each game's seed is kept with the step that drew
    /// it, and a resumed session draws the kept ones again first.
    public func drawSeed(fresh: @escaping () -> UInt64) -> () -> UInt64 {
        { [unowned self] in
            let seed = storedSeeds.isEmpty ? fresh() : storedSeeds.removeFirst()
            drawn.append(seed)
            return seed
        }
    }

    /// Notes the engine's score reads from now on, to keep them with the steps.
    public func attach(_ engine: GameEngine) {
        self.engine = engine
        engine.notesScoreReads = true
    }

    /// Opens the file (`path`, a new file) and writes what was kept so far. False, with
    /// `stopped` saying why, when it cannot be written or is played in another window.
    @discardableResult
    public func open() -> Bool {
        guard let path else { return true }
        return write(to: path)
    }

    /// Writes what was kept so far over the file at `path` (a game played again, kept anew): to
    /// a new file first, put in its place once whole, so the kept game is never lost on the way.
    @discardableResult
    public func reopen(replacing path: String) -> Bool {
        let fresh = path + ".new"
        _ = unlink(fresh)
        guard write(to: fresh) else { return false }
        guard rename(fresh, path) == 0 else {
            stop("cannot keep the game in \(path): \(String(cString: strerror(errno)))")
            return false
        }
        self.path = path
        return true
    }

    private func write(to target: String) -> Bool {
        do {
            // Reached from the data folder through real folders only: a kept games folder that
            // is a link is refused, not written through.
            let data = FileSystem.directory(of: FileSystem.directory(of: target))
            let file = try FileSystem.openForWriting(target, mode: .new, below: data)
            guard file.lockExclusively() else {
                stop("\(target) is being played in another window")
                return false
            }
            let text = SavedGame.headerLine(header) + entries.map(SavedGame.stepLine).joined()
            try file.write(text)
            bytes = text.utf8.count
            self.file = file
            path = target
            return true
        } catch {
            stop("cannot keep the game: \(error)")
            return false
        }
    }

    /// The driver's observer: keeps each step but leaving (which is no step to play again).
    public func note(_ step: Step) {
        let reads = replayedReads ?? engine?.takeScoreReads() ?? []
        replayedReads = nil
        let readings = clock.take()
        let seeds = drawn
        drawn = []
        guard stopped == nil, step.status != .quit else { return }
        lastGameOver = step.result != nil
        let entry = SavedGame.Entry(input: step.input, seat: step.seat ?? 1, automatic: step.automatic, clock: readings, reads: reads,
                                    seeds: seeds, status: step.status.rawValue, over: step.result != nil)
        entries.append(entry)
        // Bytes are counted only where they are written: a session kept in memory alone is
        // bounded by its steps.
        let line = file != nil || path != nil ? SavedGame.stepLine(entry) : ""
        bytes += line.utf8.count
        guard bytes <= SavedGame.Limits.fileBytes - 64 << 10, entries.count <= SavedGame.Limits.steps else {
            stop("the game is too long to keep (\(SavedGame.Limits.steps) steps or \(SavedGame.Limits.fileBytes >> 20) MB)")
            forget()
            return
        }
        guard let file else { return }
        do { try file.write(line) } catch {
            stop("cannot keep the game: \(error)")
            forget()
        }
    }

    private func stop(_ reason: String) {
        if stopped == nil { stopped = reason }
    }

    /// Removes the file (the game is over, or cannot be kept) and lets go of the steps.
    public func forget() {
        if file != nil, let path { _ = unlink(path) }
        file = nil
        entries = []
    }

    // MARK: Taking a move back

    /// Where `seat`'s last move of the game in play was kept: the steps before it are the
    /// game without that move (and without what followed it). Nil when the seat has made
    /// no move since the game began, or the steps are no longer kept.
    public func lastMove(of seat: Int) -> Int? {
        guard stopped == nil, let begun = entries.lastIndex(where: { $0.status == Step.Status.started.rawValue }) else { return nil }
        return entries.indices.last { k in
            k > begun && !entries[k].automatic && entries[k].seat == seat && entries[k].status == Step.Status.accepted.rawValue
        }
    }

    /// The kept game of the steps before `index` (for `path`, or in memory).
    public func game(before index: Int) -> SavedGame {
        SavedGame(path: path ?? "", header: header, steps: Array(entries[..<index]))
    }
}
