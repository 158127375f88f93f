import GameCore
import GamePresenters
import GameRules
import GameRuntime
import GameStorage

/// A recorded game (`gamehost play --record FILE`), replayed and checked by `gamehost replay
/// FILE` and by the test suite for `rules/tests/*.transcript`. JSON Lines: a header with the
/// game, the rule file's hash, the seed, the options and word list, then one line per step
/// with the input, the clock readings the step made, and what the player saw. Leaderboards the
/// game read are recorded too, so a replay ranks against the same boards.
public struct Transcript {
    public struct Header {
        public var game: String
        public var ruleHash: String
        public var seed: UInt64
        public var options: [String: String]
        public var words: String?
        public var minLength: Int?
        public var maxLength: Int?
        /// How the views were drawn: with `--ascii`, and with colour codes.
        public var ascii = false
        public var colour = false
        /// A practice run (seeded or scripted): its scores were not ranked.
        public var practice = false
        public var clock: [Double]
        /// The seating: who filled each seat (`person`, `program`, `bot`, `random`; nil: one
        /// person and the rule's bots, as `play` seats a game by default), and the seat whose
        /// view was recorded.
        public var fillers: [String]?
        /// Each seat's person's name ("" for none), where a person had one: what the rule's
        /// `game.name` said, so a replay's messages and views name the same people.
        public var names: [String]?
        public var seat = 1

        public init(game: String, ruleHash: String, seed: UInt64, options: [String: String], words: String?,
                    minLength: Int?, maxLength: Int? = nil, ascii: Bool = false, colour: Bool = false, clock: [Double] = []) {
            self.ascii = ascii
            self.colour = colour
            self.game = game
            self.ruleHash = ruleHash
            self.seed = seed
            self.options = options
            self.words = words
            self.minLength = minLength
            self.maxLength = maxLength
            self.clock = clock
        }
    }

    /// One step as recorded: the input that made it, and what the player saw.
    public struct Entry: Equatable {
        public var input: String?
        /// The seat that gave the input (nil: seat 1), and whether the table's own player did.
        public var seat: Int?
        public var automatic = false
        public var clock: [Double] = []
        public var boards: [String: JSONValue] = [:]
        /// Saved records the step read first (`game.scores.load`), so a replay reads the same.
        public var records: [String: JSONValue] = [:]
        public var status: String
        public var messages: [String]
        public var bells: Int
        public var reason: String?
        public var view: String
        public var result: String?
    }

    public var header: Header
    public var steps: [Entry]

    public init(header: Header, steps: [Entry]) {
        self.header = header
        self.steps = steps
    }

    // MARK: Writing

    /// The `type` of a transcript's first line.
    static let headerType = "gamehost-transcript"

    /// Whether `line` is a transcript's first line (what `--record` may write over).
    public static func isHeaderLine(_ line: String) -> Bool {
        (try? JSONValue(parsing: line))?["type"].string == headerType
    }

    static func headerLine(_ h: Header) -> JSONValue {
        var fields: [String: JSONValue] = [
            "type": .string(headerType), "version": .int(1), "game": .string(h.game),
            "rule_hash": .string(h.ruleHash), "seed": .string(String(h.seed)),
            "options": .object(h.options.mapValues { .string($0) }), "clock": .array(h.clock.map { .double($0) }),
        ]
        fields["words"] = h.words.map { .string($0) } ?? .null
        if h.ascii { fields["ascii"] = .bool(true) }
        if h.colour { fields["colour"] = .bool(true) }
        if h.practice { fields["practice"] = .bool(true) }
        if let fillers = h.fillers { fields["seats"] = .array(fillers.map { .string($0) }) }
        if let names = h.names, names.contains(where: { !$0.isEmpty }) { fields["names"] = .array(names.map { .string($0) }) }
        if h.seat != 1 { fields["seat"] = .int(Int64(h.seat)) }
        fields["min_length"] = h.minLength.map { .int(Int64($0)) } ?? .null
        if let max = h.maxLength { fields["max_length"] = .int(Int64(max)) }
        return .object(fields)
    }

