import GameCore
import LuaKit

/// One player's run of a rule: its options, chance and clock, and the current game's state.
/// Every move is all or nothing: a refused input or an error leaves the state, the random
/// source and the output exactly as they were before it.
public final class GameSession {
    public let rule: Rule
    public let seed: UInt64
    public let random: RandomSource
    public let clock: Clock
    /// The checked option values the rule sees as `game.options`.
    public let options: [String: LuaValue]
    private var state: LuaRef?
    /// Why there is no state (a snapshot that could not be rebuilt), for the next call.
    private var stateLost: String?

    /// What one accepted step said to the player.
    public struct Output: Equatable {
        public var messages: [String] = []
        public var bells = 0
        /// What the host tells the player about itself, apart from the game (scores that could
        /// not be saved): shown once, on stderr at a terminal.
        public var notices: [String] = []
    }

    public enum Outcome: Equatable {
        case accepted(Output)
        case refused(String)
        case failed(String)
    }

    /// The word list the session plays, for games that declare one.
    public let words: WordList?
    /// Host options to repeat in the replay command the text loop shows (`--words fruits`).
    public var replayArguments: [String] = []
    /// How the replay hint names the game: its name, or the rule file's path (nil: its id).
    public var replayGame: String?
    /// Games started in this session (setup calls), shown to the rule as `game.game_number`.
    public private(set) var gamesStarted = 0
    /// The seed of the current game: the session's seed for the first, and for each later one
    /// (after `y` or `/new`) a seed of its own derived from it, so any game can be replayed
    /// alone with `--seed`.
    public private(set) var gameSeed: UInt64
    /// Whether the last accepted step left the game over (to count each result once).
    private var wasOver = false

    /// `options` are the command line's `--name value` pairs (names without dashes). A game
    /// that declares `words` needs `words`; `scores` is where leaderboards persist (nil keeps
    /// them for this session only).
    /// `ascii` asks games to draw with plain ASCII (`--ascii`, for terminals without emoji);
    /// `colour` lets `game.colour` colour text (the CLI's decision: a terminal, NO_COLOR unset).
    public init(rule: Rule, options: [String: String] = [:], seed: UInt64, clock: Clock = ManualClock(),
                words: WordList? = nil, scores: ScoreStore? = nil, ascii: Bool = false, colour: Bool = false,
                recordedBoards: [String: Leaderboard] = [:], recordedRecords: [String: JSONValue] = [:],
                player: @autoclosure @escaping () -> String = "") throws {
        self.rule = rule
        self.seed = seed
        self.random = RandomSource(seed: seed)
        gameSeed = seed
        self.clock = clock
        self.options = try rule.resolveOptions(options)
        if rule.defaultWordList != nil && words == nil {
            throw UsageError("\(rule.id) plays a word list: give one with --words")
        }
        if rule.defaultWordList == nil && words != nil {
            throw UsageError("\(rule.id) does not use word lists, so --words has no effect")
        }
        self.words = words
        let keeper = ScoreKeeper(store: scores, preset: recordedBoards, presetRecords: recordedRecords)
        keeper.game = rule.scoreKey
        keeper.ruleHash = rule.contentHash
        keeper.playerName = player
        rule.api.bind(options: self.options, seed: seed, random: random, clock: clock, words: words, scores: keeper)
        rule.api.ascii = ascii
        rule.api.usesColour = colour
    }

    /// Whether scores are ranked: a seeded or scripted run is practice (kept, shown apart,
    /// never ranked), and `game.scores.practice` tells the rule so.
    public var ranked = true {
        didSet { api.practice = !ranked }
    }

    private var lua: LuaState { rule.lua }
    private var api: GameAPI { rule.api }

    /// Starts a fresh game with `setup(game)`.
    @discardableResult
    public func newGame() throws -> Output {
        _ = api.takeOutput()
        api.refusal = nil
        wasOver = false
        gamesStarted += 1
        if gamesStarted > 1 {
            gameSeed = Self.seed(ofGame: gamesStarted, session: seed)
            random.reseed(gameSeed)
        }
        lua.setField(api.table, "game_number", .integer(Int64(gamesStarted)))
        lua.setField(api.table, "seed", .integer(Int64(bitPattern: gameSeed)))
        do {
            let returned = try lua.call(rule.hooks.setup, [.ref(api.table)], results: 1, tablesByReference: true).first
            guard case .ref(let table)? = returned, table.typeName == "table" else {
                throw RuleError(["\(rule.path): setup must return the game's state as a table, not \(returned?.typeName ?? "nothing")"])
            }
            state = table
            stateLost = nil
        } catch let error as LuaError {
            throw RuleError([describe(error, hook: "setup")])
        }
        let out = api.takeOutput()
        return Output(messages: out.messages, bells: out.bells)
    }

