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

    public struct Step: Equatable {
        public var input: String?
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
    public var steps: [Step]

    public init(header: Header, steps: [Step]) {
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

    static func stepLine(_ s: Step) -> JSONValue {
        var fields: [String: JSONValue] = [
            "input": s.input.map { .string($0) } ?? .null, "clock": .array(s.clock.map { .double($0) }),
            "boards": .object(s.boards), "status": .string(s.status), "messages": .array(s.messages.map { .string($0) }),
            "bells": .int(Int64(s.bells)), "reason": s.reason.map { .string($0) } ?? .null, "view": .string(s.view),
            "result": s.result.map { .string($0) } ?? .null,
        ]
        if !s.records.isEmpty { fields["records"] = .object(s.records) }
        return .object(fields)
    }

    static func step(_ r: SessionDriver.Report) -> Step {
        Step(input: r.input, status: r.status.rawValue, messages: r.messages, bells: r.bells, reason: r.reason,
             view: r.showsView ? r.view : "", result: r.result?.summary)
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
            return Step(input: s["input"].string, clock: try Self.readings(s["clock"], at: "\(path):\(k + 1)"),
                        boards: s["boards"].object ?? [:], records: s["records"].object ?? [:], status: status,
                        messages: (s["messages"].array ?? []).compactMap(\.string), bells: try Self.bells(s["bells"], at: "\(path):\(k + 1)"),
                        reason: s["reason"].string, view: s["view"].string ?? "", result: s["result"].string)
        }
    }

    // MARK: Replaying

    /// The transcript recorded again with `rule` from the same start and inputs (an intended
    /// change to a game: review the difference before keeping it).
    public func rerecorded(rule: Rule, words: WordList?) throws -> String {
        try Transcript.record(rule: rule, game: header.game, seed: header.seed, options: header.options, words: words,
                              wordsName: header.words, inputs: steps.dropFirst().compactMap(\.input),
                              minLength: header.minLength, maxLength: header.maxLength, ascii: header.ascii)
    }

    /// Replays the transcript with `rule` and `words` and returns the first difference, or
    /// nil when every step matches.
    public func replay(rule: Rule, words: WordList?) throws -> String? {
        var boards: [String: Leaderboard] = [:]
        for step in steps { for (name, b) in step.boards { boards[name] = Self.leaderboard(b) } }
        var records: [String: JSONValue] = [:]
        for step in steps { for (name, value) in step.records { records[name] = value } }
        let clock = ReplayClock(header.clock + steps.flatMap(\.clock))
        let session = try GameSession(rule: rule, options: header.options, seed: header.seed, clock: clock,
                                      words: words, ascii: header.ascii, colour: header.colour, recordedBoards: boards,
                                      recordedRecords: records)
        session.ranked = !header.practice
        let driver = SessionDriver(session: session)
        for (k, expected) in steps.enumerated() {
            let report = k == 0 ? driver.start() : driver.handle(expected.input ?? "")
            var got = Self.step(report)
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

    static func difference(_ a: Step, _ b: Step) -> String? {
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
            return "the \(name) differs\n  recorded: \(shown(recorded))\n  now:      \(shown(now))"
        }
        return nil
    }
}

extension Transcript {
    /// Plays `inputs` in a fresh session (a manual clock; scores only in `scores`) and returns the
    /// transcript file's text. When `inputs` is nil, plays the first move `moves()` offers
    /// `autoMoves` times: a starter golden test for a new rule.
    public static func record(rule: Rule, game: String, seed: UInt64 = 1, options: [String: String] = [:],
                              words: WordList?, wordsName: String? = nil, inputs: [String]?, autoMoves: Int = 3,
                              scores: ScoreStore? = nil, minLength: Int? = nil, maxLength: Int? = nil, ascii: Bool = false) throws -> String {
        let clock = RecordingClock(ManualClock(at: 1_000_000))
        let session = try GameSession(rule: rule, options: options, seed: seed, clock: clock, words: words, scores: scores, ascii: ascii)
        var text = ""
        let header = Header(game: game, ruleHash: rule.contentHash, seed: seed, options: options, words: wordsName,
                            minLength: minLength, maxLength: maxLength, ascii: ascii)
        let recorder = TranscriptRecorder(SilentPresenter(), session: session, clock: clock, header: header) { text += $0 }
        var lines = inputs ?? []
        if inputs == nil {
            // Choose the moves ahead of time with a scratch session of the same seed.
            let scratch = try GameSession(rule: try Rule(path: rule.path, libraryDirectories: rule.libraryDirectories),
                                          options: options, seed: seed, clock: ManualClock(at: 1_000_000), words: words)
            try scratch.newGame()
            let bot = RandomSource(seed: seed)
            for _ in 0..<autoMoves {
                guard try scratch.result() == nil else { break }
                let moves = try scratch.moves()
                guard let move = try moves.listed.first ?? moves.text.map({ try scratch.freeTextCandidate($0, random: bot) }) else { break }
                _ = scratch.play(move)
                lines.append(move)
            }
        }
        let input = ScriptedLines(lines)
        _ = TextLoop.run(session, input: input, presenter: recorder)
        return text
    }
}

/// Shows nothing: for recording without a player.
final class SilentPresenter: Presenter {
    var prompt: String { "" }
    func begin(_ session: GameSession) {}
    func show(_ report: SessionDriver.Report) {}
    func end(reason: String) {}
}

/// Input lines from a list.
final class ScriptedLines: LineSource {
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
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

/// Shows a session through another presenter and writes its transcript as it goes.
public final class TranscriptRecorder: Presenter {
    let inner: Presenter
    let clock: RecordingClock
    let header: Transcript.Header
    let write: (String) -> Void
    private var boards: [String: JSONValue] = [:]
    private var records: [String: JSONValue] = [:]

    /// `write` receives each line of the transcript (the file is written line by line, so an
    /// interrupted game leaves a readable transcript of its steps so far).
    public init(_ inner: Presenter, session: GameSession, clock: RecordingClock, header: Transcript.Header, write: @escaping (String) -> Void) {
        self.inner = inner
        self.clock = clock
        self.header = header
        self.write = write
        session.onBoardLoad = { [unowned self] name, board in boards[name] = Transcript.json(board) }
        session.onRecordLoad = { [unowned self] name, value in records[name] = value }
    }

    public var prompt: String { inner.prompt }
    public var machineView: SessionDriver.MachineView { inner.machineView }

    public func begin(_ session: GameSession) {
        var h = header
        h.clock = clock.take()
        write(Transcript.headerLine(h).encoded + "\n")
        inner.begin(session)
    }

    public func show(_ report: SessionDriver.Report) {
        var step = Transcript.step(report)
        step.clock = clock.take()
        step.boards = boards
        step.records = records
        boards = [:]
        records = [:]
        write(Transcript.stepLine(step).encoded + "\n")
        inner.show(report)
    }

    public func end(reason: String) { inner.end(reason: reason) }
}