    static func stepLine(_ s: Entry) -> JSONValue {
        var fields: [String: JSONValue] = [
            "input": s.input.map { .string($0) } ?? .null, "clock": .array(s.clock.map { .double($0) }),
            "boards": .object(s.boards), "status": .string(s.status), "messages": .array(s.messages.map { .string($0) }),
            "bells": .int(Int64(s.bells)), "reason": s.reason.map { .string($0) } ?? .null, "view": .string(s.view),
            "result": s.result.map { .string($0) } ?? .null,
        ]
        if !s.records.isEmpty { fields["records"] = .object(s.records) }
        if let seat = s.seat, seat != 1 { fields["seat"] = .int(Int64(seat)) }
        if s.automatic { fields["automatic"] = .bool(true) }
        return .object(fields)
    }

    /// A step as a transcript keeps it, as seat `seat` saw it.
    static func entry(_ r: Step, seat: Int) -> Entry {
        Entry(input: r.input, seat: r.seat == 1 ? nil : r.seat, status: r.status.rawValue, messages: r.messages(for: seat),
              bells: r.bells, reason: r.reason, view: r.showsView ? r.view(of: seat).view : "", result: r.result?.summary)
    }

    static func json(_ board: Leaderboard) -> JSONValue {
        .object(["order": .string(board.order.rawValue), "unit": .string(board.unit),
                 "values": .array(board.entries.map { .double($0.value) })])
    }

    static func leaderboard(_ v: JSONValue) -> Leaderboard {
        Leaderboard(order: Leaderboard.Order(rawValue: v["order"].string ?? "") ?? .higher, unit: v["unit"].string ?? "",
                    entries: (v["values"].array ?? []).compactMap { $0.double.map { .init(value: $0) } })
    }

    // MARK: Reading

    /// What a transcript may hold, as bounded as a live session is (a transcript is shared
    /// like a rule file, so it is read as text from anyone): past a bound, reading stops with
    /// one message naming the file and the line.
    public enum Limits {
        /// The whole file: a game of thousands of steps is far smaller.
        public static let fileBytes = 8 << 20
        /// One line: a step's view (1 MB at most) and its messages, as JSON.
        public static let lineBytes = 4 << 20
        /// Steps, the start included: as many as `sim` plays in a game by default.
        public static let steps = 50_000
        /// The game or word list named in the header (a name, or a path beside the transcript).
        public static let nameBytes = 4096
        /// Records and boards a session read, and the entries of one board, as a live session
        /// reads them from the score store.
        public static let records = ScoreStore.recordsPerGame
        public static let boardEntries = ScoreStore.boardLimit
    }

    /// A step's bell count as recorded: a whole number a step can ring (0 to 1,000).
    static func bells(_ value: JSONValue, at place: String) throws -> Int {
        if value == .null { return 0 }
        guard let n = value.int, (0...1000).contains(n) else { throw TranscriptError("\(place): 'bells' is not a count of bells") }
        return Int(n)
    }

    /// Clock readings as recorded: finite times a clock can give (no trap on 1e300).
    static func readings(_ value: JSONValue, at place: String) throws -> [Double] {
        guard let items = value.array else { return [] }
        return try items.map { item in
            guard let t = item.double, t.isFinite, abs(t) <= 1e12 else {
                throw TranscriptError("\(place): a clock reading is not a time")
            }
            return t
        }
    }

    /// A text field no longer than `limit` bytes, as a live session would have made it.
    static func text(_ value: JSONValue, _ field: String, limit: Int, at place: String) throws -> String? {
        guard let text = value.string else { return nil }
        guard text.utf8.count <= limit else {
            throw TranscriptError("\(place): '\(field)' has \(text.utf8.count) bytes; a live session gives it \(limit) at most")
        }
        return text
    }