    /// The seed of game `k` (from 1) of a session: the session's own for the first, then
    /// SplitMix64 of the session seed and k, cut to nine digits so a player can type it.
    public static func seed(ofGame k: Int, session: UInt64) -> UInt64 {
        k == 1 ? session : Simulation.seed(forGame: k, base: session) % 1_000_000_000
    }

    /// Applies one input line with `play(state, input, game)`.
    public func play(_ input: String) -> Outcome {
        api.input = input
        defer { api.input = "" }
        return transaction(hook: "play") { state in
            try lua.call(rule.hooks.play, [.ref(state), .string(input), .ref(api.table)], results: 1, tablesByReference: true).first
        }
    }

    /// Runs a command the rule added (`/hint`) with `run(state, args, game)`.
    public func command(_ spec: CommandSpec, args: String) -> Outcome {
        transaction(hook: "command /\(spec.name)") { state in
            try lua.call(spec.run, [.ref(state), .string(args), .ref(api.table)], results: 1, tablesByReference: true).first
        }
    }

    private func transaction(hook: String, _ body: (LuaRef) throws -> LuaValue?) -> Outcome {
        guard let current = state else { return .failed(stateLost ?? "\(rule.path): no game has started") }
        _ = api.takeOutput()
        api.refusal = nil
        let chance = random.snapshot
        let words = api.words?.checkpoint()
        do {
            try lua.saveSnapshot(of: current)
        } catch let error as LuaError {
            return .failed(describe(error, hook: "saving the state before \(hook)"))
        } catch {
            return .failed(String(describing: error))
        }
        func rollBack() {
            // The state as it was: the same table when the move left it untouched (a rule
            // that refuses before changing anything), else rebuilt from the snapshot.
            do {
                state = try lua.restoreSnapshot(into: current)
            } catch {
                state = nil
                stateLost = "\(rule.path): the state could not be restored after \(hook): \(error) (/new starts a new game)"
            }
            random.restore(chance)
            if let words { api.words?.rollBack(to: words) }
            api.scores.discard()
            _ = api.takeOutput()
        }
        do {
            let returned = try body(current)
            if let reason = api.refusal {  // refused even if the rule caught the refusal
                rollBack()
                return .refused(reason)
            }
            if case .ref(let replacement)? = returned, replacement.typeName == "table" { state = replacement }
            let out = api.takeOutput()
            api.scores.commit(at: clock.now())
            api.words?.commit()
            resultMayHaveChanged = true
            return .accepted(Output(messages: out.messages, bells: out.bells, notices: api.scores.takeProblems()))
        } catch let error as LuaError {
            let reason = api.refusal
            rollBack()
            if let reason { return .refused(reason) }
            return .failed(describe(error, hook: hook))
        } catch {
            rollBack()
            return .failed(String(describing: error))
        }
    }

    /// Makes `word` the next word the game takes from its list (tests).
    public func forceWord(_ word: String) { api.words?.force(word) }

    /// Told of each leaderboard the first time the game reads it (transcripts record them).
    public var onBoardLoad: ((String, Leaderboard) -> Void)? {
        get { api.scores.onLoad }
        set { api.scores.onLoad = newValue }
    }

    /// Told of each saved record the first time the game reads it (transcripts record them).
    public var onRecordLoad: ((String, JSONValue) -> Void)? {
        get { api.scores.onRecordLoad }
        set { api.scores.onRecordLoad = newValue }
    }

    /// Set by an accepted move: the next `result()` counts a game that has just ended in the
    /// statistics (once; the driver asks for the result after every step anyway).
    private var resultMayHaveChanged = false

    /// Counts a game in the statistics the first time its result appears.
    private func recordResultOnce(_ result: GameResult?) {
        guard resultMayHaveChanged else { return }
        resultMayHaveChanged = false
        guard let result else { wasOver = false; return }
        if !wasOver { api.scores.recordResult(result, at: clock.now()) }
        wasOver = true
    }

