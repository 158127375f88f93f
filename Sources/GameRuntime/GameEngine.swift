import GameCore
import LuaKit
import GameRules
import GameStorage

/// The one engine every mode drives a rule through: the terminal, the protocol, the server,
/// check, sim, arena, replay and GameHostTesting are its clients, so what one of them shows is
/// what all of them do (docs/engine.md writes down the contract).
///
/// It owns a running game: the rule's state and its transaction (an input is applied all or
/// nothing: the state, everything reachable from it, chance, the word queue, the scores and
/// the messages roll back together), whose turn it is, the moves offered to each seat, the
/// result (computed once per accepted move, and counted in the statistics once per game), the
/// view and the observation of each seat, chance and time.
public final class GameEngine {
    public let info: RuleInfo
    public let settings: EngineSettings
    /// What the host says to the player, in their language.
    public let hostTexts: HostTexts
    package let rule: LoadedRule
    // The rule's own, held here too: each is used at every query, and a property of a
    // property costs a retain and a release each time.
    let lua: LuaState
    let api: GameAPI
    public let random: RandomSource
    public var clock: Clock { settings.clock }
    /// The checked option values the rule sees as `game.options`.
    public let options: [String: LuaValue]
    /// The options as each game's start reports them (made once: sim starts thousands).
    private(set) lazy var optionsJSON: [String: JSONValue] = options.mapValues(StateJSON.convert)
    /// The word list the session plays, for games that declare one.
    public var words: WordList? { settings.words }
    /// The number of seats at this table (from 1).
    public let seatCount: Int
    /// `[1]`, `[2]`...: the seats to move when one is, made once (turn is asked at every step).
    private let singleSeats: [[Int]]
    /// The seats' names as the statistics keep them: `seatNames` in English.
    public var recordedNames: [String] = []
    /// What each seat is called in the rule's messages (`game.name`), by the table.
    public var seatNames: [String] {
        get { api.seatNames }
        set { api.seatNames = newValue }
    }

    /// The state, and the table the snapshot saves: the state and the host's own data about
    /// it (face-up times), so both roll back together.
    var state: LuaRef?
    var root: LuaRef?
    /// Why there is no state (a snapshot that could not be rebuilt), for the next call.
    private var stateLost: String?

    /// The number of the game in play, shown to the rule as `game.game_number`.
    public private(set) var gameNumber = 0
    /// How many games this engine's state has started (setup calls).
    public private(set) var gamesStarted = 0
    /// The seed of the current game (see `EngineSettings.seed(ofGame:)`).
    public private(set) var gameSeed: UInt64 = 0
    /// Bumped by every accepted move and every new game: what the caches below belong to.
    var version = 0
    /// What the engine last read of the state, each for the version it was read at.
    private var caches = Caches()
    /// Whether the current game's result has been counted in the statistics.
    private var counted = false
    /// Host chunks run on the state by `alterState` (loaded when first used), by their source.
    private var stateTools: [String: LuaRef] = [:]
    /// The chance each seat's bot draws from, by seat (see `botMove`).
    private var botChance: [Int: RandomSource] = [:]
    /// The memo of the search in progress (see `exploring`), or nil.
    var searchMemo: LuaRef?

    /// Takes `rule` over (a rule serves one engine) and binds the session's settings to it.
    public init(rule: LoadedRule, settings: EngineSettings) throws {
        precondition(!rule.isBound, "a loaded rule serves one engine: load it again (LoadedRule.reloaded) for another")
        self.rule = rule
        lua = rule.lua
        api = rule.api
        rule.readTranslations([settings.language])
        self.info = rule.info.localized(settings.language)
        self.settings = settings
        hostTexts = HostTexts(language: settings.language)
        random = RandomSource(seed: settings.seed)
        options = try rule.resolveOptions(settings.options, command: settings.command)
        let seats = settings.seats ?? info.seats.min
        guard info.seats.contains(seats) else {
            throw UsageError("\(info.id) is played by \(info.seats.description) players, not \(seats)")
        }
        seatCount = seats
        singleSeats = (1...seats).map { [$0] }
        if info.defaultWordList != nil && settings.words == nil {
            throw UsageError("\(info.id) plays a word list: give one with --words")
        }
        if info.defaultWordList == nil && settings.words != nil {
            throw UsageError("\(info.id) does not use word lists, so --words has no effect")
        }
        rule.isBound = true
        let keeper = ScoreKeeper(store: settings.scores, preset: settings.recordedBoards, presetRecords: settings.recordedRecords)
        keeper.game = info.scoreKey
        keeper.ruleHash = info.contentHash
        keeper.playerName = settings.player
        keeper.seatName = settings.seatName
        keeper.practice = settings.practice
        api.bind(options: options, seed: settings.seed, random: random, clock: settings.clock, words: settings.words,
                 scores: keeper, seats: seats)
        api.ascii = settings.ascii
        api.usesColour = settings.colour
        api.practice = settings.practice
        api.texts = info.texts
        api.language = settings.language
        switch settings.mode {
        case .interactive:
            break
        case .bulk(let seconds):
            // A whole game shares one time limit, and no count hook runs (about twice as fast
            // on tight loops): the watchdog alone stops a game that runs too long.
            lua.stepBudget = nil
            lua.timeLimit = seconds
            api.keepsMessages = false
        }
    }

    /// Releases the rule's Lua state at once (it is also released with the engine).
    public func close() { rule.close() }