    /// Boards or records read in a step, by name: names as long as a rule may give, values
    /// no bigger than the score store keeps.
    static func named(_ value: JSONValue, _ field: String, at place: String, check: (JSONValue) -> String?) throws -> [String: JSONValue] {
        guard let fields = value.object else { return [:] }
        guard fields.count <= Limits.records else {
            throw TranscriptError("\(place): '\(field)' names \(fields.count) entries; a session reads \(Limits.records) at most")
        }
        for (name, item) in fields {
            guard name.utf8.count <= GameAPI.boardNameLimit else {
                throw TranscriptError("\(place): '\(field)' has a name of \(name.utf8.count) bytes; a rule's names have \(GameAPI.boardNameLimit) at most")
            }
            if let problem = check(item) { throw TranscriptError("\(place): '\(field)': \(problem)") }
        }
        return fields
    }

    static func boardProblem(_ board: JSONValue) -> String? {
        let count = board["values"].array?.count ?? 0
        return count <= Limits.boardEntries ? nil : "a board of \(count) entries; a board is read \(Limits.boardEntries) at most"
    }

    static func recordProblem(_ record: JSONValue) -> String? {
        let size = record.encoded.utf8.count
        return size <= ScoreStore.recordLimit ? nil : "a record of \(size) bytes; a record may have \(ScoreStore.recordLimit >> 10) KB"
    }