    /// The longest view shown (bytes): a screen, not a flood.
    public static let viewLimit = 1 << 20

    /// What the player sees now: `view(state, game)`.
    public func view() throws -> String {
        let value = try query("view")
        guard case .string(let text) = value else {
            throw RuleError(["\(rule.path): view must return a string, not \(value.typeName)"])
        }
        guard text.utf8.count <= Self.viewLimit else {
            throw RuleError(["\(rule.path): view returned \(text.utf8.count) bytes; a view may have \(Self.viewLimit >> 20) MB"])
        }
        return text
    }

    /// The most moves a rule may offer at once, each no longer than an input line.
    public static let movesLimit = 10_000

    /// The legal inputs now: `moves(state, game)`, a list of strings that may also say it
    /// takes free text (`text = "a five-letter word"`, and a `pattern`).
    public func moves() throws -> Moves {
        try Moves(reading: try query("moves", maxLength: Self.movesLimit), of: rule)
    }

    /// A candidate input for free text (see `FreeText.candidate`), drawn with `random`.
    public func freeTextCandidate(_ text: FreeText, random: RandomSource) throws -> String {
        let letters = words.map { list in list.letters(fold: false) } ?? []
        return try FreeText.candidate(words: words, letters: letters, random: random, pattern: text.pattern) { candidate in
            guard let pattern = text.pattern else { return true }
            return rule.matches(pattern: pattern, candidate)
        }
    }

    /// The outcome once the game is over: `result(state, game)`.
    public func result() throws -> GameResult? {
        let value = try query("result")
        if value.isNil || value == .boolean(false) {
            recordResultOnce(nil)
            return nil
        }
        guard value.map != nil else {
            throw RuleError(["\(rule.path): result must return nil or a table such as { winner = \"player\", summary = \"...\" }, not \(value.typeName)"])
        }
        let result = GameResult(value)
        recordResultOnce(result)
        return result
    }

    /// The state as the machine view sees it. A state that cannot be read (a cycle, more
    /// than the read limits) is the rule's error, naming where: `state.self: ...`.
    public func stateValue() throws -> LuaValue {
        guard let state else { return .nil }
        do {
            return try lua.read(state, as: "state")
        } catch {
            throw RuleError(["\(rule.path): \(error)"])
        }
    }

    public func stateJSON() throws -> JSONValue { StateJSON.convert(try stateValue(), lua: lua) }

    /// What a program may see of the game (`--json`): the rule's `observe(state, game)`, or
    /// by default the state without the fields the rule marks `secret` and without the
    /// contents of cards lying face down.
    public func observation() throws -> JSONValue {
        if rule.hooks.observe != nil { return StateJSON.convert(try query("observe"), lua: lua) }
        guard case .map(var fields) = try stateValue() else { return try stateJSON() }
        for name in rule.secretFields { fields[name] = nil }
        return StateJSON.convert(Self.hidingFaceDownCards(.map(fields)), lua: lua)
    }

    /// A card (a table with a `content`, `rank` or `label`, and a `faceUp` field) that is not
    /// face up (`faceUp` anything but true) shows only its flags and `hidden = true`: its face,
    /// and every field the rule added to it, stay hidden. A matched Memory card (with a
    /// `content`) is public: both players saw it.
    static func hidingFaceDownCards(_ value: LuaValue) -> LuaValue {
        switch value {
        case .array(let items): return .array(items.map(hidingFaceDownCards))
        case .map(let fields):
            let isCard = fields["content"] != nil || fields["rank"] != nil || fields["label"] != nil
            let faceDown = fields["faceUp"].map { $0 != .boolean(true) && !$0.isNil } ?? false
            let publicMatch = fields["content"] != nil && fields["matched"] == .boolean(true)
            if isCard && faceDown && !publicMatch {
                var shown = fields.filter { Self.cardFlagFields.contains($0.key) }
                shown["hidden"] = .boolean(true)
                return .map(shown)
            }
            return .map(fields.mapValues(hidingFaceDownCards))
        default: return value
        }
    }

    static let cardFlagFields: Set<String> = ["faceUp", "matched", "seen", "removed", "upTime", "upSince"]

