// A test file needs only `import GameHostTesting`: the types its assertions use come with it.
@_exported import GameCore
@_exported import GameRules
@_exported import GameRuntime
@_exported import GameStorage
@_exported import LuaKit
import XCTest

/// Drives a rule file from XCTest through the same engine and table as every other mode: a
/// session with options, a seed, scripted chance and a manual clock; send inputs (for any
/// seat) and assert on state, output, each seat's view and observation, and the result.
/// Assertion failures show the transcript so far.
public final class RuleTester {
    public let engine: GameEngine
    public let table: Table
    /// The table's driver, as every mode drives a table: each step it makes is recorded.
    public let driver: Driver
    public let clock: ManualClock
    /// Every step so far, as a player would have seen it.
    public private(set) var transcript: [String] = []
    /// The latest step.
    public private(set) var last: Step

    /// How a tester starts: set any of these, in any order, and pass it to
    /// `RuleTester(path, config)`.
    public struct Config {
        public var options: [String: String] = [:]
        public var seed: UInt64 = 1
        /// The first random outcomes (see `force`), shuffles by position (`forceShuffle`) or by
        /// the cards on top (`forceDeck`), picks by value (`forcePick`) and words.
        public var force: [Int] = []
        public var forceShuffles: [[Int]] = []
        public var forceDecks: [[String]] = []
        public var forcePicks: [String] = []
        public var forceWords: [String] = []
        /// A word list given inline (one entry a line, as in a list file), or a list's name or
        /// path; else the rule's default list.
        public var words: [String]?
        public var wordList: String?
        /// Where leaderboards and records persist across testers (nil: this session only).
        public var scores: ScoreStore?
        public var ascii = false
        /// A practice session (seeded or scripted at the command line): scores kept apart,
        /// never ranked, and records read but not changed.
        public var practice = false
        /// Seats at the table (nil: the fewest the rule takes); the seats the rule's bot plays
        /// (the test gives every other seat's inputs).
        public var seats: Int?
        public var botSeats: Set<Int> = []
        /// The names of the people in seats (`game.name(seat)`; a seat not named is `Seat N`).
        public var names: [Int: String] = [:]
        /// Whether a rule error (not a refusal) may happen without failing the test; else use
        /// `expectError`.
        public var allowsRuleErrors = false
        public init() {}
    }

    /// Starts a session of the rule at `path`: a built-in game (`RuleTester.builtIn("rps")`),
    /// a path from the package's root, or one relative to the test file itself.
    public convenience init(_ path: String, options: [String: String] = [:], seed: UInt64 = 1, force: [Int] = [],
                            forceShuffles: [[Int]] = [], forceWords: [String] = [],
                            words: [String]? = nil, wordList: String? = nil, scores: ScoreStore? = nil, ascii: Bool = false,
                            allowsRuleErrors: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        var config = Config()
        config.options = options
        config.seed = seed
        config.force = force
        config.forceShuffles = forceShuffles
        config.forceWords = forceWords
        config.words = words
        config.wordList = wordList
        config.scores = scores
        config.ascii = ascii
        config.allowsRuleErrors = allowsRuleErrors
        try self.init(path, config, file: file, line: line)
    }