    /// Reads a transcript file; a malformed one, or one past a bound (`Limits`), is an error
    /// naming its line. The file is read a line at a time, never more than its bound.
    public init(path: String) throws {
        var header: Header?
        var steps: [Entry] = []
        let bounds = FileSystem.LineBounds(lineBytes: Limits.lineBytes, lines: Limits.steps + 1, totalBytes: Limits.fileBytes)
        do {
            try FileSystem.readLines(path, bounds: bounds) { number, bytes in
                let place = "\(path):\(number)"
                let line: JSONValue
                do { line = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self)) } catch { throw TranscriptError("\(place): \(error)") }
                if header == nil {
                    header = try Self.header(line, at: place)
                } else {
                    steps.append(try Self.step(line, at: place))
                }
            }
        } catch let error as FileError {
            throw TranscriptError(error.description)
        }
        guard let header else { throw TranscriptError("\(path): the file is empty") }
        self.header = header
        self.steps = steps
    }

    static func header(_ h: JSONValue, at place: String) throws -> Header {
        guard h["type"].string == headerType, let game = h["game"].string,
              let seedText = h["seed"].string, let seed = UInt64(seedText) else {
            throw TranscriptError("\(place): not a gamehost transcript header")
        }
        guard game.utf8.count <= Limits.nameBytes else { throw TranscriptError("\(place): 'game' has \(game.utf8.count) bytes; a game is named in \(Limits.nameBytes) at most") }
        let options = (h["options"].object ?? [:]).compactMapValues(\.string)
        guard options.count <= OptionSpec.optionLimit,
              options.allSatisfy({ $0.key.utf8.count <= InputLine.limit && $0.value.utf8.count <= InputLine.limit }) else {
            throw TranscriptError("\(place): 'options' holds more than a rule's \(OptionSpec.optionLimit) options of \(InputLine.limit) bytes")
        }
        var header = Header(game: game, ruleHash: try text(h["rule_hash"], "rule_hash", limit: 64, at: place) ?? "", seed: seed,
                            options: options, words: try text(h["words"], "words", limit: Limits.nameBytes, at: place),
                            minLength: h["min_length"].int.map(Int.init), maxLength: h["max_length"].int.map(Int.init), ascii: h["ascii"] == .bool(true),
                            colour: h["colour"] == .bool(true), clock: try readings(h["clock"], at: place))
        header.practice = h["practice"] == .bool(true)
        if h["seats"] != .null {
            guard let seats = h["seats"].array, (1...SeatRange.limit).contains(seats.count),
                  case let fillers = seats.compactMap(\.string), fillers.count == seats.count,
                  fillers.allSatisfy(Self.fillerNames.contains) else {
                throw TranscriptError("\(place): 'seats' must list 1 to \(SeatRange.limit) seats, each person, program, bot or random")
            }
            header.fillers = fillers
        }
        if h["names"] != .null {
            guard let items = h["names"].array, items.count == header.fillers?.count,
                  case let names = items.compactMap(\.string), names.count == items.count,
                  names.allSatisfy({ $0.utf8.count <= Limits.nameBytes && PlayerName.clean($0) == $0 }) else {
                throw TranscriptError("\(place): 'names' must give each of the transcript's seats a name of one line of visible text (or \"\")")
            }
            header.names = names
        }
        if h["seat"] != .null {
            guard let seat = h["seat"].int, seat >= 1, seat <= Int64(header.fillers?.count ?? 1) else {
                throw TranscriptError("\(place): 'seat' must be one of the transcript's seats")
            }
            header.seat = Int(seat)
        }
        return header
    }

    static let fillerNames: Set<String> = ["person", "program", "bot", "random", "search"]

    /// How a transcript names a seat's filler.
    public static func fillerName(_ filler: Table.Filler) -> String {
        switch filler {
        case .person: "person"
        case .program: "program"
        case .bot: "bot"
        case .random: "random"
        case .search: "search"
        }
    }

    /// The table's fillers for a replay: the table's own players as they were, and every
    /// seat that gave inputs (a person, a program) played from the transcript.
    var tableFillers: [Table.Filler]? { header.fillers.map { Self.tableFillers($0, names: header.names) } }

    /// The table's fillers for seats named as a header names them (`fillerName`).
    static func tableFillers(_ fillers: [String], names: [String]?) -> [Table.Filler] {
        fillers.enumerated().map { k, filler in
            switch filler {
            case "bot": .bot
            case "random": .random
            case "search": .search
            default: .person(names.map { $0[k] } ?? "")
            }
        }
    }

    static func step(_ s: JSONValue, at place: String) throws -> Entry {
        guard let status = try text(s["status"], "status", limit: 64, at: place) else { throw TranscriptError("\(place): a step needs a status") }
        let seat = s["seat"].int.flatMap { (1...Int64(SeatRange.limit)).contains($0) ? Int($0) : nil }
        return Entry(input: try text(s["input"], "input", limit: InputLine.limit, at: place), seat: seat, automatic: s["automatic"] == .bool(true),
                     clock: try readings(s["clock"], at: place),
                     boards: try named(s["boards"], "boards", at: place, check: boardProblem),
                     records: try named(s["records"], "records", at: place, check: recordProblem), status: status,
                     messages: (s["messages"].array ?? []).compactMap(\.string), bells: try bells(s["bells"], at: place),
                     reason: s["reason"].string, view: try text(s["view"], "view", limit: GameEngine.viewLimit, at: place) ?? "",
                     result: s["result"].string)
    }

    // MARK: Replaying

    /// The engine settings the transcript was recorded with, for `rule` and `words`.
    func settings(words: WordList?, clock: Clock) -> EngineSettings {
        var boards: [String: Leaderboard] = [:]
        for step in steps { for (name, b) in step.boards { boards[name] = Self.leaderboard(b) } }
        var records: [String: JSONValue] = [:]
        for step in steps { for (name, value) in step.records { records[name] = value } }
        var settings = EngineSettings()
        settings.options = header.options
        settings.seed = header.seed
        settings.clock = clock
        settings.words = words
        settings.ascii = header.ascii
        settings.colour = header.colour
        settings.recordedBoards = boards
        settings.recordedRecords = records
        settings.practice = header.practice
        settings.seats = header.fillers?.count
        return settings
    }

    /// The transcript recorded again with `rule` from the same start and inputs (an intended
    /// change to a game: review the difference before keeping it).
    public func rerecorded(rule: LoadedRule, words: WordList?) throws -> String {
        if let fillers = header.fillers, fillers.count > 1 || header.seat != 1 {
            throw TranscriptError("replay --update records again a game of one seat; this one has \(fillers.count) (record it again with play --record)")
        }
        return try Transcript.record(rule: rule, game: header.game, seed: header.seed, options: header.options, words: words,
                              wordsName: header.words, inputs: steps.dropFirst().filter { !$0.automatic }.compactMap(\.input),
                              minLength: header.minLength, maxLength: header.maxLength, ascii: header.ascii, practice: header.practice,
                              seating: header.fillers.map { ($0, header.names) })
    }

    /// Replays the transcript with `rule` and `words` and returns the first difference, or
    /// nil when every step matches.
    public func replay(rule: LoadedRule, words: WordList?) throws -> String? {
        let engine = try GameEngine(rule: rule, settings: settings(words: words, clock: ReplayClock(header.clock + steps.flatMap(\.clock))))
        let driver = Driver(table: Table(engine: engine, fillers: tableFillers))
        for (k, expected) in steps.enumerated() {
            let step: Step
            if k == 0 {
                step = driver.start()
            } else if expected.automatic {
                guard let automatic = driver.playAutomatic() else { return "step \(k): the recorded move of seat \(expected.seat ?? 1)'s player was not played" }
                step = automatic
            } else if expected.input == nil && expected.status == Step.Status.quit.rawValue {
                // The input ended in the middle of a game, and the rule finished it (`leave`).
                guard let left = driver.leave(.eof, seat: expected.seat ?? 1) else { return "step \(k): the rule's leave made no step" }
                step = left
            } else {
                step = driver.submit(expected.input ?? "", seat: expected.seat ?? 1)
            }
            var got = Self.entry(step, seat: header.seat)
            got.automatic = expected.automatic
            got.clock = expected.clock
            got.boards = expected.boards
            got.records = expected.records
            if let difference = Self.difference(expected, got) {
                let input = expected.input.map { " (input \"\($0.utf8.count > 200 ? String(decoding: $0.utf8.prefix(200), as: UTF8.self) + "…" : $0)\")" } ?? " (the start)"
                return "step \(k)\(input): \(difference)"
            }
        }
        return nil
    }

    static func difference(_ a: Entry, _ b: Entry) -> String? {
        func show(_ x: Any?) -> String { x.map { "\($0)" } ?? "nothing" }
        // Each field with the verb it takes: "the messages differ", "the status differs".
        let fields: [(String, String, String)] = [
            ("status differs", a.status, b.status),
            ("messages differ", a.messages.joined(separator: "\n"), b.messages.joined(separator: "\n")),
            ("bells differ", String(a.bells), String(b.bells)),
            ("reason differs", show(a.reason), show(b.reason)),
            ("view differs", a.view, b.view),
            ("result differs", show(a.result), show(b.result)),
        ]
        // Shown at most 2 KB each: a difference is read by a person.
        func shown(_ text: String) -> String {
            let cut = text.utf8.count > 2048 ? String(decoding: text.utf8.prefix(2048), as: UTF8.self) + "… (\(text.utf8.count - 2048) more bytes)" : text
            return cut.replacing("\n", with: "\n            ")
        }
        for (what, recorded, now) in fields where recorded != now {
            return "the \(what)\n  recorded: \(shown(recorded))\n  now:      \(shown(now))"
        }
        return nil
    }
}