    /// Whether the steps played now are played again from stored inputs (a served table
    /// rebuilt, or another server's move): they write no scores, results or saves, which were
    /// written when the steps were first played.
    public var replaying: Bool {
        get { api.scores.replaying }
        set { api.scores.replaying = newValue }
    }

    /// Whether the score store's reads are noted (`ScoreRead`): a served table stores a step's
    /// with its input, so that the step played again reads the same boards and records.
    package var notesScoreReads: Bool {
        get { api.scores.notesReads }
        set { api.scores.notesReads = newValue }
    }

    /// The score store's reads noted since the last call.
    package func takeScoreReads() -> [ScoreRead] { api.scores.takeReads() }

    /// Plays the next steps with `reads` given back for the score store's (nil: the store's),
    /// until `endScoreReplay`, which says whether they were read exactly.
    package func replayScoreReads(_ reads: [ScoreRead]?) { api.scores.replay(reads) }
    package func endScoreReplay() -> Bool { api.scores.endReplay() }

    /// Seconds one input may take (see `LuaState.timeLimit`).
    public var timeLimit: Double {
        get { lua.timeLimit }
        set { lua.timeLimit = newValue }
    }

    // MARK: Budgets

    /// Runs `body` with one budget of steps and time: an input (the move and the hooks it
    /// calls), or one part of what a step shows after it (`Table` asks each with a budget of
    /// its own). Bulk mode opens one for a whole game instead, which the inner ones draw on.
    public func step<T>(_ body: () throws -> T) rethrows -> T {
        lua.beginAllowance()
        defer { lua.endAllowance() }
        return try body()
    }

    /// Whether the step in progress has used up its budget of steps or time.
    public var budgetSpent: Bool { lua.allowanceSpent }

    // MARK: Games

    /// Whether the last game's setup failed for the rule's time or memory (a run of games stops
    /// there: the next game's setup would use them up too).
    public private(set) var setupUsedUpItsLimits = false

    /// Starts a game with `setup(game)`: game `number` (by default the next), with `seed` (by
    /// default the one the settings give that game). Each game has its chance and its word
    /// queue of its own, so a game replays from its seed and number alone.
    @discardableResult
    public func newGame(number: Int? = nil, seed: UInt64? = nil) throws -> EngineOutput {
        setupUsedUpItsLimits = false
        api.dropOutput()
        api.refusal = nil
        counted = false
        gamesStarted += 1
        gameNumber = number ?? (gameNumber == 0 ? settings.firstGame : gameNumber + 1)
        gameSeed = seed ?? settings.seed(ofGame: gameNumber)
        random.reseed(gameSeed)
        botChance = [:]
        clock.gameStarts()
        api.startGame(number: gameNumber, seed: gameSeed)
        version += 1
        // The last game's state, and the copy saved before its last move, are let go before
        // the new one is made: a rule may use its whole memory limit in each game.
        state = nil
        root = nil
        lua.forgetSnapshot()
        do {
            let returned = try lua.call(rule.hooks.setup, [.ref(api.table)], results: 1, tablesByReference: true).first
            guard case .ref(let table)? = returned, table.typeName == "table" else {
                throw RuleError(["\(info.path): setup must return the game's state as a table, not \(returned?.typeName ?? "nothing")"])
            }
            adopt(table)
            stateLost = nil
        } catch let error as LuaError {
            stateLost = describe(error, hook: "setup")
            setupUsedUpItsLimits = error.kind == .budget || error.kind == .memory
            throw RuleError([stateLost!])
        } catch let error as RuleError {
            stateLost = error.description
            throw error
        }
        let out = api.takeOutput()
        let ending = settleResult()
        return EngineOutput(messages: out.messages + takeDailyMessages(), privateMessages: out.privateMessages, bells: out.bells,
                            notices: api.scores.takeProblems(), rewards: Self.adding(out.rewards, ending))
    }

    /// Makes `table` the state, in a fresh root beside the host's data about it.
    private func adopt(_ table: LuaRef) {
        state = table
        let data = api.newGameData()
        root = lua.makeRef(.array([.ref(table), .ref(data)]))
        api.gameData = data
    }

    /// The word list's name as the rule sees it (`game.words.name`).
    public var wordListName: String? { settings.words.map { FileSystem.stem(of: $0.name) } }

    /// Whether a game is in play (setup succeeded and the state is there).
    public var hasGame: Bool { state != nil }

    // MARK: Moves

    /// Applies one input line of `seat` with `play(state, input, game, seat)`, all or nothing.
    /// The seat must be one of those to move. `final`: a refusal or an error of this move ends
    /// the session (a move the table's own player took from `moves()`), so in bulk mode, where
    /// no view of the state after it is drawn, the state is not saved first to be rolled back.
    public func play(_ input: String, seat: Int = 1, final: Bool = false) -> MoveOutcome {
        if let problem = seatProblem(seat) { return .refused(problem) }
        do {
            let turn = try toMove()
            if turn.isEmpty { return .refused("no seat is to move now") }
            if !turn.contains(seat) { return .refused("it is not seat \(seat)'s turn (\(Self.describe(turn)) to move)", .notYourTurn) }
        } catch {
            return .failed(String(describing: error), .ruleError)
        }
        api.input = input
        defer { api.input = "" }
        let rollsBack: Bool
        if case .bulk = settings.mode { rollsBack = !final } else { rollsBack = true }
        return transaction(hook: "play", seat: seat, rollsBack: rollsBack) { state in
            try callMove(rule.hooks.play, state, input, seat: seat)
        }
    }