    public init(_ path: String, _ config: Config, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = RuleTester.resolve(path, from: "\(file)")
        self.file = file
        self.line = line
        allowsRuleErrors = config.allowsRuleErrors
        let rule = try LoadedRule(path: path, libraryDirectories: [RuleTester.rulesDirectory + "/lib"])
        if FileSystem.isInside(path, RuleTester.rulesDirectory) { rule.useBuiltInScoreKey() }
        clock = ManualClock(at: EngineSettings.manualEpoch)
        var list: WordList?
        if let words = config.words {
            list = try WordList(bytes: Array(words.joined(separator: "\n").utf8), name: "test-words", filter: rule.info.wordFilter)
        } else if let name = config.wordList ?? rule.info.defaultWordList {
            let listPath = name.contains("/") ? RuleTester.resolve(name, from: "\(file)") : name
            list = try WordListCatalog(directories: [RuleTester.rulesDirectory + "/../wordlists"]).load(listPath, filter: rule.info.wordFilter, besideRule: path)
        }
        var settings = EngineSettings()
        settings.options = config.options
        settings.seed = config.seed
        settings.clock = clock
        settings.words = list
        settings.scores = config.scores
        settings.ascii = config.ascii
        settings.practice = config.practice
        settings.seats = config.seats
        engine = try GameEngine(rule: rule, settings: settings)
        engine.random.force(config.force)
        for order in config.forceShuffles { engine.random.forceShuffle(order) }
        for top in config.forceDecks { engine.random.forceDeck(top) }
        for value in config.forcePicks { engine.random.forcePick(value) }
        for word in config.forceWords { engine.forceWord(word) }
        table = Table(engine: engine, fillers: (1...engine.seatCount).map { config.botSeats.contains($0) ? .bot : .person(config.names[$0] ?? "") })
        table.viewers = Array(1...engine.seatCount)
        table.machineView = .observation
        driver = Driver(table: table)
        last = driver.start()
        record(last)
        if table.finished { throw RuleError([last.reason ?? "the game did not start"]) }
        playBots()
    }

    /// Where the tester was made, for failures found when it goes (scripts left unused).
    private let file: StaticString
    private let line: UInt
    private var allowsRuleErrors: Bool

    deinit {
        let unused = engine.random.unusedScripts
        if !unused.isEmpty {
            XCTFail("the test scripted \(unused.joined(separator: ", ")), which the game never drew\n\(transcriptText)", file: file, line: line)
        }
    }

    /// A rule path as a test gives it: absolute, from the current folder, from the package's
    /// root, or from the test file's folder.
    static func resolve(_ path: String, from testFile: String) -> String {
        if path.hasPrefix("/") || FileSystem.isFile(path) { return path }
        let packageRoot = FileSystem.directory(of: rulesDirectory)
        for base in [FileSystem.directory(of: testFile), packageRoot, testPackageRoot(testFile)].compactMap({ $0 }) {
            let candidate = FileSystem.join(base, path)
            if FileSystem.isFile(candidate) { return candidate }
        }
        return path
    }

    /// The folder holding the Package.swift above a test file (the package the tests are in).
    static func testPackageRoot(_ testFile: String) -> String? {
        var dir = FileSystem.directory(of: testFile)
        while dir != "/" && dir != "." {
            if FileSystem.isFile(FileSystem.join(dir, "Package.swift")) { return dir }
            dir = FileSystem.directory(of: dir)
        }
        return nil
    }

    /// The package's rules folder, found from this file's place in the checkout.
    public static var rulesDirectory: String {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/rules"
    }

    /// The path of a built-in game's rule file.
    public static func builtIn(_ name: String) -> String { rulesDirectory + "/\(name).lua" }

    /// Scripts the next random outcomes: each is the result of one `game.random`/`pick` draw
    /// (for `pick`, the 1-based index into the list).
    public func force(_ outcomes: Int...) { engine.random.force(outcomes) }

    /// Scripts the next shuffle (`game.shuffle`, `game.cards.shuffle`): position k of the
    /// result holds the item at 1-based position `order[k]` of the list before.
    public func forceShuffle(_ order: [Int]) { engine.random.forceShuffle(order) }

    /// Scripts the next `game.pick` by the item it returns ("scissors").
    public func forcePick(_ value: String) { engine.random.forcePick(value) }

    /// Scripts the next shuffle by the cards to put on top, by label ("A♠") or content, in
    /// order; the rest stay in their order below.
    public func forceDeck(_ top: [String]) { engine.random.forceDeck(top) }

    /// Scripts the next word taken from the word list, whether drawn at random or in order.
    public func forceWord(_ word: String) { engine.forceWord(word) }