extension Transcript {
    /// Plays `inputs` in a fresh session (a manual clock; scores only in `scores`) and returns the
    /// transcript file's text. When `inputs` is nil, plays the first move `moves()` offers
    /// `autoMoves` times: a starter golden test for a new rule.
    public static func record(rule: LoadedRule, game: String, seed: UInt64 = 1, options: [String: String] = [:],
                              words: WordList?, wordsName: String? = nil, inputs: [String]?, autoMoves: Int = 3,
                              scores: ScoreStore? = nil, minLength: Int? = nil, maxLength: Int? = nil, ascii: Bool = false,
                              practice: Bool = false,
                              seating: (fillers: [String], names: [String]?)? = nil) throws -> String {
        let clock = RecordingClock(StepClock(at: EngineSettings.manualEpoch))
        var settings = EngineSettings()
        settings.options = options
        settings.seed = seed
        settings.words = words
        settings.scores = scores
        settings.ascii = ascii
        // A practice run recorded again stays one: its messages ("not ranked") are part of it.
        settings.practice = practice
        var lines = inputs ?? []
        if inputs == nil {
            // Choose the moves ahead of time with a scratch engine of the same seed.
            let scratch = try GameEngine(rule: try rule.reloaded(), settings: settings)
            defer { scratch.close() }
            try scratch.newGame()
            let player = RandomPlayer(seed: seed)
            for _ in 0..<autoMoves {
                guard try scratch.result() == nil else { break }
                let moves = try scratch.moves()
                guard let move = try moves.listed.first ?? (moves.text != nil ? player.move(in: scratch, seat: 1).input : nil) else { break }
                _ = scratch.play(move)
                lines.append(move)
            }
        }
        settings.clock = clock
        let engine = try GameEngine(rule: rule, settings: settings)
        var text = ""
        var header = Header(game: game, ruleHash: rule.info.contentHash, seed: seed, options: options, words: wordsName,
                            minLength: minLength, maxLength: maxLength, ascii: ascii)
        header.practice = practice
        // Recorded again, a transcript keeps who sat where and their names (the views say them).
        if let seating {
            header.fillers = seating.fillers
            header.names = seating.names
        }
        let recorder = TranscriptRecorder(SilentPresenter(), engine: engine, clock: clock, header: header) { text += $0 }
        let table = seating.map { Table(engine: engine, fillers: tableFillers($0.fillers, names: $0.names)) } ?? Table(engine: engine)
        _ = SessionLoop.run(table, input: ScriptedLines(lines), presenter: recorder)
        return text
    }
}