    /// Calls `hook(state, text, game, seat)`, the shape of `play` and of a command's `run`, for
    /// what it returns (a table as a reference).
    private func callMove(_ hook: LuaRef, _ state: LuaRef, _ text: String, seat: Int) throws -> LuaValue {
        try lua.call(hook, arguments: { arguments in
            arguments.push(state)
            arguments.push(.string(text))
            arguments.push(api.table)
            arguments.push(Int64(seat))
        }) { try $0.valueKeepingTables(as: "result") }
    }

    /// Runs a command the rule added (`/hint`) with `run(state, args, game, seat)`.
    public func command(_ name: String, args: String, seat: Int = 1) -> MoveOutcome {
        guard let run = rule.commandRuns[name] else { return .refused("unknown command /\(name)") }
        if let problem = seatProblem(seat) { return .refused(problem) }
        return transaction(hook: "command /\(name)", seat: seat) { state in
            try callMove(run, state, args, seat: seat)
        }
    }

    /// Lets the rule finish a game the player leaves in the middle, with
    /// `leave(state, game, seat)`: like a move, all or nothing, and what it says is shown; a
    /// result it leads to is the game's, counted as any other. Nil when there is nothing to
    /// do: no `leave` hook, no game, or a game already over. A refusal there is no refusal:
    /// the player leaves all the same, with the state as it was.
    public func leave(seat: Int = 1) -> MoveOutcome? {
        guard let hook = rule.hooks.leave, hasGame, (try? result()) == nil, seatProblem(seat) == nil else { return nil }
        return transaction(hook: "leave", seat: seat) { state in
            try lua.call(hook, [.ref(state), .ref(api.table), .integer(Int64(seat))], results: 1, tablesByReference: true).first
        }
    }

    private func seatProblem(_ seat: Int) -> String? {
        (1...seatCount).contains(seat) ? nil : "there is no seat \(seat) (seats 1 to \(seatCount))"
    }

    static func describe(_ seats: [Int]) -> String {
        seats.count == 1 ? "seat \(seats[0]) is" : "seats " + seats.map(String.init).joined(separator: ", ") + " are"
    }

    /// What `play` would make of an input, with everything rolled back afterwards as after a
    /// refusal: check asks it of every move offered at a game's start.
    /// `inspect` runs in the state the move made, before it is rolled back (check's search for
    /// a state where no seat can move: the queries answer for that state).
    public func trial(_ input: String, seat: Int = 1, inspect: (() -> Void)? = nil) -> MoveOutcome {
        api.input = input
        defer { api.input = "" }
        return transaction(hook: "play", seat: seat, keep: false, inspect: inspect) { state in
            try callMove(rule.hooks.play, state, input, seat: seat)
        }
    }

    /// What a rule's command would do, rolled back afterwards (check's probe).
    public func trialCommand(_ name: String, args: String, seat: Int = 1) -> MoveOutcome {
        guard let run = rule.commandRuns[name] else { return .refused("unknown command /\(name)") }
        return transaction(hook: "command /\(name)", seat: seat, keep: false) { state in
            try callMove(run, state, args, seat: seat)
        }
    }

    /// Runs `body` on the state, all or nothing: a refusal or an error rolls everything back
    /// (the state from its snapshot, chance, words, scores, messages). Without `rollsBack` the
    /// state is not saved, and a failed move loses it (`stateLost`): for a move whose failure
    /// ends the session anyway.
    private func transaction(hook: String, seat: Int, keep: Bool = true, rollsBack: Bool = true, inspect: (() -> Void)? = nil,
                             _ body: (LuaRef) throws -> LuaValue?) -> MoveOutcome {
        guard let current = state, let root else { return .failed(stateLost ?? "\(info.path): no game has started", .ruleError) }
        api.dropOutput()
        api.refusal = nil
        api.seat = seat
        let chance = random.snapshot
        let words = api.words?.checkpoint()
        do {
            if rollsBack { try lua.saveSnapshot(of: root) }
        } catch let error as LuaError {
            return .failed(describe(error, hook: "saving the state before \(hook), as an earlier move left it: /undo takes that move back"), Self.code(of: error))
        } catch {
            return .failed(String(describing: error), .ruleError)
        }
        func rollBack() {
            // Everything reachable from the state as it was, in the same tables.
            do {
                guard rollsBack else { throw LuaHostError("the state was not saved before this move: the session ends") }
                let restored = try lua.restoreSnapshot(into: root)
                if restored != root { self.root = restored }
                if let table = try lua.rawElement(self.root!, 1), table.typeName == "table" {
                    state = table
                    api.gameData = try lua.rawElement(self.root!, 2)
                }
            } catch {
                state = nil
                self.root = nil
                stateLost = "\(info.path): the state could not be restored after \(hook): \(error) (/new starts a new game)"
            }
            random.restore(chance)
            if let words { api.words?.rollBack(to: words) }
            api.scores.discard()
            api.dropOutput()
        }
        do {
            let returned = try body(current)
            if let reason = api.refusal {  // refused even if the rule caught the refusal
                rollBack()
                return .refused(reason)
            }
            if !keep {
                let out = api.takeOutput()
                if let inspect {
                    let before = state
                    if case .ref(let replacement)? = returned, replacement.typeName == "table", replacement != current { state = replacement }
                    forgetCaches()
                    inspect()
                    state = before
                    forgetCaches()
                }
                rollBack()
                return .accepted(EngineOutput(messages: out.messages, privateMessages: out.privateMessages, bells: out.bells, rewards: out.rewards))
            }
            if case .ref(let replacement)? = returned, replacement.typeName == "table", replacement != current {
                state = replacement
                lua.setRawElement(root, 1, .ref(replacement))
            }
            // The state the move made must be one the rule can judge: a `result` or `turn` that
            // fails on it would fail every later input too, so such a move is not kept. (The
            // answers are kept for the new version: asking them costs nothing more.)
            version += 1
            if let judged = judgingMove({ _ = try toMove() }) {
                version -= 1
                forgetCaches()
                rollBack()
                return .failed(judged.description, judged.usedUpMemory ? .memory : judged.usedUpLimits ? .budget : .ruleError)
            }
            let out = api.takeOutput()
            api.scores.commit(at: clock.now())
            api.words?.commit()
            let ending = settleResult()
            return .accepted(EngineOutput(messages: out.messages + takeDailyMessages(), privateMessages: out.privateMessages, bells: out.bells,
                                          notices: api.scores.takeProblems(), rewards: Self.adding(out.rewards, ending)))
        } catch let error as LuaError {
            let reason = api.refusal
            rollBack()
            if let reason { return .refused(reason) }
            return .failed(describe(error, hook: hook), Self.code(of: error))
        } catch {
            rollBack()
            return .failed(String(describing: error), .ruleError)
        }
    }