    /// Sends one input line (a move or a /command) of `seat` (by default the seat to move) and
    /// returns what the step did; then the seats the rule's bot plays take their turns.
    /// A rule error fails the test (with the transcript) unless the tester allows them or the
    /// input is sent with `expectError`.
    @discardableResult
    public func send(_ line: String, as seat: Int? = nil, file: StaticString = #filePath, line testLine: UInt = #line) -> Step {
        last = driver.submit(line, seat: seat)
        record(last)
        let step = last
        playBots()
        last = step
        if step.ruleFailed && !allowsRuleErrors && !expectingError {
            XCTFail("the rule failed on '\(line)': \(last.reason ?? "")\n\(transcriptText)", file: file, line: testLine)
        }
        return last
    }

    private var expectingError = false

    /// Sends `line`, which must make the rule fail (an error, not a refusal) with a reason
    /// containing `text`.
    public func expectError(_ line: String, containing text: String = "", file: StaticString = #filePath, line testLine: UInt = #line) {
        expectingError = true
        defer { expectingError = false }
        send(line)
        XCTAssertTrue(last.ruleFailed, "expected a rule error\n\(transcriptText)", file: file, line: testLine)
        XCTAssertTrue(text.isEmpty || (last.reason ?? "").contains(text), "error '\(last.reason ?? "")' lacks '\(text)'\n\(transcriptText)",
                      file: file, line: testLine)
    }

    /// Sends each line in turn.
    public func send(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in lines { send(text, file: file, line: line) }
    }

    /// Lets the seats the rule's bot plays move while it is their turn.
    private func playBots() {
        for step in driver.playAutomaticMoves() { record(step) }
    }

    public var state: LuaValue { (try? engine.stateValue()) ?? .nil }
    /// What the seat to move sees now (or seat 1), as the last step left it.
    public var view: String { (try? engine.view(for: (try? engine.toMove().first) ?? 1)) ?? "" }
    /// What `seat` sees now.
    public func view(for seat: Int) -> String { (try? engine.view(for: seat)) ?? "" }
    /// The view's elements (nil for a view the rule draws as text), for the seat to move or `seat`.
    public var elements: [ViewElement]? { elements(for: (try? engine.toMove().first) ?? 1) }
    public func elements(for seat: Int) -> [ViewElement]? { (try? engine.drawing(for: seat))?.elements ?? nil }
    /// What `seat` may know now (the protocol's observation).
    public func observation(for seat: Int = 1) -> JSONValue { (try? engine.observation(for: seat)) ?? .null }
    /// What every seat may know now, by seat: hiding is tested as a unit, seat by seat.
    public var observations: [Int: JSONValue] {
        Dictionary(uniqueKeysWithValues: (1...engine.seatCount).map { ($0, observation(for: $0)) })
    }

    /// The value at a path of fields and list positions, from 1 ("hands.2.1.label"), in what
    /// `seat` may know now; `.null` where there is none.
    public func observed(_ path: String, by seat: Int) -> JSONValue {
        var value = observation(for: seat)
        for part in path.split(separator: ".") {
            switch value {
            case .array(let items): value = Int(part).flatMap { $0 >= 1 && $0 <= items.count ? items[$0 - 1] : nil } ?? .null
            case .object(let fields): value = fields[String(part)] ?? .null
            default: value = .null
            }
        }
        return value
    }

    /// Fails the test unless `seat` cannot learn `secret` (a card's label, a word) now: it is in
    /// neither the seat's observation (as a string, or within one) nor its view. The message
    /// names where it was found.
    public func assertHidden(_ secret: String, from seat: Int, file: StaticString = #filePath, line: UInt = #line) {
        if let path = Self.find(secret, in: observation(for: seat), at: "observation") {
            XCTFail("seat \(seat) can read '\(secret)' at \(path)\n\(transcriptText)", file: file, line: line)
        }
        if view(for: seat).contains(secret) {
            XCTFail("seat \(seat)'s view shows '\(secret)'\n\(transcriptText)", file: file, line: line)
        }
    }

    /// Fails the test unless `seat` can read `text` somewhere in its observation.
    public func assertObserved(_ text: String, by seat: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotNil(Self.find(text, in: observation(for: seat), at: "observation"),
                        "seat \(seat) cannot read '\(text)'\n\(transcriptText)", file: file, line: line)
    }

