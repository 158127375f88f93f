import GameCore
import LuaKit
import GameStorage

/// The host API a rule receives as `game` (documented in docs/lua-api.md and annotated in
/// docs/lua/gamehost.lua): options, chance, time, match scoring, output and refusal.
/// Chance and time also back the sandbox's `math.random`, `os.time` and `os.clock`, so a rule
/// cannot reach an unseeded source.
package final class GameAPI {
    let lua: LuaState
    package let table: LuaRef

    // The session's context, set before each game starts.
    package var random = RandomSource(seed: 0)
    package var clock: Clock = ManualClock()
    package var startTime: Double = 0
    /// The list, and the game's queue of its words (fresh for each game).
    var wordList: WordList?
    package var words: WordQueue?
    /// The seat the hook being called serves (for `game.say_to` and the like).
    package var seat = 1
    /// What each seat is called in messages (`game.name`): set by the table from who sits
    /// where; a seat past the list is "Seat N".
    package var seatNames: [String] = []
    /// The host's data about the current game, saved and restored with its state: the face-up
    /// times of cards, by card table (see `newGameData`).
    package var gameData: LuaRef?
    /// `game.words.letters()` of the session's list, by folding (computed once: a list can be long).
    var letterCache: [Bool: [LuaValue]] = [:]
    /// The same as identities to look guesses up in, and the list's words by their identity
    /// with accents folded (`game.words.find(word)`), made when first asked for.
    var alphabets: [Bool: Set<String>] = [:]
    var foldedWords: [String: Int]?
    var listScripts: Set<String>?
    /// The session's list in sorted order (`game.words.starting`), made when first asked for.
    var sortedWords: SortedWords?
    /// The card tables `game.cards.standard` copies (see `standardCards`).
    var standardCardTables: (ascii: Bool, list: LuaRef)?
    /// Whether `game.colour` adds ANSI colour (a terminal that shows it, NO_COLOR unset).
    package var usesColour = false
    /// Whether games draw in plain ASCII (`--ascii`): `game.ascii`, and standard card labels.
    package var ascii = false {
        didSet { lua.setField(table, "ascii", .boolean(ascii)) }
    }
    package var scores = ScoreKeeper(store: nil)
    /// The rule's texts and the player's language (`game.t`, `game.language`).
    package var texts = RuleTexts() {
        didSet { textCache = TextCache(lua: lua) }
    }
    package var language = "en" {
        didSet {
            lua.setField(table, "language", .string(language))
            languageCodes = RuleTexts.fallbacks(language)
            textCache = TextCache(lua: lua)
        }
    }
    private var languageCodes = ["en"]
    /// `game.t`'s texts made ready, in this language (made anew, outside any call into the
    /// rule, when the texts or the language change), and the bytes of the text it made last
    /// (kept up to `textBufferLimit`: a text said at every move needs no new buffer).
    private lazy var textCache = TextCache(lua: lua)
    private var textBuffer: [UInt8] = []
    static let textBufferLimit = 4096
    /// A practice session: `game.scores.practice`, and scores kept apart from the ranking.
    package var practice = false {
        didSet {
            scores.practice = practice
            lua.setField(table, "practice", .boolean(practice))
            if let library = libraries["scores"] { lua.setField(library, "practice", .boolean(practice)) }
        }
    }

    // What the current hook call produced.
    /// Off in simulations, where nobody reads the messages: `say` then costs nothing.
    package var keepsMessages = true
    var messages: [String] = []
    /// Messages for one seat's eyes (`game.say_to`).
    var privateMessages: [Int: [String]] = [:]
    /// Rewards given this step (`game.reward`), by seat.
    var rewards: [Int: Double] = [:]
    /// Bytes said in the current hook call (bounded by `outputLimit`).
    var outputBytes = 0
    /// Scores submitted in the current hook call (bounded by `submitLimit`).
    var submittedThisStep = 0
    var bells = 0
    package var refusal: String?
    /// The query hook running now (`view`, `result`, ...), nil in `setup`, `play` and
    /// commands: what a query keeps is dropped, so the host functions whose whole point is to
    /// keep something (a score, a record) refuse to run in one rather than lose it in silence.
    package var query: String?

    /// The bytes of every library `require` has loaded, in order (part of the rule's hash).
    var loadedLibraries: [UInt8] = []

    /// The tables under `game` that hold host functions (`game.cards`, `game.words`, ...).
    var libraries: [String: LuaRef] = [:]

    /// The token `game.refuse` raises: a table only the host holds, so no rule can forge it.
    let refusalToken: LuaRef

    init(lua: LuaState, libraryDirectories: [String]) {
        self.lua = lua
        table = lua.makeRef(.map([:]))
        refusalToken = lua.makeRef(.map(["refusal": true]))
        install(libraryDirectories: libraryDirectories)
    }

    /// Points the API at a session's options, chance, clock, word list, score store and seats.
    package func bind(options: [String: LuaValue], seed: UInt64, random: RandomSource, clock: Clock,
              words: WordList?, scores: ScoreKeeper, seats: Int = 1) {
        self.random = random
        self.clock = clock
        startTime = clock.now()
        wordList = words
        self.words = words.map(WordQueue.init)
        letterCache = [:]
        alphabets = [:]
        foldedWords = nil
        listScripts = nil
        sortedWords = nil
        self.scores = scores
        // Boards and records are kept per list content: a list of the same name and other
        // words is another list.
        scores.listFingerprint = { words?.fingerprint ?? "" }
        practice = false
        lua.setField(table, "options", .map(options))
        lua.setField(table, "seed", .integer(Int64(bitPattern: seed)))
        lua.setField(table, "players", .integer(Int64(seats)))
        setWordListName(words.map { FileSystem.stem(of: $0.name) })
    }

    /// A game begins: `game.game_number` and `game.seed` say which, and its words are a fresh
    /// queue (each game replays from its own seed and number).
    package func startGame(number: Int, seed: UInt64) {
        lua.setField(table, "game_number", .integer(Int64(number)))
        lua.setField(table, "seed", .integer(Int64(bitPattern: seed)))
        words?.restart()
        seat = 1
    }

    /// A table for the host's data about a game (weak keys: a card that leaves the game takes
    /// its entry with it).
    package func newGameData() -> LuaRef {
        let data = lua.makeRef(.map([:]))
        lua.setWeakKeys(data)
        return data
    }

    package func takeOutput() -> (messages: [String], privateMessages: [Int: [String]], bells: Int, rewards: [Int: Double]) {
        defer { messages = []; privateMessages = [:]; bells = 0; outputBytes = 0; submittedThisStep = 0; rewards = [:] }
        return (messages, privateMessages, bells, rewards)
    }

    /// Forgets what the step said and gave (a query's output, which nobody hears).
    package func dropOutput() {
        if !messages.isEmpty { messages = [] }
        if !privateMessages.isEmpty { privateMessages = [:] }
        if !rewards.isEmpty { rewards = [:] }
        bells = 0; outputBytes = 0; submittedThisStep = 0
    }

    /// Sets `game.NAME` to a host function with declared parameters (see `LuaParameter`).
    func set(_ name: String, _ parameters: [LuaParameter] = [], _ body: @escaping LuaFunction) {
        lua.setField(table, name, .ref(lua.function("game." + name, parameters, body)))
    }

    /// A new table of host functions under `game.NAME` (`game.cards`, `game.words`, ...), and
    /// the function that fills it.
    func library(_ name: String) -> (String, [LuaParameter], @escaping LuaFunction) -> Void {
        let library = lua.makeRef(.map([:]))
        libraries[name] = library
        lua.setField(table, name, .ref(library))
        return { [lua] function, parameters, body in
            lua.setField(library, function, .ref(lua.function("game.\(name).\(function)", parameters, body)))
        }
    }

    /// What one hook call may say: messages longer than this, or more in all, are refused.
    static let messageLimit = 64 << 10
    static let outputLimit = 1 << 20
    /// Bells rung in one step beyond this are not rung.
    static let bellLimit = 3
    /// A refusal's reason is cut to this many bytes.
    static let reasonLimit = 1000

    /// The input `play` is deciding on, so a refusal that repeats it can shorten it.
    package var input = ""

    /// The longest input a refusal repeats whole; a longer one is shown by its start and
    /// length, so a pasted page is not echoed back at the player.
    static let echoLimit = 60

    static func shortening(_ input: String, in reason: String) -> String {
        guard input.count > echoLimit, reason.contains(input) else { return reason }
        return reason.replacing(input, with: input.prefix(echoLimit - 20) + "… (\(input.count) characters)")
    }

    private func install(libraryDirectories: [String]) {
        lua.setField(table, "options", .map([:]))
        lua.setField(table, "seed", .integer(0))

        let say = lua.function("game.say", []) { [unowned self] call in
            guard keepsMessages else { return 0 }
            var parts: [String] = []
            var total = 0
            let count = call.count
            parts.reserveCapacity(min(count, 8))  // most messages are one part; a call may pass thousands
            for i in 1...max(count, 1) where i <= count {
                let length = call.isString(i) ? call.length(i) : 32
                total += length + 1
                if length > Self.messageLimit || total > Self.messageLimit {
                    throw GameAPIError("game.say: a message of more than \(Self.messageLimit) bytes")
                }
                if outputBytes + total > Self.outputLimit {
                    throw GameAPIError("game.say: more than \(Self.outputLimit >> 20) MB of messages in one step")
                }
                let part = call.describe(i)
                if MarkRun.isTooLong(part) { throw GameAPIError("game.say: a message that \(MarkRun.problem)") }
                parts.append(part)
            }
            let text = parts.count == 1 ? parts[0] : parts.joined(separator: "\t")
            outputBytes += text.utf8.count
            messages.append(text)
            return 0
        }
        lua.setField(table, "say", .ref(say))
        lua.setGlobal("print", .ref(say))

        // `game.say_to(seat, ...)`: a message only that seat reads (the card it drew).
        set("say_to", [.integer("seat", 1...Int64(SeatRange.limit))]) { [unowned self] call in
            guard keepsMessages else { return 0 }
            var parts: [String] = []
            var total = 0
            for i in 2...max(call.count, 2) where i <= call.count {
                let length = call.isString(i) ? call.length(i) : 32
                total += length + 1
                if length > Self.messageLimit || total > Self.messageLimit {
                    throw GameAPIError("game.say_to: a message of more than \(Self.messageLimit) bytes")
                }
                if outputBytes + total > Self.outputLimit {
                    throw GameAPIError("game.say_to: more than \(Self.outputLimit >> 20) MB of messages in one step")
                }
                let part = call.describe(i)
                if MarkRun.isTooLong(part) { throw GameAPIError("game.say_to: a message that \(MarkRun.problem)") }
                parts.append(part)
            }
            let text = parts.joined(separator: "\t")
            outputBytes += text.utf8.count
            privateMessages[call.int(1), default: []].append(text)
            return 0
        }

        // `game.reward(seat, amount)`: what a seat earned by this move, for programs that learn
        // (added up within a step; any finite number).
        set("reward", [.integer("seat", 1...Int64(SeatRange.limit)), .number("amount", -1e12...1e12)]) { [unowned self] call in
            if let query {
                throw GameAPIError("game.reward in \(query): \(query) only looks, and a reward given there is dropped; give it in play, or as the result's rewards field")
            }
            rewards[call.int(1), default: 0] += call.number(2)
            return 0
        }

        set("bell") { [unowned self] _ in
            bells = min(bells + 1, Self.bellLimit)
            return 0
        }

        set("refuse", [.any("reason")]) { [unowned self] call in
            // A table (or any other value) would be shown as "table": the rule meant a text.
            let kind = call.type(1)
            guard ["nil", "string", "number", "boolean"].contains(kind) else {
                throw GameAPIError("game.refuse: the reason is a text (a string), not a \(kind)")
            }
            var reason = Self.shortening(input, in: call.isNil(1) ? "not accepted" : call.describe(1))
            if reason.utf8.count > Self.reasonLimit {
                reason = String(decoding: reason.utf8.prefix(Self.reasonLimit), as: UTF8.self) + "…"
            }
            refusal = reason
            throw LuaRaise(.ref(refusalToken))
        }

        let randomParameters: [LuaParameter] = [
            .integer("m", Int64.min...Int64.max, optional: true), .integer("n", Int64.min...Int64.max, optional: true),
        ]
        let random = lua.function("game.random", randomParameters) { [unowned self] call in try self.random(call) }
        lua.setField(table, "random", .ref(random))

        set("pick", [.list("list", max: Int.max)]) { [unowned self] call in
            guard call.length(1) > 0 else { throw GameAPIError("game.pick: the list is empty") }
            if let wanted = self.random.takeForcedPick() {
                // A test scripted the item by value.
                let n = try (1...call.length(1)).first { try call.value(elementOf: 1, at: $0).describedForTests == wanted }
                guard let n else { throw GameAPIError("game.pick: the test scripted '\(wanted)', which the list does not hold") }
                call.pushElement(of: 1, at: n)
                return 1
            }
            call.pushElement(of: 1, at: try self.random.int(in: 1...call.length(1)))
            return 1
        }

        set("shuffle", [.list("list")]) { [unowned self] call in try shuffle(call) }

        /// A number as `game.t` shows it: whole numbers without ".0".
        func shown(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }

        // `game.t(key, values)`: the rule's text `key` in the player's language, its `{name}`s
        // filled from `values`, in the plural form `values.n` calls for.
        set("t", [.string("key", max: RuleTexts.keyBytes), .table("values", optional: true)]) { [unowned self] call in
            let cache = textCache
            let code: Int
            switch call.cached(1, in: cache.table) {
            case .string: return 1  // a fixed text, pushed as it was kept
            case .integer(let kept): code = kept
            case .absent:
                let key = call.describe(1)
                guard let text = texts.text(key, codes: languageCodes) else {
                    throw GameAPIError("game.t: no text '\(key)' in the rule's texts (add it to the rule's texts field)")
                }
                switch text {
                case .plain(let s):
                    let template = TextCache.template(s)
                    if template.isFixed && template.literal.count <= Self.messageLimit {
                        call.cache(bytes: template.literal, for: 1, in: cache.table)
                        return 1
                    }
                    code = cache.add(template)
                case .plural(let one, let other):
                    code = cache.add(one: one, other: other)
                }
                call.cache(code, for: 1, in: cache.table)
            }
            let hasValues = !call.isNil(2)
            // A value as the text shows it: a string as it is, a number without ".0" when whole.
            func value(_ name: String) throws -> String? {
                guard hasValues else { return nil }
                switch try call.field(2, name) {
                case .string(let s): return s
                case .integer(let i): return String(i)
                case .number(let d): return shown(d)
                case .boolean(let b): return b ? "true" : "false"
                case .nil: return nil
                case let other: return other.typeName
                }
            }
            var one = false
            if TextCache.isPlural(code) {
                let n = try value("n").flatMap(Double.init) ?? 0
                one = RuleTexts.pluralForm(n, codes: languageCodes) == "one"
            }
            let template = cache.template(code, one: one)
            // The values are appended as bytes straight from the table; anything else goes
            // through `value`. `RuleTexts.fill(_:_:)` with `value` makes the same text
            // (RuleTextsTests). The bytes go into the buffer of the text made last.
            var filled = textBuffer
            textBuffer = []
            filled.removeAll(keepingCapacity: true)
            try template.fill(into: &filled) { name, out in
                guard hasValues else { return false }
                let appended = call.withField(name, of: 2) { field -> Bool? in
                    switch field {
                    case .absent: return false
                    // (Beyond ASCII, `value` makes the String that repairs bad UTF-8.)
                    case .string(let s) where s.allSatisfy({ $0 < 0x80 }): out.append(contentsOf: s)
                    case .string: return nil
                    case .integer(let i): out.append(contentsOf: String(i).utf8)
                    case .number(let d): out.append(contentsOf: shown(d).utf8)
                    case .boolean(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                    case .other: return nil
                    }
                    return true
                }
                if let appended { return appended }
                guard let shown = try value(String(decoding: name, as: UTF8.self)) else { return false }
                out.append(contentsOf: shown.utf8)
                return true
            }
            guard filled.count <= Self.messageLimit else {
                throw GameAPIError("game.t: '\(call.describe(1))' makes a text of more than \(Self.messageLimit) bytes")
            }
            call.push(bytes: filled)
            if filled.capacity <= Self.textBufferLimit { textBuffer = filled }
            return 1
        }
        lua.setField(table, "language", .string(language))

        // `game.name(seat)`: what the seat is called in messages ("Ann", "Bot", "Seat 2").
        set("name", [.integer("seat", 1...Int64(SeatRange.limit))]) { [unowned self] call in
            let seat = call.int(1)
            call.push(seat <= seatNames.count ? seatNames[seat - 1] : "Seat \(seat)")
            return 1
        }

        set("now") { [unowned self] call in
            call.push(clock.now())
            return 1
        }

        installMatch()
        installWords()
        installScores()
        installCards()
        installTerminal()

        // The sandbox's own sources of chance and time come from the host too.
        let math = lua.globalRef("math")!
        lua.setField(math, "random", .ref(lua.randomFunction { [unowned self] call in
            if call.count == 0 { call.push(self.random.unit()) } else { call.push(Int64(try self.random.int(in: call.int(1)...call.int(2)))) }
            return 1
        }))
        lua.setField(math, "randomseed", .ref(lua.function("math.randomseed", []) { _ in
            throw GameAPIError("math.randomseed is not available in rule files: the host seeds all chance (gamehost play --seed N)")
        }))
        let os = lua.makeRef(.map([:]))
        lua.setField(os, "time", .ref(lua.function("os.time", []) { [unowned self] call in
            let t = clock.now()  // a recorded clock may say anything: no trap on a huge reading
            call.push(t.isFinite && abs(t) < 9e15 ? Int64(t.rounded(.down)) : 0)
            return 1
        }))
        lua.setField(os, "clock", .ref(lua.function("os.clock", []) { [unowned self] call in
            call.push(clock.now() - startTime)
            return 1
        }))
        lua.setGlobal("os", .ref(os))
        RuleLibrary.install(in: lua, directories: libraryDirectories) { [unowned self] in loadedLibraries += $0 }
    }

    /// `game.shuffle(list)` and `game.cards.shuffle(cards)`: the list's own values move, so
    /// tables keep their identity and fields.
    func shuffle(_ call: LuaCall) throws -> Int32 {
        let n = call.length(1)
        try call.charge(Double(n))
        var order = Array(0..<n).map { $0 + 1 }
        if let top = random.takeForcedDeck() {
            // A test scripted the top cards by label (or content); the rest stay in order.
            var taken: [Int] = []
            for wanted in top {
                let k = order.first { k in
                    !taken.contains(k) && call.withElement(k, of: 1, { card in
                        call.string("label", of: card, maxBytes: Self.cardContentLimit) == wanted
                            || call.string("content", of: card, maxBytes: Self.cardContentLimit) == wanted
                    }) == true
                }
                guard let k else { throw GameAPIError("game.shuffle: the test scripted '\(wanted)' on top, which the deck does not hold") }
                taken.append(k)
            }
            try call.rearrange(1, taken + order.filter { !taken.contains($0) })
            call.pushArgument(1)
            return 1
        }
        order = try random.permutation(n).map { $0 + 1 }
        try call.rearrange(1, order)
        call.pushArgument(1)
        return 1
    }

    /// `game.random()`: a float in [0, 1); `game.random(n)`: 1...n; `game.random(m, n)`: m...n.
    private func random(_ call: LuaCall) throws -> Int32 {
        if call.isNil(1) {
            guard call.isNil(2) else { throw GameAPIError("game.random: give m and n, n alone, or nothing") }
            call.push(random.unit())
        } else if call.isNil(2) {
            let n = call.int(1)
            guard n >= 1 else { throw GameAPIError("game.random: the upper bound \(n) is less than 1") }
            call.push(Int64(try random.int(in: 1...n)))
        } else {
            let m = call.int(1), n = call.int(2)
            guard m <= n else { throw GameAPIError("game.random: the interval \(m)..\(n) is empty") }
            call.push(Int64(try random.int(in: m...n)))
        }
        return 1
    }
}

/// An error raised into Lua by the game API; Lua adds the rule's file and line.
struct GameAPIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