    static func code(of error: LuaError) -> StepCode {
        switch error.kind {
        case .budget: .budget
        case .memory: .memory
        default: .ruleError
        }
    }

    /// Asks for the result of the state just made, once, and counts a game that has just
    /// ended in the statistics. Returns the rewards the result gives (`rewards = { 1, -1 }`):
    /// they belong to the step that ended the game, and to no later one.
    private func settleResult() -> [Int: Double] {
        guard !counted, let result = try? result() else { return [:] }
        counted = true
        // The winners as the statistics count them: the rule's own name for the winner (its
        // "player" is the person playing, by the name the boards give them), else the seats'
        // people (their names on the boards), else what the table calls the seats ("Bot", a
        // person's name), rather than "seat 2".
        let named = result.winningSeats.compactMap { seat in
            settings.seatName?(seat) ?? (seat <= recordedNames.count && !recordedNames[seat - 1].isEmpty ? recordedNames[seat - 1] : nil)
        }
        var winner = result.winner ?? (named.isEmpty || named.count != result.winningSeats.count ? result.winnerText : named.joined(separator: " & "))
        // (The keeper's name, asked for once: finding a login name reads the user database.)
        if winner == "player", let person = settings.seatName?(1) ?? Optional(api.scores.player), !person.isEmpty { winner = person }
        api.scores.recordResult(winner: winner, score: result.score, at: clock.now())
        if let date = settings.daily { dailyMessages = settleDaily(result, date: date) }
        return result.rewards
    }

    // MARK: The day's game

    /// What the day's game that just ended tells its player, for the step that ended it.
    private var dailyMessages: [String] = []
    /// The line to share of the day's game, once it is over.
    public private(set) var dailyShare: String?
    private func takeDailyMessages() -> [String] {
        defer { dailyMessages = [] }
        return dailyMessages
    }

    /// What this player was given to share of the day's game on `date` (`""`: begun, not
    /// finished); nil when they have not played it. Read from the store as it is now.
    public func dailyPlayed(_ date: String) -> String? {
        api.scores.hostRecord(DailyGame.record(date, player: dailyPlayer))?.string
    }

    /// Notes that this player began the day's game on `date`: the day's deal is theirs once,
    /// finished or not (a game left in the middle is taken up with `gamehost resume`).
    /// (`time` is the system's: the game's clock is read by its steps alone, so a game played
    /// again reads what it read the first time.)
    public func beginDaily(_ date: String, at time: Double) {
        api.scores.writeHostRecord(DailyGame.record(date, player: dailyPlayer), .string(""), at: time)
    }

    /// Forgets that this player began the day's game on `date`: left before its first move,
    /// it was not played.
    public func forgetDaily(_ date: String, at time: Double) {
        api.scores.writeHostRecord(DailyGame.record(date, player: dailyPlayer), .null, at: time)
    }

    /// The name the day's game is played under: the person in seat 1.
    private var dailyPlayer: String { settings.seatName?(1) ?? api.scores.player }