// MARK: Where the named files are

extension Transcript {
    /// What a transcript's header names for its rule or its word list, as `replay` takes it: a
    /// name, for the installed games or lists to look up, or a file in the transcript's own
    /// folder tree.
    public enum Reference: Equatable {
        case name(String)
        case file(String)
    }

    /// Takes the header's `game` (`field` "game", files ending ".lua") or `words` ("words",
    /// ".txt") as a name or as a file in the transcript's folder tree, never elsewhere: a
    /// transcript is shared like a rule, and its header must not make `replay` print, run or
    /// rewrite a file of the player's (`../../etc/passwd`, `~/.ssh/id_rsa`, a link out).
    ///
    /// - A bare name (no `/`, not ending in `suffix`) is a name.
    /// - A relative path with no `..` and no `~` is looked for in the transcript's folder.
    /// - Otherwise, or when that file is missing, only its last part counts: the file of that
    ///   name in the transcript's folder, or in the folder above it (a rule keeps its tests in
    ///   `tests/`, and `play FILE --record tests/T` names the rule `../FILE`).
    /// - Symbolic links are resolved, and the file must still lie in the folder it was found in.
    public static func reference(_ name: String, field: String, suffix: String, transcript: String) throws -> Reference {
        let place = "\(transcript):1"
        let shown = name.utf8.count > 200 ? String(decoding: name.utf8.prefix(200), as: UTF8.self) + "…" : name
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else {
            throw TranscriptError("\(place): '\(field)' is neither a name nor a file name")
        }
        guard name.contains("/") || name.hasSuffix(suffix) else { return .name(name) }
        let folder = FileSystem.directory(of: transcript)
        guard let home = FileSystem.realPath(folder) else { throw TranscriptError("\(place): the transcript's folder \(folder) cannot be read") }
        let parts = name.split(separator: "/")
        let local = !name.hasPrefix("/") && !name.hasPrefix("~") && !parts.contains("..")
        var tries: [(path: String, root: String)] = []
        if local { tries.append((FileSystem.join(home, name), home)) }
        if let last = parts.last, last != ".", last != ".." {
            tries.append((FileSystem.join(home, String(last)), home))
            let above = FileSystem.directory(of: home)
            if above != home { tries.append((FileSystem.join(above, String(last)), above)) }
        }
        for (path, root) in tries {
            guard let resolved = FileSystem.realPath(path) else { continue }
            // A link in any part of the path is followed here, and what it leads to must still
            // be in the folder: a link out is refused, not skipped, so the player hears of it.
            guard FileSystem.isInside(resolved, root), FileSystem.isFile(resolved) else {
                throw TranscriptError("\(place): the \(field) '\(shown)' leads out of \(root) (through a symbolic link) or is not a file: it is not read")
            }
            return .file(resolved)
        }
        throw TranscriptError("""
            \(place): the \(field) '\(shown)' is not a file in the transcript's folder \(home) or the folder above it; \
            a transcript names its \(field) by name, or by a file beside it, and is never followed anywhere else
            """)
    }
}