    /// Calls a query hook; messages it says are dropped (views must not talk).
    /// `maxLength`: a table longer than this (raw length) is refused before it is read.
    private func query(_ name: String, maxLength: Int? = nil) throws -> LuaValue {
        guard let state else { throw RuleError([stateLost ?? "\(rule.path): no game has started"]) }
        let hook: LuaRef
        switch name {
        case "view": hook = rule.hooks.view
        case "moves": hook = rule.hooks.moves
        case "observe": hook = rule.hooks.observe!
        default: hook = rule.hooks.result
        }
        let chance = random.snapshot
        let words = api.words?.checkpoint()
        defer {
            random.restore(chance)
            if let words { api.words?.rollBack(to: words) }
            api.scores.discard(); _ = api.takeOutput(); api.refusal = nil
        }
        do {
            let value = try lua.call(hook, [.ref(state), .ref(api.table)], results: 1, tablesByReference: maxLength != nil).first ?? .nil
            guard let maxLength, case .ref(let table) = value, table.typeName == "table" else { return value }
            guard lua.rawLength(table) <= maxLength else {
                throw RuleError(["\(rule.path): \(name) returned \(lua.rawLength(table)) values, more than \(maxLength)"])
            }
            return try lua.read(table, as: name)
        } catch let error as LuaError {
            throw RuleError([describe(error, hook: name)])
        } catch let error as LuaReadError {
            throw RuleError(["\(rule.path): \(name) returned a value the host cannot read (\(error))"])
        }
    }

    /// "rules/x.lua:12: (rest)" as its position and the rest.
    static func splitPosition(_ message: String) -> (String, String) {
        guard let paren = message.firstRange(of: "(error object") else { return ("", message) }
        return (String(message[..<paren.lowerBound]), String(message[paren.lowerBound...]))
    }

    /// One line for the player: the rule's file and line first.
    private func describe(_ error: LuaError, hook: String) -> String {
        switch error.kind {
        case .memory: return "\(rule.path): \(error.message) (in \(hook))"
        case .value:
            // The message starts with the rule's file and line where Lua knows them.
            let (position, what) = error.message.hasPrefix("(") ? ("\(rule.path): ", error.message) : Self.splitPosition(error.message)
            return "\(position)\(hook) raised an error object that is not a string \(what)"
        case .data: return "\(rule.path): \(hook) returned a value the host cannot read (\(error.message))"
        case .budget, .runtime, .syntax:
            guard error.message.hasPrefix(rule.path) || error.message.contains(".lua:") else {
                return "\(rule.path): \(error.message) (in \(hook))"
            }
            // An error in a library the rule requires: name the rule's own line that led there.
            if !error.message.hasPrefix(rule.path + ":"), let line = Self.callSite(in: error.traceback, of: rule.path) {
                return error.message + " (called from \(rule.path):\(line))"
            }
            return error.message
        }
    }

    /// The innermost line of `path` in a traceback ("\trules/x.lua:57: in ..."), or nil.
    static func callSite(in traceback: String?, of path: String) -> Int? {
        guard let traceback else { return nil }
        for frame in traceback.split(separator: "\n") {
            let text = frame.drop { $0 == "\t" || $0 == " " }
            guard text.hasPrefix(path + ":") else { continue }
            let rest = text.dropFirst(path.count + 1)
            if let line = Int(rest.prefix { $0.isNumber }) { return line }
        }
        return nil
    }
}

/// How a game ended, from the rule's `result` hook.
public struct GameResult: Equatable {
    public var winner: String?
    public var score: Double?
    public var summary: String
    /// The whole table the rule returned.
    public var value: LuaValue

    init(_ value: LuaValue) {
        self.value = value
        winner = value["winner"].string
        switch value["score"] {
        case .integer(let i): score = Double(i)
        case .number(let d): score = d
        default: score = nil
        }
        summary = value["summary"].string ?? (winner.map { "Winner: \($0)" } ?? "Game over")
    }
}

extension GameSession {
    /// The command that plays the session's game again with `seed`.
    public func replayCommand(seed: UInt64) -> String {
        var replay = "gamehost play \(replayGame ?? rule.id)"
        for option in rule.options {
            let value = options[option.name]
            let text = value?.string ?? value?.integer.map { String($0) } ?? ""
            if text != option.defaultValue { replay += " --\(option.name) \(text)" }
        }
        for argument in replayArguments { replay += " " + argument }
        return replay + " --seed \(seed)"
    }
}
