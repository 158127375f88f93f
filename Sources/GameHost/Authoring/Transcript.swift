import GameCore

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

    static func headerLine(_ h: Header) -> JSONValue {
        var fields: [String: JSONValue] = [
            "type": .string("gamehost-transcript"), "version": .int(1), "game": .string(h.game),
            "rule_hash": .string(h.ruleHash), "seed": .string(String(h.seed)),
            "options": .object(h.options.mapValues { .string($0) }), "clock": .array(h.clock.map { .double($0) }),
        ]
        fields["words"] = h.words.map { .string($0) } ?? .null
        if h.ascii { fields["ascii"] = .bool(true) }
        if h.colour { fields["colour"] = .bool(true) }
        if h.practice { fields["practice"] = .bool(true) }
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

    /// Reads a transcript file; a malformed one is an error naming its line.
    /// The largest transcript read (a game of thousands of steps is far smaller).
    public static let fileLimit = 8 << 20

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

    public init(path: String) throws {
        let lines = String(decoding: try FileSystem.read(path, limit: Self.fileLimit), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
        func parse(_ k: Int) throws -> JSONValue {
            do { return try JSONValue(parsing: String(lines[k])) } catch { throw TranscriptError("\(path):\(k + 1): \(error)") }
        }
        guard !lines.isEmpty else { throw TranscriptError("\(path): the file is empty") }
        let h = try parse(0)
        guard h["type"].string == "gamehost-transcript", let game = h["game"].string,
              let seedText = h["seed"].string, let seed = UInt64(seedText) else {
            throw TranscriptError("\(path):1: not a gamehost transcript header")
        }
        header = Header(game: game, ruleHash: h["rule_hash"].string ?? "", seed: seed,
                        options: (h["options"].object ?? [:]).compactMapValues(\.string), words: h["words"].string,
                        minLength: h["min_length"].int.map(Int.init), maxLength: h["max_length"].int.map(Int.init), ascii: h["ascii"] == .bool(true),
                        colour: h["colour"] == .bool(true), clock: try Self.readings(h["clock"], at: "\(path):1"))
        header.practice = h["practice"] == .bool(true)
        steps = try (1..<lines.count).map { k in
            let s = try parse(k)
            guard let status = s["status"].string else { throw TranscriptError("\(path):\(k + 1): a step needs a status") }
            let seat = s["seat"].int.flatMap { (1...Int64(SeatRange.limit)).contains($0) ? Int($0) : nil }
            return Entry(input: s["input"].string, seat: seat, automatic: s["automatic"] == .bool(true), clock: try Self.readings(s["clock"], at: "\(path):\(k + 1)"),
                        boards: s["boards"].object ?? [:], records: s["records"].object ?? [:], status: status,
                        messages: (s["messages"].array ?? []).compactMap(\.string), bells: try Self.bells(s["bells"], at: "\(path):\(k + 1)"),
                        reason: s["reason"].string, view: s["view"].string ?? "", result: s["result"].string)
        }
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
        return settings
    }

    /// The transcript recorded again with `rule` from the same start and inputs (an intended
    /// change to a game: review the difference before keeping it).
    public func rerecorded(rule: LoadedRule, words: WordList?) throws -> String {
        try Transcript.record(rule: rule, game: header.game, seed: header.seed, options: header.options, words: words,
                              wordsName: header.words, inputs: steps.dropFirst().filter { !$0.automatic }.compactMap(\.input),
                              minLength: header.minLength, maxLength: header.maxLength, ascii: header.ascii)
    }

    /// Replays the transcript with `rule` and `words` and returns the first difference, or
    /// nil when every step matches.
    public func replay(rule: LoadedRule, words: WordList?) throws -> String? {
        let engine = try GameEngine(rule: rule, settings: settings(words: words, clock: ReplayClock(header.clock + steps.flatMap(\.clock))))
        let table = Table(engine: engine)
        for (k, expected) in steps.enumerated() {
            let step: Step
            if k == 0 {
                step = table.start()
            } else if expected.automatic {
                guard let automatic = table.nextAutomaticStep() else { return "step \(k): the recorded move of seat \(expected.seat ?? 1)'s player was not played" }
                step = automatic
            } else {
                step = table.handle(expected.input ?? "", seat: expected.seat ?? 1)
            }
            var got = Self.entry(step, seat: 1)
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
        let fields: [(String, String, String)] = [
            ("status", a.status, b.status),
            ("messages", a.messages.joined(separator: "\n"), b.messages.joined(separator: "\n")),
            ("bells", String(a.bells), String(b.bells)),
            ("reason", show(a.reason), show(b.reason)),
            ("view", a.view, b.view),
            ("result", show(a.result), show(b.result)),
        ]
        // Shown at most 2 KB each: a difference is read by a person.
        func shown(_ text: String) -> String {
            let cut = text.utf8.count > 2048 ? String(decoding: text.utf8.prefix(2048), as: UTF8.self) + "… (\(text.utf8.count - 2048) more bytes)" : text
            return cut.replacing("\n", with: "\n            ")
        }
        for (name, recorded, now) in fields where recorded != now {
            return "the \(name) \(name.hasSuffix("s") ? "differ" : "differs")\n  recorded: \(shown(recorded))\n  now:      \(shown(now))"
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
                              scores: ScoreStore? = nil, minLength: Int? = nil, maxLength: Int? = nil, ascii: Bool = false) throws -> String {
        let clock = RecordingClock(StepClock(at: EngineSettings.manualEpoch))
        var settings = EngineSettings()
        settings.options = options
        settings.seed = seed
        settings.words = words
        settings.scores = scores
        settings.ascii = ascii
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
        let header = Header(game: game, ruleHash: rule.info.contentHash, seed: seed, options: options, words: wordsName,
                            minLength: minLength, maxLength: maxLength, ascii: ascii)
        let recorder = TranscriptRecorder(SilentPresenter(), engine: engine, clock: clock, header: header) { text += $0 }
        _ = SessionLoop.run(Table(engine: engine), input: ScriptedLines(lines), presenter: recorder)
        return text
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