/// A transcript that cannot be read.
public struct TranscriptError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Gives back recorded clock readings in order (the last one again when they run out).
final class ReplayClock: Clock {
    private var readings: [Double]
    private var next = 0
    init(_ readings: [Double]) { self.readings = readings }
    func now() -> Double {
        guard !readings.isEmpty else { return 0 }
        defer { next += 1 }
        return readings[min(next, readings.count - 1)]
    }
}

/// A clock that notes each reading it gives, for a transcript.
public final class RecordingClock: Clock {
    private let base: Clock
    private var readings: [Double] = []
    public init(_ base: Clock) { self.base = base }
    public func inputArrives() { base.inputArrives() }
    public func gameStarts() { base.gameStarts() }
    public func now() -> Double {
        let t = base.now()
        readings.append(t)
        return t
    }
    /// The readings since the last call.
    public func take() -> [Double] {
        defer { readings = [] }
        return readings
    }
}

/// Shows a table through another presenter and writes its transcript as it goes.
public final class TranscriptRecorder: Presenter {
    let inner: Presenter
    let clock: RecordingClock
    let header: Transcript.Header
    let write: (String) -> Void
    /// The seat whose view is recorded.
    public var seat = 1
    private var boards: [String: JSONValue] = [:]
    private var records: [String: JSONValue] = [:]

    /// `write` receives each line of the transcript (the file is written line by line, so an
    /// interrupted game leaves a readable transcript of its steps so far).
    public init(_ inner: Presenter, engine: GameEngine, clock: RecordingClock, header: Transcript.Header, write: @escaping (String) -> Void) {
        self.inner = inner
        self.clock = clock
        self.header = header
        self.write = write
        engine.onBoardLoad = { [unowned self] name, board in boards[name] = Transcript.json(board) }
        engine.onRecordLoad = { [unowned self] name, value in records[name] = value }
    }

    public var prompt: String { inner.prompt }
    public var machineView: Table.MachineView { inner.machineView }

    public func begin(_ info: RuleInfo) {
        var h = header
        h.clock = clock.take()
        write(Transcript.headerLine(h).encoded + "\n")
        inner.begin(info)
    }

    public func show(_ step: Step) {
        var entry = Transcript.entry(step, seat: seat)
        entry.automatic = step.automatic
        entry.clock = clock.take()
        entry.boards = boards
        entry.records = records
        boards = [:]
        records = [:]
        write(Transcript.stepLine(entry).encoded + "\n")
        inner.show(step)
    }

    public func end(reason: Table.EndReason) { inner.end(reason: reason) }
}