    /// Ranks the day's game on the day's board (its score, or 1 for a win and 0 otherwise),
    /// notes the line to share under the player's name, and says both.
    private func settleDaily(_ result: GameResult, date: String) -> [String] {
        let won = result.winner == "player" || result.winningSeats.contains(1)
        let texts = hostTexts
        let outcome = texts(won ? .dailyWon : result.winner == "draw" ? .dailyDraw : result.winner == nil && result.winningSeats.isEmpty ? .dailyPlayed : .dailyLost)
        let board = DailyGame.board(date)
        // The player's own score: seat 1's where the result gives each seat one, the game's
        // where the game is one person's (a table's score may be the winner's, not theirs).
        let score = result.seatScores[1] ?? (seatCount == 1 ? result.score : nil)
        let order: Leaderboard.Order = score != nil && result.lowerIsBetter ? .lower : .higher
        let rank = api.scores.submit(ScoreStore.Score(board: board, value: score ?? (won ? 1 : 0), order: order))
        api.scores.commit(at: clock.now())
        var share = "GameHost · \(info.title) · \(date) · \(outcome)"
        if let score { share += " · " + texts(.dailyScore, ["score": DailyGame.number(score)]) }
        if let rank {
            let count = api.scores.board(board, order: order).entries.count
            share += " · " + texts(.dailyRank, ["rank": Leaderboard.ordinal(rank, language: texts.language), "count": String(count)])
        }
        api.scores.writeHostRecord(DailyGame.record(date, player: dailyPlayer), .string(share), at: clock.now())
        dailyShare = share
        return [texts(.dailyDone, ["date": date]), share]
    }

    /// Rewards of one step added up by seat: `game.reward`'s and the result's.
    static func adding(_ a: [Int: Double], _ b: [Int: Double]) -> [Int: Double] { a.merging(b, uniquingKeysWith: +) }

    /// Runs `tool`, host Lua given the rule's state (the Lua function its source returns, loaded
    /// once an engine, with the host's own globals), with `arguments` after it; returns its
    /// `results` values. The tool's first result must be a function that puts back everything
    /// it changed (cheaper than a snapshot of the whole state, at every step of check):
    /// `restoreAlteredState` calls it. Tools that see beneath the rule (check's hiding proof)
    /// use it: the engine knows nothing of what they do.
    package func alterState(with tool: String, _ arguments: [LuaValue], results: Int) throws -> [LuaValue] {
        guard state != nil else { return [] }
        cachesBeforeAlteration = caches
        let answer = try runStateTool(tool, arguments, results: results)
        guard case .ref(let undo)? = answer.first, undo.typeName == "function" else {
            throw LuaHostError("\(info.path): a state tool returned no function to undo what it changed")
        }
        pendingUndo = undo
        forgetCaches()
        return answer
    }

    /// Runs `tool` (host Lua whose chunk returns a function, loaded once an engine) on the state
    /// with `arguments` after it, and returns its `results` values.
    func runStateTool(_ tool: String, _ arguments: [LuaValue], results: Int) throws -> [LuaValue] {
        guard let state else { return [] }
        if stateTools[tool] == nil {
            let chunk = try lua.load(tool, chunkName: "=host", inHostEnvironment: true)
            guard case .ref(let f)? = try lua.call(chunk, results: 1).first else { return [] }
            stateTools[tool] = f
        }
        return try lua.call(stateTools[tool]!, [.ref(state)] + arguments, results: results)
    }

    /// Puts the state back as `alterState` found it, and what the engine had read of it then.
    package func restoreAlteredState() throws {
        guard let undo = pendingUndo.take() else { return }
        try lua.call(undo, [], results: 0)
        forgetCaches()
        if let kept = cachesBeforeAlteration.take() { caches = kept }
    }

    /// The function that puts back what the last `alterState` changed.
    private var pendingUndo: LuaRef?

    /// What the engine had read of the state when `alterState` changed it: the state put back
    /// is the same, so they hold again (check's proof reads each seat's view of it).
    private var cachesBeforeAlteration: Caches?

    func forgetCaches() { caches = Caches() }