    /// The path of the first string holding `text` in `value`, or nil.
    static func find(_ text: String, in value: JSONValue, at path: String) -> String? {
        switch value {
        case .string(let s): return s.contains(text) ? path : nil
        case .array(let items):
            for (i, item) in items.enumerated() { if let found = find(text, in: item, at: "\(path)[\(i + 1)]") { return found } }
        case .object(let fields):
            for key in fields.keys.sorted() {
                if key.contains(text) { return "\(path).\(key) (a key)" }
                if let found = find(text, in: fields[key]!, at: "\(path).\(key)") { return found }
            }
        default: break
        }
        return nil
    }
    /// The inputs `seat` may give now.
    public func moves(for seat: Int = 1) -> Moves { (try? engine.moves(for: seat)) ?? Moves([]) }
    /// What `seat` was told by the last step, in order: the messages every seat is told
    /// (`game.say`), then those said to it alone (`game.say_to`, and the answers to its own
    /// commands, such as `/moves`), then the reason its input was refused. `last.messages` is
    /// only the first part.
    public func told(_ seat: Int = 1) -> [String] {
        var lines = last.messages(for: seat)
        if last.seat ?? 1 == seat, last.status == .refused, let reason = last.reason { lines.append(reason) }
        return lines
    }
    /// The seats to move now.
    public var toMove: [Int] { (try? engine.toMove()) ?? [] }
    public var result: GameResult? { try? engine.result() }
    public var finished: Bool { table.finished }

    /// The transcript, for failure messages.
    public var transcriptText: String { transcript.joined(separator: "\n") }

    /// Fails the test (showing the transcript) unless the last input was accepted.
    public func assertAccepted(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(last.status, .accepted, "\(message)\n\(transcriptText)", file: file, line: line)
    }

    /// Fails the test (showing the transcript) unless the last input was refused.
    public func assertRefused(containing text: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(last.status, .refused, "expected a refusal\n\(transcriptText)", file: file, line: line)
        XCTAssertTrue(text.isEmpty || (last.reason ?? "").contains(text), "refusal '\(last.reason ?? "")' lacks '\(text)'\n\(transcriptText)", file: file, line: line)
    }

    /// Fails the test (showing the transcript) unless the state value at `path` equals
    /// `expected`: a field ("score") or a path through fields and list positions, from 1
    /// ("cards.3.faceUp").
    public func assertState(_ path: String, _ expected: LuaValue, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(value(at: path), expected, "state.\(path) \(message)\n\(transcriptText)", file: file, line: line)
    }

    /// The state value at a path of fields and list positions ("cards.3.faceUp"), or nil.
    public func value(at path: String) -> LuaValue {
        var value = state
        for part in path.split(separator: ".") {
            if let n = Int(part), let items = value.array {
                value = n >= 1 && n <= items.count ? items[n - 1] : .nil
            } else {
                value = value[String(part)]
            }
        }
        return value
    }

    private func record(_ r: Step) {
        var lines: [String] = []
        let seat = r.seat ?? 1
        if let input = r.input { lines.append((engine.seatCount > 1 ? "seat \(seat)> " : "> ") + input) }
        lines += r.messages(for: seat)
        if let reason = r.reason { lines.append("[\(r.status.rawValue)] " + reason) }
        if r.showsView { lines.append(r.view(of: seat).view) }
        transcript.append(lines.joined(separator: "\n"))
    }
}

/// A program a test needs (tmux, luacheck, python3, lua5.4), found in /usr/bin or
/// /usr/local/bin; a test without it is skipped with one message naming the program and the
/// Debian package that has it (`scripts/setup` installs them all).
public func requiredTool(_ name: String, package: String? = nil) throws -> String {
    for dir in ["/usr/bin", "/usr/local/bin"] where FileSystem.isExecutable(dir + "/" + name) { return dir + "/" + name }
    throw XCTSkip("\(name) is not installed (the Debian package \(package ?? name); scripts/setup installs it)")
}