    /// Forgets the scores and records this session kept without a store, as if the session
    /// were new (check compares a second game with a first one: what the host keeps across
    /// games is not the rule's doing).
    package func forgetSessionScores() {
        guard settings.scores == nil else { return }
        let keeper = ScoreKeeper(store: nil)
        keeper.game = info.scoreKey
        keeper.ruleHash = info.contentHash
        keeper.practice = settings.practice
        api.scores = keeper
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

    // MARK: What the game looks like

    /// The outcome once the game is over, from `result(state, game)`: asked once per state.
    public func result() throws -> GameResult? {
        // (The version is compared before the answer is taken: a miss copies nothing.)
        if caches.result?.version == version { return try caches.result!.answer() }
        do {
            let result = try ask(.result) { answer -> GameResult? in
                // The usual table, only known fields, is read where it lies; any other answer
                // is copied whole, for its message.
                if answer.hasOnlyFields(GameResult.fieldNames) {
                    return try GameResult(seats: seatCount, path: info.path, texts: hostTexts) { try answer.field($0, as: "result") }
                }
                let value = try answer.value(as: "result")
                if value.isNil || value == .boolean(false) { return nil }
                guard value.map != nil else {
                    throw RuleError(["\(info.path): result must return nil or a table such as { winner = \"player\", summary = \"...\" }, not \(value.typeName)"])
                }
                return try GameResult(value, seats: seatCount, path: info.path, texts: hostTexts)
            }
            caches.result = KeptResult(version: version, value: result, error: nil)
            return result
        } catch {
            let failure = error as? RuleError ?? RuleError(["\(error)"])
            // A failure for the budget is asked again, not kept: each asking is then seen to use
            // up the budget, and inputs that keep doing it end the session (`Table.finish`).
            if !failure.usedUpLimits && !budgetSpent { caches.result = KeptResult(version: version, value: nil, error: failure) }
            throw failure
        }
    }

    /// The seats to move now: from `turn(state, game)`, or seat 1 in a one-seat game; none
    /// once the game is over (unless the rule plays on after its result).
    public func toMove() throws -> [Int] {
        if caches.turn?.version == version { return try caches.turn!.answer() }
        do {
            let seats = try seatsToMove()
            caches.turn = KeptTurn(version: version, seats: seats, error: nil)
            return seats
        } catch {
            let failure = error as? RuleError ?? RuleError(["\(error)"])
            if !failure.usedUpLimits && !budgetSpent { caches.turn = KeptTurn(version: version, seats: [], error: failure) }
            throw failure
        }
    }

    /// `turn(state, game)` checked: the seats to move, each once, in order.
    private func seatsToMove() throws -> [Int] {
        if try result() != nil && !info.playsAfterResult { return [] }
        guard rule.hooks.turn != nil else { return [1] }
        let answer = try query(.turn)
        // One seat, the usual answer, without a list made and sorted.
        if let n = answer.integer, (1...Int64(seatCount)).contains(n) { return singleSeats[Int(n) - 1] }
        let seats: [Int64]
        if let n = answer.integer { seats = [n] } else if let list = answer.array, list.allSatisfy({ $0.integer != nil }) {
            seats = list.compactMap(\.integer)
        } else {
            throw RuleError(["\(info.path): turn must return a seat number or a list of seat numbers, not \(answer.typeName)"])
        }
        guard let bad = seats.first(where: { !(1...Int64(seatCount)).contains($0) }) else {
            let unique = seats.count == 1 ? [Int(seats[0])] : Array(Set(seats.map { Int($0) })).sorted()
            guard !unique.isEmpty else { throw RuleError(["\(info.path): turn returned no seat, but result() says the game goes on"]) }
            return unique
        }
        throw RuleError(["\(info.path): turn returned seat \(bad), but the seats are 1 to \(seatCount)"])
    }

    /// The longest view shown (bytes): a screen, not a flood.
    public static let viewLimit = 1 << 20

    /// What `seat` sees now, as text: `view(state, game, seat)`, or its elements drawn as text
    /// (see `drawing(for:)`).
    public func view(for seat: Int = 1) throws -> String { try drawing(for: seat).text }

    /// What `seat` sees now: the text `view(state, game, seat)` returned, or the elements it
    /// returned, checked (a face-down card's face dropped), with their text at the protocol's
    /// width.
    public func drawing(for seat: Int = 1) throws -> RuleView {
        if memoizesQueries, let memo = caches.memo, memo.version == version, let view = memo.views[seat] { return view }
        let view = try drawingNow(for: seat)
        if memoizesQueries {
            if caches.memo?.version != version { caches.memo = Memo(version: version) }
            caches.memo?.views[seat] = view
        }
        return view
    }

    /// Whether each seat's view and moves are kept for as long as the state does not change
    /// (check, whose clock moves only with inputs, asks for them again at every step: the
    /// table for the step, the hiding proof for its comparison). Off elsewhere: a view that
    /// shows a clock changes while the state does not.
    public var memoizesQueries = false

    private func drawingNow(for seat: Int) throws -> RuleView {
        let value = try query(.view, seat: seat, maxLength: ViewElement.elementLimit, items: "elements")
        let view: RuleView
        switch value {
        case .string(let text):
            view = RuleView(text: text)
        case .array, .map:
            do {
                let elements = try ViewElementReader.elements(value)
                view = RuleView(text: ElementText.text(elements, width: ElementText.protocolWidth, ascii: settings.ascii, colour: settings.colour),
                                elements: elements)
            } catch let problem as ViewElementReader.Problem {
                throw RuleError(["\(info.path): \(problem)"])
            }
        default:
            throw RuleError(["\(info.path): view must return a string or a list of elements, not \(value.typeName)"])
        }
        guard view.text.utf8.count <= Self.viewLimit else {
            throw RuleError(["\(info.path): view returned \(view.text.utf8.count) bytes of text; a view may have \(Self.viewLimit >> 20) MB"])
        }
        return view
    }

    /// The most moves a rule may offer at once, each no longer than an input line.
    public static let movesLimit = 10_000

    /// The inputs `seat` may give now: `moves(state, game, seat)`, a list of strings that may
    /// also say it takes free text (`text = "a five-letter word"`, and a `pattern`). A seat
    /// that is not to move has none.
    public func moves(for seat: Int = 1) throws -> Moves {
        if memoizesQueries, let memo = caches.memo, memo.version == version, let moves = memo.moves[seat] { return moves }
        guard try toMove().contains(seat) else { return Moves([]) }
        let moves: Moves
        switch try ask(.moves, seat: seat, maxLength: Self.movesLimit, stringsOf: InputLine.limit) {
        case .strings(let listed): moves = Moves(listed)  // what `Moves(reading:)` checks, `stringList` has
        case .value(let value): moves = try Moves(reading: value, path: info.path) { pattern in LuaPattern.problem(pattern) }
        }
        if memoizesQueries {
            if caches.memo?.version != version { caches.memo = Memo(version: version) }
            caches.memo?.moves[seat] = moves
        }
        return moves
    }

    /// The input the rule's own player gives for `seat`: `bot(state, game, seat)`.
    ///
    /// A bot draws its chance from a stream of its own seat's, not the game's: a query's
    /// draws on the game's chance are undone, so two bots (or one bot asked twice) would
    /// otherwise draw the same numbers for ever, and two bots at Rock · Paper · Scissors would
    /// tie every throw. The stream starts from the game's seed and the seat (so a seed replays
    /// the bots' moves too) and moves on with each bot move.
    /// `peeking`: the bot's chance is put back afterwards, so the move it would make is asked
    /// without changing the ones it will make (check's proof that a bot sees what its seat does).
    public func botMove(for seat: Int = 1, peeking: Bool = false) throws -> String {
        guard rule.hooks.bot != nil else { throw RuleError(["\(info.path): the rule has no bot"]) }
        let chance = botChance[seat] ?? RandomSource(seed: Self.botSeed(game: gameSeed, seat: seat))
        botChance[seat] = chance
        let drawn = chance.snapshot
        api.random = chance
        defer {
            api.random = random
            if peeking { chance.restore(drawn) }
        }
        let value = try query(.bot, seat: seat)
        guard let move = value.string, move.utf8.count <= InputLine.limit else {
            throw RuleError(["\(info.path): bot returned \(value.typeName), not an input (a string of at most \(InputLine.limit) bytes)"])
        }
        return move
    }

    /// The seed of the chance the bot in `seat` draws from in a game played with `gameSeed`.
    static func botSeed(game gameSeed: UInt64, seat: Int) -> UInt64 {
        EngineSettings.mix(gameSeed ^ 0xB07_C4A9_CE5E_ED5, seat)
    }

    /// Whether a Lua pattern matches all of `text` (false for a malformed pattern).
    public func matches(pattern: String, _ text: String) -> Bool { rule.matches(pattern: pattern, text) }

    /// The state as the host reads it. A state that cannot be read (a cycle, more than the read
    /// limits) is the rule's error, naming where: `state.self: ...`.
    public func stateValue() throws -> LuaValue {
        guard let state else { return .nil }
        if caches.state?.version == version { return caches.state!.value }
        do {
            let value = try lua.read(state, as: "state")
            caches.state = KeptState(version: version, value: value)
            return value
        } catch {
            throw RuleError(["\(info.path): \(error)"])
        }
    }

    /// Whether every query hook is held to only looking: a change it makes to the state is an
    /// error naming the hook and the field, and is undone (check's proof; it reads the state
    /// again after each query).
    public var verifiesQueries = false

    public func stateJSON() throws -> JSONValue { StateJSON.convert(try stateValue(), maps: info.mapPaths) }

    /// What `seat` may know of the game (the protocol's observation): the rule's
    /// `observe(state, game, seat)`, or by default the state without the fields the rule marks
    /// secret, with every card the seat may not see shown as hidden (see `Observation`).
    public func observation(for seat: Int = 1) throws -> JSONValue {
        if rule.hooks.observe != nil { return StateJSON.convert(try query(.observe, seat: seat), maps: info.mapPaths) }
        guard case .map(var fields) = try stateValue() else { return try stateJSON() }
        for name in info.secretFields { fields[name] = nil }
        for name in info.privateFields { fields[name] = fields[name].map { Observation.hidingOthers($0, from: seat) } }
        return StateJSON.convert(Observation.hidingCards(.map(fields), from: seat), maps: info.mapPaths)
    }

    /// A fingerprint of everything reachable from the state, in the snapshot's terms: equal
    /// before and after a call that changed nothing (check's proof that the queries only look).
    public func stateBytes() throws -> [UInt8] {
        guard let root else { return [] }
        return try lua.snapshotBytes(of: root)
    }

    /// The hooks that only look at a game (`query`), by their names in a rule.
    enum Query: String {
        case view, moves, observe, bot, turn, result
        case searchMoves = "search.moves"
    }

    /// Calls a query hook; messages it says are dropped (views must not talk), and chance it
    /// draws is undone. `maxLength`: a table longer than this (raw length) is refused before
    /// it is read.
    func query(_ hook: Query, seat: Int = 1, maxLength: Int? = nil, items: String = "values") throws -> LuaValue {
        switch try ask(hook, seat: seat, maxLength: maxLength, items: items) {
        case .value(let value): return value
        case .strings(let list): return .array(list.map(LuaValue.string))
        }
    }

    /// What a query hook returned: a list of strings read as one (see `LuaState.stringList`),
    /// or any value, read by the reader.
    enum Answer {
        case strings([String])
        case value(LuaValue)
    }

    /// `query`; with `stringsOf`, a list of strings of at most that many bytes each is read as
    /// one, without a `LuaValue` for each (`moves`, at every step).
    func ask(_ hook: Query, seat: Int = 1, maxLength: Int? = nil, items: String = "values", stringsOf maxBytes: Int? = nil) throws -> Answer {
        try ask(hook, seat: seat) { result in
            let name = hook.rawValue
            guard let maxLength, result.isTable else { return .value(try result.value(as: "result")) }
            let length = result.rawLength
            guard length <= maxLength else {
                throw RuleError(["\(info.path): \(name) returned \(length) \(items), more than \(maxLength)"])
            }
            if let maxBytes, let list = result.stringList(maxBytes: maxBytes) { return .strings(list) }
            return .value(try result.value(as: name))
        }
    }

    /// Runs `judge` (queries of the state a move just made, before the move is kept) and
    /// returns how it failed. The move's messages and scores stay waiting meanwhile: a query
    /// cannot add to them (the game's functions that would are errors in a query).
    private func judgingMove(_ judge: () throws -> Void) -> RuleError? {
        keepsMoveOutput = true
        defer { keepsMoveOutput = false }
        do {
            try judge()
            return nil
        } catch {
            return error as? RuleError ?? RuleError(["\(error)"])
        }
    }
    /// A query runs while a move waits to be kept (`judgingMove`): it leaves the move's output.
    private var keepsMoveOutput = false

    /// Asks the rule's query `hook` and hands `read` its answer where it lies in Lua. Nothing
    /// the query does is kept: chance, words, scores and messages are as they were.
    func ask<T>(_ hook: Query, seat: Int = 1, read: (LuaResult) throws -> T) throws -> T {
        guard let state else { throw RuleError([stateLost ?? "\(info.path): no game has started"]) }
        let function: LuaRef
        switch hook {
        case .view: function = rule.hooks.view
        case .moves: function = rule.hooks.moves
        case .observe: function = rule.hooks.observe!
        case .bot: function = rule.hooks.bot!
        case .turn: function = rule.hooks.turn!
        case .searchMoves: function = rule.hooks.candidates!
        case .result: function = rule.hooks.result
        }
        let takesSeat = hook != .result && hook != .turn
        // In a search, the bot and search.moves get the search's memo (see `exploring`).
        let memo = hook == .bot || hook == .searchMoves ? searchMemo : nil
        let name = hook.rawValue
        let chance = random.snapshot
        let words = api.words?.checkpoint()
        api.seat = seat
        api.query = name
        defer {
            api.query = nil
            random.restore(chance)
            if let words { api.words?.rollBack(to: words) }
            if !keepsMoveOutput { api.scores.discard(); api.dropOutput() }
            api.refusal = nil
        }
        let before: LuaValue? = verifiesQueries ? try stateValue() : Optional<LuaValue>.none
        do {
            return try lua.call(function, arguments: { arguments in
                arguments.push(state)
                arguments.push(api.table)
                if takesSeat { arguments.push(Int64(seat)) }
                if let memo { arguments.push(memo) }
            }) { result in
                if let before {
                    let after = try lua.read(state, as: "state")
                    if let path = LuaValue.firstDifference(before, after, at: "state") {
                        throw RuleError(["\(info.path): \(name) changed the state at \(path) (view, moves, result, turn, observe and bot only look: change the state in play)"])
                    }
                }
                return try read(result)
            }
        } catch let error as LuaError {
            throw RuleError([describe(error, hook: name)], usedUpLimits: error.kind == .budget, usedUpMemory: error.kind == .memory)
        } catch let error as LuaReadError {
            throw RuleError(["\(info.path): \(name) returned a value the host cannot read (\(error))"])
        }
    }

    // MARK: Messages

    /// "rules/x.lua:12: (rest)" as its position and the rest.
    static func splitPosition(_ message: String) -> (String, String) {
        guard let paren = message.firstRange(of: "(error object") else { return ("", message) }
        return (String(message[..<paren.lowerBound]), String(message[paren.lowerBound...]))
    }

    /// One line for the player: the rule's file and line first.
    func describe(_ error: LuaError, hook: String) -> String {
        let path = info.path
        switch error.kind {
        case .memory: return "\(path): \(error.message) (in \(hook))"
        case .value:
            // The message starts with the rule's file and line where Lua knows them.
            let (position, what) = error.message.hasPrefix("(") ? ("\(path): ", error.message) : Self.splitPosition(error.message)
            return "\(position)\(hook) raised an error object that is not a string \(what)"
        case .data: return "\(path): \(hook) returned a value the host cannot read (\(error.message))"
        case .budget, .runtime, .syntax:
            guard error.message.hasPrefix(path) || error.message.contains(".lua:") else {
                return "\(path): \(error.message) (in \(hook))"
            }
            // An error in a library the rule requires: name the rule's own line that led there.
            if !error.message.hasPrefix(path + ":"), let line = Self.callSite(in: error.traceback, of: path) {
                return error.message + " (called from \(path):\(line))"
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

/// What an accepted step said: to every seat, to one seat only, and to the player of the host.
public struct EngineOutput: Equatable, Sendable {
    public var messages: [String] = []
    /// Messages for one seat's eyes (`game.say_to(seat, ...)`), by seat.
    public var privateMessages: [Int: [String]] = [:]
    public var bells = 0
    /// What each seat earned (`game.reward`).
    public var rewards: [Int: Double] = [:]
    /// What the host tells the player about itself, apart from the game (scores that could
    /// not be saved): shown once, on stderr at a terminal.
    public var notices: [String] = []

    public init(messages: [String] = [], privateMessages: [Int: [String]] = [:], bells: Int = 0, notices: [String] = [],
                rewards: [Int: Double] = [:]) {
        self.messages = messages
        self.privateMessages = privateMessages
        self.bells = bells
        self.notices = notices
        self.rewards = rewards
    }
}

/// What became of one input.
public enum MoveOutcome: Equatable, Sendable {
    /// Applied: the state moved on.
    case accepted(EngineOutput)
    /// Not applied, with the reason (the rule's, `game.refuse`, or the host's): nothing
    /// changed. The code says which kind of refusal it is (`notYourTurn` for a seat that is
    /// not to move, whatever the rule's refusals say).
    case refused(String, StepCode = .refused)
    /// Not applied: the rule failed (an error, the budget, the memory); nothing changed. The
    /// code says which.
    case failed(String, StepCode)
}
