import GameCore
import GamePresenters
import GameRules
import GameRuntime
import GameStorage
import Locking
import LuaKit
#if canImport(Glibc)
import Glibc
#endif

/// One table of a server: an engine and its `Table`, the seats and who holds them, and the
/// connections that show it. All of its work runs in its lane of the pool, one job at a time, so
/// nothing here is touched by two threads at once; the lobby only reads `code`, `lane` and the
/// seat list kept behind `roster`'s lock.
final class ServedTable: @unchecked Sendable {
    // Sound as Sendable: everything but the constants and the locked `roster` and `lastActive`
    // is touched only by jobs of `lane`, which run one at a time (the pool hands each job over
    // with `sending`), or by `GameServer.rebuild` on the restorer's thread before the lobby lists it.
    // The server tests run under the thread sanitizer, which reports a touch from elsewhere.
    let code: String
    let lane = TablePool.Lane()
    /// Whether the table may search (a seat is the search player's, or its rule allows hints and
    /// the coach): its jobs then run on the server's thinking threads, so its seconds of
    /// thought never hold a thread other tables need.
    let thinks: Bool
    let game: String
    let store: TableStore?

    /// The seats as the lobby sees them (who fills each, its name and token), under a lock:
    /// joins are decided on the connection's thread.
    let roster: Locked<[TableStore.SeatRecord]>
    /// When an input last came (the lobby closes tables idle for long).
    let lastActive = Locked(SystemClock().now())
    /// How many connections show the table now (seats and watchers), for the lobby: a full
    /// server makes room by closing a table nobody is at.
    let connected = Locked(0)

    private var engine: GameEngine?
    private var table: Table?
    /// The table's driver: every step it makes is noted (`note`) as it comes.
    private var driver: Driver?
    /// The clock the rule reads: readings stored with the inputs played again first, then `liveClock`.
    private var clock: ResumingClock
    private let liveClock: Clock
    private var options: [String: String]
    /// Connections showing the table: a seat's (there may be several: a phone and a laptop)
    /// and watchers', each with the presenter that writes its protocol stream.
    private var listeners: [Int: Listener] = [:]
    private var lastStep: Step?
    /// A new table's steps before its creator is attached (its first, and the machines' moves
    /// after it) keep their views: the creator is sent them as they were made, the stream
    /// `gamehost play --json --as 1` writes, not as the steps a seat back on a table is shown.
    private var keepsStepsForCreator = false
    private var gameStart: GameStart?
    /// The seat of each input stored (0: an event: a seat's naming, a request to take a move
    /// back or an answer); their number is the table's count of stored inputs.
    private var inputSeats: [UInt8] = []
    private var inputs: Int { inputSeats.count }
    private(set) var finished = false

    final class Listener {
        let socket: any TableConnection
        let seat: Int?
        let presenter: JSONLinesPresenter
        init(socket: any TableConnection, seat: Int?) {
            self.socket = socket
            self.seat = seat
            presenter = JSONLinesPresenter(SocketLines(socket))
            presenter.seat = seat
        }
    }

    /// Folders of the server's machine (the rules folders, the data folder) whose names a
    /// rule's error would otherwise show to everyone at the table: said as the file's name alone.
    let privateFolders: [String]

    /// The most inputs and bytes of input the table stores (`ServerLimits`), and what it has.
    let historyLimit: (inputs: Int, bytes: Int)
    private var storedBytes = 0

    init(code: String, game: String, options: [String: String], seats: [TableStore.SeatRecord], store: TableStore?, hints: Bool = false,
         privateFolders: [String] = [], historyLimit: (inputs: Int, bytes: Int) = (20_000, 2 << 20), clock live: Clock = SystemClock()) {
        self.historyLimit = historyLimit
        self.privateFolders = privateFolders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }.sorted { $0.count > $1.count }
        self.code = code
        self.game = game
        self.options = options
        self.store = store
        thinks = hints || seats.contains { $0.filler == "search" }
        roster = Locked(seats)
        liveClock = live
        clock = ResumingClock(replaying: [], then: live)
    }

    // MARK: Lane jobs (one at a time)

    /// Makes the engine and starts the first game (or, when `saved`, plays the table's stored
    /// inputs again to where it was). Throws when the game cannot start.
    /// `memory`: the account the server's tables share (`ServerLimits.tablesMemoryBytes`).
    /// `wordsName`: the list's name where the table chose one (the replay line repeats it).
    /// `daily`: the date of the day's game the table plays (a saved table's own otherwise).
    /// `language`: the language its maker's browser asked for (a saved table's own otherwise).
    /// `practice`: made for practice (a saved table's own otherwise): moves may be taken back,
    /// and scores are kept apart, never ranked.
    func open(rule: LoadedRule, words: WordList?, wordsName: String? = nil, daily: String? = nil, language: String? = nil, practice: Bool = false,
              scores: (any ScoreDatabase)?, saved: TableStore.Saved?, timeLimit: Double,
              thinking: SearchPlayer.Budget = ServerLimits().thinking, memory: MemoryAccount? = nil) throws {
        let daily = saved?.daily ?? daily
        let language = saved?.language ?? language
        let practice = saved?.practice ?? practice
        opening = Opening(wordsName: wordsName, scores: scores, timeLimit: timeLimit, thinking: thinking, memory: memory)
        keepsStepsForCreator = saved == nil
        if let memory { rule.lua.share(memory) }
        // The inputs played again: those stored, less the moves taken back since (`TableUndo`).
        let plan = saved.map { saved in TableUndo.plan(saved.inputs.map { ($0.seat, $0.line) }, seats: saved.seats.count) }
        undo = plan?.undo ?? TableUndo()
        if let saved, let plan {
            clock = ResumingClock(replaying: saved.startClock + plan.played.flatMap { saved.inputs[$0].clock }, then: liveClock)
        }
        self.practice = practice
        self.daily = daily
        let seats = roster.withLock { $0.map { $0 } }  // a buffer of its own: none shared with a writer
        var settings = EngineSettings()
        settings.options = options
        settings.command = .served
        settings.words = words
        settings.scores = scores
        settings.clock = clock
        settings.seats = seats.count
        // A table a move was taken back at plays on as practice, as a terminal's game does.
        settings.practice = practice || undo.tookBack
        // Scores and results go on the boards under the names of the people in the seats.
        let roster = self.roster
        settings.seatName = { seat in
            roster.withLock { seats in
                guard seat >= 1, seat <= seats.count, seats[seat - 1].filler == "person" else { return nil }
                return seats[seat - 1].name.isEmpty ? "seat \(seat)" : seats[seat - 1].name
            }
        }
        // Each game's seed is drawn fresh and stored, so one game's seed (shown once it is
        // over) tells nothing of the next, and a restart plays the same games again.
        seeds = saved?.seeds ?? [:]
        var gameNumber = 1
        let store = self.store, code = self.code
        let drawn: () -> UInt64 = { [unowned self] in
            gameNumber += 1
            if let seed = seeds[gameNumber] { return seed }
            if playingStored {
                // Another server's input began the game: it stored the game's seed first.
                do {
                    if let seed = try store?.seed(code: code, game: gameNumber) {
                        seeds[gameNumber] = seed
                        return seed
                    }
                    storeFailure = "game \(gameNumber)'s seed is not stored"
                } catch {
                    storeFailure = "\(error)"
                }
                return 0
            }
            let seed = Secrets.seed()
            // Checked at the end of the step that drew it (`handle`): the engine cannot stop here.
            do { try store?.addSeed(code: code, game: gameNumber, seed: seed) } catch { storeFailure = "\(error)" }
            return seed
        }
        // The day's game is the day's deal, the same on every server.
        settings.seed = seeds[1] ?? daily.map { DailyGame.seed(game: rule.info.id, date: $0) } ?? Secrets.seed()
        settings.drawSeed = drawn
        settings.daily = daily
        if let language { settings.language = language }
        if saved == nil { try store?.addSeed(code: code, game: 1, seed: settings.seed) }
        let engine = try GameEngine(rule: rule, settings: settings)
        engine.timeLimit = timeLimit
        // What a step reads of the scores is stored with its input, so that every server that
        // plays the input again (and a rebuild) ranks against the boards the step first saw.
        engine.notesScoreReads = true
        let namedLater = Set((saved?.inputs ?? []).filter { $0.seat == 0 }.compactMap { Self.nameEvent($0.line)?.seat })
        let fillers: [Table.Filler] = seats.enumerated().map { k, seat in
            switch seat.filler {
            case "bot": return .bot
            case "random": return .random
            case "search": return .search
            // A seat named by a stored event (taken after the game began) is named when the
            // event is played, as it was at first.
            default: return .person(namedLater.contains(k + 1) ? "" : seat.name)
            }
        }
        if let daily, saved == nil {
            // Played once a day by each name: the name in seat 1 takes the day, or is told
            // it had it.
            if let given = engine.dailyPlayed(daily) {
                engine.close()
                throw ServeError(given.isEmpty ? "you began today's \(rule.info.title) already: the game of the day is played once"
                                               : "you played today's \(rule.info.title): \(given)")
            }
            engine.beginDaily(daily, at: SystemClock().now())
        }
        let table = Table(engine: engine, fillers: fillers)
        table.daily = daily
        table.thinking = thinking
        if let wordsName { table.replayArguments += ["--words", wordsName] }
        table.viewers = Array(1...seats.count)
        table.anySeatMayRestart = seats.filter { $0.filler == "person" }.count <= 1
        table.machineView = .observation
        table.commandHelp = Table.servedCommandHelp
        self.engine = engine
        self.table = table
        let driver = Driver(table: table)
        driver.observers.append { [unowned self] step in self.note(step) }
        self.driver = driver
        if let saved { engine.replayScoreReads(saved.startReads) }
        let start = driver.start()
        if table.finished {
            finished = true
            throw ServeError(start.reason ?? "the game did not start")
        }
        driver.playAutomaticMovesForObservers()
        if saved == nil {
            try store?.setStart(code: code, clock: clock.take(), reads: engine.takeScoreReads())
        } else {
            _ = engine.takeScoreReads()
            guard engine.endScoreReplay() else { throw ServeError(Self.readsDiffer) }
        }
        if let saved, let plan {
            for k in plan.played {
                let input = saved.inputs[k]
                playStored(input.line, n: k + 1, seat: input.seat, clock: input.clock, reads: input.reads, showing: false)
                if let storeFailure { throw ServeError(storeFailure) }
                if finished { break }
            }
            // Every input stored counts, played or taken back: the next is stored after them all.
            inputSeats = saved.inputs.map { UInt8(clamping: $0.seat) }
            storedBytes = saved.inputs.reduce(0) { sum, input in
                sum + (input.seat == 0 ? input.line.utf8.count + 2
                                       : input.line.utf8.count + TableStore.encode(input.clock).utf8.count + ScoreRead.encode(input.reads ?? []).utf8.count)
            }
        }
        _ = clock.take()
    }

    /// What the table's first opening was given that a reopening (to take a move back) gives again.
    private struct Opening {
        var wordsName: String?
        var scores: (any ScoreDatabase)?
        var timeLimit: Double
        var thinking: SearchPlayer.Budget
        var memory: MemoryAccount?
    }
    private var opening: Opening?
    /// A fresh copy of the table's rule and its word list, for playing the table again without a
    /// move (`takeBack`): an engine's rule is its own. Set by the server.
    var freshRule: (() throws -> (rule: LoadedRule, words: WordList?))?
    /// Whether the table was made for practice.
    private(set) var practice = false
    private var daily: String?
    /// The requests to take a move back and their answers, as the stored inputs have them.
    private var undo = TableUndo()
    /// The inputs all the server's tables' takings-back may replay (`askToTakeBack`). Set by the server.
    var serverReplays: Locked<Allowance>?
    /// The inputs the table's takings-back may replay (`askToTakeBack`).
    private lazy var replays = Allowance(perSecond: Double(historyLimit.inputs) / 60, burst: Double(historyLimit.inputs))
    /// The moves of the game in play, by the number of the input that made each: `/undo` takes
    /// back its seat's last.
    private var movesThisGame: [(n: Int, seat: Int, game: Int)] = []

    /// Why a stored input cannot be played again: its step read other scores than it did when
    /// it was first played (another program changed the store, or the rule is not the same).
    static let readsDiffer = "a step played again from the store read other scores than it first did"

    /// Each game's seed, by number (stored when drawn).
    private var seeds: [Int: UInt64] = [:]
    /// Set while a stored input is played again: its scores are not written again, and a game
    /// it begins takes its stored seed.
    private var playingStored = false

    /// Why the last input was not taken, for its sender, when it was not the game's to say
    /// (the table is busy on another server).
    private(set) var refusal: String?

    /// Takes an input of `seat`, stores it, and shows the step (and the steps the table then
    /// plays itself) to every connection. In a store other servers share, the table's lock is
    /// taken first and the inputs they stored meanwhile are played (and shown) before it, so
    /// the input is stored as the table's next and is played on the table as everyone has it.
    @discardableResult
    func handle(_ line: String, seat: Int) -> Step? {
        refusal = nil
        guard let sharing = store?.sharing, !finished else { return take(line, seat: seat) }
        do {
            guard try sharing.lock(code) else {
                refusal = "the table is busy on another server: try again"
                return nil
            }
        } catch {
            stopForStore("\(error)")
            return nil
        }
        defer { sharing.unlock(code) }
        // What other servers stored meanwhile is played first (most moves find nothing new:
        // one question, no read of the table).
        do {
            let stored = try sharing.look(code)
            if stored.last != inputs || stored.ended { refresh() }
        } catch {
            stopForStore("\(error)")
            return nil
        }
        guard !finished else { return nil }
        return take(line, seat: seat)
    }

    /// A seat's input: `/undo` and the answers to it are the table's to settle (`TableUndo`),
    /// anything else is played.
    private func take(_ line: String, seat: Int) -> Step? {
        // Read as the table reads a command (`/undo now` asks too).
        switch Table.commandName(of: line) {
        case "undo": return askToTakeBack(seat: seat)
        case "agree": return answer(agrees: true, seat: seat)
        case "refuse": return answer(agrees: false, seat: seat)
        default: return play(line, seat: seat)
        }
    }

    /// Brings the table up to what the store holds (a shared store's: other servers changed
    /// it): the seats as taken, the inputs stored since, played and shown, and its end where
    /// another server ended it. A store that cannot be read, or holds what cannot be played,
    /// sets the table aside (it is rebuilt from the store when next asked for).
    func refresh() {
        // A table not yet opened has nothing to bring up to date (its opening reads the store as
        // it is then); and a table being made is not stored yet, so to ask the store for it would
        // find nothing and end it before it began.
        guard let store, store.shared, !finished, table != nil else { return }
        do {
            // The seats are read and set under the roster's lock, as a seat taken on a
            // connection's thread is stored and set (`GameServer.joinShared`): seats read before
            // it was taken never replace it (its holder would go unnamed).
            var seatsChanged = false
            let stored = try roster.withLock { roster in
                let stored = try store.seats(code: code)
                if let stored, roster != stored.seats {
                    roster = stored.seats
                    seatsChanged = true
                }
                return stored
            }
            guard let stored else { return close(reason: .quit, says: "this table is no longer stored") }
            if seatsChanged { broadcastRoster() }
            while !finished {
                // Bounded as the table's own inputs are: a store written past it is not played.
                guard inputs < historyLimit.inputs, storedBytes <= historyLimit.bytes else { return _ = closeForHistory() }
                let batch = try store.inputs(code: code, after: inputs, limit: min(Self.inputsReadAtOnce, historyLimit.inputs - inputs + 1),
                                             bytes: historyLimit.bytes - storedBytes, seats: stored.seats.count)
                var reopened = false
                for input in batch where !finished && !reopened {
                    clock.replay(input.clock)
                    // (Played again from the store, a move taken back reopens the table at the
                    // store's last input: the rest of this batch is played already.)
                    reopened = playStored(input.line, n: input.n, seat: input.seat, clock: input.clock, reads: input.reads, showing: true)
                    if !reopened { _ = clock.take() }
                    if let failure = storeFailure { return stopForStore(failure) }
                }
                if batch.count < Self.inputsReadAtOnce && !reopened { break }
            }
            if stored.ended && !finished { close(reason: .quit, says: "this table was closed on another server") }
        } catch {
            stopForStore("\(error)")
        }
    }

    static let inputsReadAtOnce = 500

    /// Plays stored input `n` again: a seat's move, or (seat 0) the naming of a seat or an event
    /// of taking a move back. True when the event took a move back, and the table was opened
    /// again at the store's last input.
    @discardableResult
    private func playStored(_ line: String, n: Int, seat: Int, clock readings: [Double], reads: [ScoreRead]?, showing: Bool) -> Bool {
        guard seat == 0 else {
            play(line, seat: seat, n: n, replaying: (readings, reads), showing: showing)
            return false
        }
        inputSeats.append(0)
        storedBytes += line.utf8.count + 2
        if let event = TableUndo.event(line) {
            return settle(applying: event, n: n)
        }
        if let event = Self.nameEvent(line) { rename(seat: event.seat, to: event.name) }
        return false
    }

    /// A seat's naming as stored among the inputs (seat 0): `[seat, "name"]`.
    static func nameEvent(_ line: String) -> (seat: Int, name: String)? {
        guard case .array(let items)? = try? JSONValue(parsing: line), items.count == 2,
              case .int(let seat) = items[0], case .string(let name) = items[1] else { return nil }
        // Cleaned as a name is when a seat is taken: another program may have written the store.
        return (Int(seat), PlayerName.clean(name))
    }

    /// Plays an input: the live one of `handle`, or (`replaying`: its stored clock readings and
    /// score reads) a stored one, which is not stored again and is shown only when `showing`
    /// (another server's input, played here).
    /// `n`: the number the input is stored as (a live one's is the next).
    @discardableResult
    private func play(_ line: String, seat: Int, n stored: Int? = nil, replaying replayed: (clock: [Double], reads: [ScoreRead]?)? = nil,
                      showing: Bool = false) -> Step? {
        guard let table, let driver, let engine, !finished else { return nil }
        let replaying = replayed != nil
        // A line too long to read is stored as its stand-in, which the table refuses alike.
        let kept = TableStore.stored(line)
        if !replaying && (inputs >= historyLimit.inputs || storedBytes + kept.utf8.count > historyLimit.bytes) {
            return closeForHistory()
        }
        playingStored = replaying
        engine.replaying = replaying
        defer { playingStored = false; engine.replaying = false }
        if let replayed { engine.replayScoreReads(replayed.reads) }
        let steps = [driver.submit(line, seat: seat)] + driver.playAutomaticMoves()
        seatsLastInput[seat] = (steps[0].game, steps[0].number)
        let n = stored ?? inputs + 1
        if steps[0].status == .accepted && !steps[0].automatic {
            movesThisGame.removeAll { $0.game != steps[0].game }
            movesThisGame.append((n, seat, steps[0].game))
        }
        // The clock readings and score reads are stored with the line, and count with it: a
        // rule that reads the clock all through a step cannot grow the store past the table's bound.
        let readings = replayed?.clock ?? clock.take()
        let reads = engine.takeScoreReads()
        if replaying, !engine.endScoreReplay() { storeFailure = storeFailure ?? Self.readsDiffer }
        let readsText = ScoreRead.encode(replayed?.reads ?? reads)
        storedBytes += kept.utf8.count + TableStore.encode(readings).utf8.count + readsText.utf8.count
        lastActive.withLock { $0 = SystemClock().now() }
        if !replaying {
            // Not stored, not shown: the step past the bound ends the table before anyone sees it.
            if storedBytes > historyLimit.bytes { return closeForHistory() }
            // Stored before anyone hears of it: a step a player saw is a step a restart plays.
            // A store that fails sets the table aside: its moves would be lost at the next start.
            do {
                try store?.addInput(code: code, n: inputs + 1, seat: seat, line: kept, clock: readings, reads: reads, at: SystemClock().now())
            } catch {
                storeFailure = storeFailure ?? "\(error)"
            }
            if let failure = storeFailure {
                stopForStore(failure)
                return nil
            }
            inputSeats.append(UInt8(clamping: seat))
            for step in steps { show(step) }
            // A move played while someone asks to take one back answers the request: it lapses.
            if undo.pending != nil, steps.contains(where: { $0.status == .accepted }), !table.finished {
                _ = record(.lapse)
            }
        } else {
            inputSeats.append(UInt8(clamping: seat))
            if showing { for step in steps { show(step) } }
        }
        if table.finished { close(reason: table.endReason) }
        return steps.last
    }

    /// Ends a table that has stored its most inputs or bytes of them (they are replayed at every
    /// restart): its players are told to start a new one.
    private func closeForHistory() -> Step? {
        Self.log("table \(code) has stored its most moves (\(inputs) inputs, \(storedBytes) bytes); it is closed")
        close(reason: .quit, says: "this table has played its most moves (\(historyLimit.inputs) inputs, \(historyLimit.bytes >> 10) KB): start a new table to play on")
        return nil
    }

    /// The table's engine, for a job of the table's lane that looks beneath the protocol (the
    /// tests' hiding proof at a served table changes what a seat may not see, and puts it back).
    func withEngine<Result>(_ body: (GameEngine) throws -> Result) rethrows -> Result? {
        guard let engine else { return nil }
        return try body(engine)
    }

    /// A connection takes a seat (or watches, with no seat): it is told where it sits, then
    /// shown the game as it is now.
    func attach(_ socket: any TableConnection, seat: Int?, joined: JSONValue) {
        socket.send(joined.encoded)
        guard let table, !finished else { return sendRoster(to: socket) }
        if let seat { nameSeat(seat) }
        guard !finished else { return sendRoster(to: socket) }
        let listener = Listener(socket: socket, seat: seat)
        listener.presenter.begin(table.info)
        listeners[socket.id] = listener
        connected.withLock { $0 = listeners.count }
        // Who sits where, this connection among them, for everyone at the table.
        broadcastRoster()
        // The game so far, as this seat sees it: its start, its steps (the last `historyShown`),
        // each with what it said, and the last with the views as they are now. A seat back
        // from a dropped connection misses nothing said meanwhile.
        let creator = keepsStepsForCreator
        keepsStepsForCreator = false
        defer { if creator { for k in gameSteps.indices { gameSteps[k].seats = [:] } } }
        guard let lastStep, let gameStart, !gameSteps.isEmpty else { return }
        var replay = gameSteps
        replay[0].start = gameStart
        replay[replay.count - 1].seats = lastStep.seats
        for var step in replay {
            if !creator { step.bells = 0 }
            listener.presenter.show(shown(step))
        }
        // A request to take a move back still waiting, for whoever is asked or asks.
        if let request = undo.pending {
            tell(request, state: "asked", table.texts(.undoAsked, ["asker": name(of: request.seat)]), to: socket)
        }
    }

    /// Names the person who took `seat` since the game began, in the table and in its replay
    /// line, for everyone at the table. The naming is stored among the table's inputs (seat 0),
    /// so that a rebuild, and every server that shows the table, names the seat at the same
    /// step: a view made before it says "Seat 2" everywhere, one made after it the name.
    private func nameSeat(_ seat: Int) {
        guard let table, seat >= 1, seat <= table.fillers.count,
              let name = roster.withLock({ seat <= $0.count ? $0[seat - 1].name : nil }), !name.isEmpty,
              table.fillers[seat - 1] != .person(name) else { return }
        if let sharing = store?.sharing {
            // In the order of the table's inputs, as a move is (`handle`).
            guard (try? sharing.lock(code)) == true else { return }
            defer { sharing.unlock(code) }
            refresh()
            guard !finished, table.fillers[seat - 1] != .person(name) else { return }
        }
        let line = JSONValue.array([.int(Int64(seat)), .string(name)]).encoded
        do {
            try store?.addInput(code: code, n: inputs + 1, seat: 0, line: line, clock: [], at: SystemClock().now())
        } catch {
            return stopForStore("\(error)")
        }
        inputSeats.append(0)
        storedBytes += line.utf8.count + 2
        rename(seat: seat, to: name)
    }

    private func rename(seat: Int, to name: String) {
        guard let table else { return }
        table.rename(seat: seat, to: name)
        guard let start = gameStart else { return }
        let replay = table.replayCommand(seed: start.seed, game: start.number)
        gameStart?.replay = replay
        for listener in listeners.values { listener.presenter.replayChanged(to: replay) }
    }

    /// The step each seat's last input made (game, step).
    private var seatsLastInput: [Int: (game: Int, step: Int)] = [:]

    /// Whether an input that answers step `seen` comes after `seat` has already moved past it.
    func isStale(seat: Int, seen: (game: Int, step: Int)) -> Bool {
        guard let last = seatsLastInput[seat] else { return false }
        return seen.game < last.game || (seen.game == last.game && seen.step < last.step)
    }

    /// The current game's steps, without their views (only the last step's are shown again):
    /// the last `historyShown` of them.
    private var gameSteps: [Step] = []
    static let historyShown = 200

    func detach(_ socket: any TableConnection) {
        guard listeners.removeValue(forKey: socket.id) != nil else { return }
        connected.withLock { $0 = listeners.count }
        broadcastRoster()
    }

    /// Ends the table for everyone (the session ended, it expired, or the server stops).
    func close(reason: Table.EndReason, says message: String? = nil) {
        guard !finished || engine != nil else { return }
        finished = true
        for listener in listeners.values {
            if let message { listener.socket.send(JSONValue.object(["type": .string("closed"), "table": .string(code), "reason": .string(message)]).encoded) }
            listener.presenter.end(reason: reason)
        }
        listeners = [:]
        connected.withLock { $0 = 0 }
        engine?.close()
        engine = nil
        table = nil
        driver = nil
        guard !setAside else { return }
        do { try store?.remove(code: code, at: SystemClock().now()) } catch { Self.log("table \(code) ended but could not be removed from the store: \(error)") }
    }

    /// What went wrong storing the table's moves, once something has.
    private var storeFailure: String?

    /// Whether the table was set aside because its store failed: it is kept as stored (without
    /// the move that could not be), and rebuilt from there when someone next asks for it.
    private(set) var setAside = false
    /// Told as the table is set aside, before its connections hear of it (the server lists it
    /// as set aside, so that no one who asks next is shown the closed table).
    var settingAside: (() -> Void)?

    /// Sets the table aside because its moves can no longer be stored: its seats and watchers
    /// are told, the server's log says why, and what was not stored is never shown. Nothing is
    /// deleted: once the store works again, the table is rebuilt from it, at its last stored
    /// step, for whoever joins it again (their tokens still hold their seats).
    private func stopForStore(_ failure: String) {
        Self.log("table \(code): \(failure); the table is set aside until the store works again")
        setAside = true
        settingAside?()
        close(reason: .error, says: "the server could not save this move, so it has set the table aside as it was before it: join again in a moment to go on")
    }

    /// A line on the server's standard error (its log).
    static func log(_ text: String) {
        let line = "gamehost serve: " + TerminalText.plain(text) + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    // MARK: Taking a move back

    /// `/undo` from `seat`: a request to take back its last move, stored among the inputs. The
    /// other people at the table agree first (`/agree`, `/refuse`); with nobody to ask, the
    /// move is taken back at once.
    private func askToTakeBack(seat: Int) -> Step? {
        guard let driver, let table, !finished else { return nil }
        if let why = takeBackRefusal(seat: seat, driver: driver, table: table) { return refuseTakeBack(why, input: "/undo", seat: seat) }
        guard let move = movesThisGame.last(where: { $0.seat == seat && $0.game == driver.last?.game }) else {
            return refuseTakeBack(table.texts(.undoNoMove), input: "/undo", seat: seat)
        }
        // A move is taken back by playing every stored input again: a table's takings-back
        // together replay at most its bound of inputs a minute, as one restart would, so that
        // moves and /undo in turn cannot keep a thread of the server busy.
        // The server's tables together replay at most as much again, so that tables made for it
        // (from one address or many) cannot keep the server's threads busy either.
        let now = SystemClock().now()
        guard replays.take(inputs, at: now) else { return refuseTakeBack(table.texts(.undoTooOften), input: "/undo", seat: seat) }
        guard serverReplays?.withLock({ $0.take(inputs, at: now) }) ?? true else {
            return refuseTakeBack(table.texts(.undoServerBusy), input: "/undo", seat: seat)
        }
        // Every other seat a person holds is asked; a free seat has nobody to ask yet, and the
        // table's own players (bot, random, search) have nothing to lose.
        let needs = roster.withLock { seats in
            seats.indices.filter { $0 + 1 != seat && seats[$0].filler == "person" && seats[$0].token != nil }.map { $0 + 1 }
        }
        guard record(.ask(seat: seat, from: move.n, needs: needs)) else { return nil }
        return self.driver?.last
    }

    /// `/agree` or `/refuse` from `seat`, to the request waiting (the asker's `/refuse` takes
    /// its own request back).
    private func answer(agrees: Bool, seat: Int) -> Step? {
        guard let table, !finished else { return nil }
        let input = agrees ? "/agree" : "/refuse"
        guard let request = undo.pending else { return refuseTakeBack(table.texts(.undoNoRequest), input: input, seat: seat) }
        guard request.needs.contains(seat) && !request.agreed.contains(seat) || (!agrees && request.seat == seat) else {
            return refuseTakeBack(table.texts(.undoNotAsked), input: input, seat: seat)
        }
        guard record(agrees ? .agree(seat: seat) : .refuse(seat: seat)) else { return nil }
        return driver?.last
    }

    /// Why `seat` may not ask to take a move back now; nil when it may.
    private func takeBackRefusal(seat: Int, driver: Driver, table: Table) -> String? {
        let texts = table.texts
        // The move is taken back by playing the stored inputs again: a table kept nowhere has none.
        if store == nil { return texts(.undoNotStored) }
        if daily != nil { return texts(.undoDaily) }
        if !practice && !table.info.allowsUndo { return texts(.undoRankedTable) }
        if driver.last?.result != nil { return texts(.undoOver) }
        if table.fillers.contains(.search) && table.thinking.processorSeconds != nil { return texts(.undoClockSearch) }
        if let request = undo.pending { return texts(.undoWaiting, ["name": name(of: request.seat)]) }
        return nil
    }

    /// Whether `/undo` is offered at the table (the roster says so, for a page's button).
    private var offersTakeBack: Bool {
        store != nil && daily == nil && (practice || table?.info.allowsUndo == true)
    }

    /// Shows `seat`'s connections why its `input` was refused; nothing is stored.
    private func refuseTakeBack(_ reason: String, input: String, seat: Int) -> Step? {
        guard let driver else { return nil }
        let step = withoutPrivateFolders(driver.refusedTakeBack(seat: seat, input: input, reason: reason))
        for listener in listeners.values where listener.seat == seat { listener.presenter.show(step) }
        return step
    }

    /// Stores an event of taking a move back as the table's next input, and settles it. False
    /// when it could not be stored (the table is then set aside, or closed at its bound).
    @discardableResult
    private func record(_ event: TableUndo.Event) -> Bool {
        let line = TableUndo.line(event)
        guard inputs < historyLimit.inputs, storedBytes + line.utf8.count + 2 <= historyLimit.bytes else {
            _ = closeForHistory()
            return false
        }
        do {
            try store?.addInput(code: code, n: inputs + 1, seat: 0, line: line, clock: [], at: SystemClock().now())
        } catch {
            stopForStore("\(error)")
            return false
        }
        inputSeats.append(0)
        storedBytes += line.utf8.count + 2
        lastActive.withLock { $0 = SystemClock().now() }
        _ = settle(applying: event, n: inputs)
        return true
    }

    /// Applies the event stored as input `n`, and settles what it did. An event that does not
    /// fit the table (another program wrote it) changes nothing, and the log says so.
    private func settle(applying event: TableUndo.Event, n: Int) -> Bool {
        let seats = inputSeats
        let outcome = undo.apply(event, n: n, seats: roster.withLock { $0.count }) { $0 >= 1 && $0 <= seats.count ? Int(seats[$0 - 1]) : nil }
        if outcome == .ignored { Self.log("table \(code): input \(n), an event of taking a move back, does not fit the table; it changes nothing") }
        return settle(outcome)
    }

    /// Tells the table's connections what an event did, and takes the move back when everyone
    /// asked agreed. True when the table was opened again without the move.
    private func settle(_ outcome: TableUndo.Outcome) -> Bool {
        let texts = table?.texts ?? HostTexts.english
        switch outcome {
        case .ignored: return false
        case .asked(let request):
            tell(request, state: "asked", texts(.undoAsked, ["asker": name(of: request.seat)]))
        case .agreed(let request, let by):
            tell(request, state: "agreed", by: by, texts(.undoAgreed, ["name": name(of: by), "asker": name(of: request.seat)]))
        case .refused(let request, let by):
            tell(request, state: "refused", by: by, by == request.seat ? texts(.undoWithdrawn, ["asker": name(of: by)])
                                                                       : texts(.didNotAgree, ["name": name(of: by)]))
        case .lapsed(let request):
            tell(request, state: "lapsed", texts(.undoLapsed, ["asker": name(of: request.seat)]))
        case .taken(let request):
            return takeBack(request)
        }
        return false
    }

    /// Plays the table again from its start without the moves `request` takes back (the
    /// inputs from its `from` on), as every server that shows the table does: a fresh engine,
    /// the stored inputs less those taken back. Nothing the moves did is left behind: not in
    /// the state, the chance drawn, the scores read, nor any seat's stream, which is sent the
    /// game as it now stands.
    private func takeBack(_ request: TableUndo.Request) -> Bool {
        guard let store, let freshRule, let opening else {
            stopForStore("a move could not be taken back: the table cannot be opened again")
            return false
        }
        do {
            guard let saved = try store.openTable(code: code, inputs: historyLimit.inputs, bytes: 2 * historyLimit.bytes) else {
                close(reason: .quit, says: "this table is no longer stored")
                return false
            }
            let fresh = try freshRule()
            engine?.close()
            (engine, table, driver) = (nil, nil, nil)
            (lastStep, gameStart, gameSteps, seatsLastInput, movesThisGame, storeFailure) = (nil, nil, [], [:], [], nil)
            do {
                try open(rule: fresh.rule, words: fresh.words, wordsName: opening.wordsName, scores: opening.scores, saved: saved,
                         timeLimit: opening.timeLimit, thinking: opening.thinking, memory: opening.memory)
            } catch {
                if engine == nil { fresh.rule.close() }
                throw error
            }
        } catch {
            stopForStore("a move could not be taken back: \(error)")
            return false
        }
        guard let driver, !finished else { return true }
        tell(request, state: "taken", driver.table.texts(.tookBack, ["name": name(of: request.seat)]))
        show(driver.takenBackStep(seat: request.seat))
        broadcastRoster()
        return true
    }

    /// Tells every connection of the table where a request to take a move back stands.
    private func tell(_ request: TableUndo.Request, state: String, by: Int? = nil, _ message: String, to only: (any TableConnection)? = nil) {
        var fields: [String: JSONValue] = [
            "type": .string("undo"), "table": .string(code), "state": .string(state), "seat": .int(Int64(request.seat)),
            "needs": .array(request.needs.map { .int(Int64($0)) }), "agreed": .array(request.agreed.map { .int(Int64($0)) }),
            "message": .string(message),
        ]
        if let by { fields["by"] = .int(Int64(by)) }
        let text = JSONValue.object(fields).encoded
        if let only { return _ = only.send(text) }
        for listener in listeners.values { listener.socket.send(text) }
    }

    /// A seat's name as the table says it (its holder's, or "Seat 2").
    private func name(of seat: Int) -> String {
        let names = engine?.seatNames ?? []
        if seat >= 1, seat <= names.count, !names[seat - 1].isEmpty { return names[seat - 1] }
        return (table?.texts ?? HostTexts.english)(.seat, ["seat": String(seat)])
    }

    // MARK: Showing

    private func note(_ step: Step) {
        if let start = step.start { gameStart = start; gameSteps = [] }
        var kept = step
        if !keepsStepsForCreator { kept.seats = [:] }
        kept.start = nil
        gameSteps.append(kept)
        if gameSteps.count > Self.historyShown { gameSteps.removeFirst(gameSteps.count - Self.historyShown) }
        if step.showsView || step.start != nil {
            lastStep = step
        } else if !step.toMove.isEmpty {
            lastStep?.toMove = step.toMove
        }
    }

    private func show(_ step: Step) {
        let shown = self.shown(step)
        for listener in listeners.values { listener.presenter.show(shown) }
    }

    /// A step as the table's connections are sent it: its start naming the people in the seats
    /// as they are now (a seat taken after the game began has its holder's name, not ""), and
    /// no folder of the server's machine.
    func shown(_ step: Step) -> Step {
        var step = withoutPrivateFolders(step)
        if var start = step.start {
            let names = roster.withLock { $0.map(\.name) }
            for k in start.seats.indices where start.seats[k].filler == "person" && start.seats[k].seat - 1 < names.count {
                start.seats[k].name = names[start.seats[k].seat - 1]
            }
            step.start = start
        }
        return step
    }

    /// `step` with every mention of a private folder cut to what follows it (a rule error's
    /// "/srv/games/rules/rps.lua:12: ..." says "rps.lua:12: ...").
    func withoutPrivateFolders(_ step: Step) -> Step {
        guard !privateFolders.isEmpty else { return step }
        func cut(_ text: String) -> String {
            // Every folder ends in "/", and nearly no message has one: a pass over its bytes
            // spares the search for each folder (a sixth of a served step's work when every
            // message was searched).
            guard text.utf8.contains(UInt8(ascii: "/")) else { return text }
            return privateFolders.reduce(text) { $0.replacing($1, with: "") }
        }
        var step = step
        step.reason = step.reason.map(cut)
        step.messages = step.messages.map(cut)
        step.privateMessages = step.privateMessages.mapValues { $0.map(cut) }
        step.notices = step.notices.map(cut)
        return step
    }

    /// Who sits where and who is connected, for every connection of the table.
    func broadcastRoster() {
        for listener in listeners.values { sendRoster(to: listener.socket) }
    }

    private func sendRoster(to socket: any TableConnection) {
        let connected = Set(listeners.values.compactMap(\.seat))
        let seats = roster.withLock { $0.map { $0 } }  // a buffer of its own: none shared with a writer
        let list: [JSONValue] = seats.enumerated().map { k, seat in
            .object(["seat": .int(Int64(k + 1)), "filler": .string(seat.filler), "name": .string(seat.name),
                     "taken": .bool(seat.filler != "person" || seat.token != nil), "connected": .bool(connected.contains(k + 1))])
        }
        let watchers = listeners.values.filter { $0.seat == nil }.count
        // `practice`: scores kept apart, never ranked; `undo`: whether `/undo` is offered.
        socket.send(JSONValue.object(["type": .string("table"), "table": .string(code), "game": .string(game),
                                      "seats": .array(list), "watchers": .int(Int64(watchers)),
                                      "practice": .bool(practice || undo.tookBack), "undo": .bool(offersTakeBack)]).encoded)
    }

    var watcherCount: Int { listeners.values.filter { $0.seat == nil }.count }
}

/// A protocol stream written to a connection: one message per line (the newline dropped). The
/// protocol presenter writes each object as one whole line.
final class SocketLines: TextSink {
    let socket: any TableConnection
    init(_ socket: any TableConnection) { self.socket = socket }
    func write(_ text: String, style: TextStyle) {
        // Through the one sanitiser every stream of the host goes through, as `play --json`
        // writes it to standard output: a bidirectional override a rule or a player put in a
        // text is named (`<U+202E>`), not sent to other people's screens to reorder them.
        let text = TerminalText.plain(text)
        // (JSON text holds no raw newline: a line is one object.) Cut as bytes: no walk back
        // over the line's characters, no copy of it.
        socket.send(text.utf8.last == 10 ? Substring(text.utf8.dropLast()) : Substring(text))
    }
    func bell() {}
}

/// What a table writes to: one connection (a WebSocket; in the tests, a recorder).
protocol TableConnection: AnyObject, Sendable {
    /// A number unique in the process.
    var id: Int { get }
    /// Sends one message; false when the connection is closing.
    @discardableResult func send(_ text: String) -> Bool
    @discardableResult func send(_ text: Substring) -> Bool
}

extension TableConnection {
    @discardableResult func send(_ text: Substring) -> Bool { send(String(text)) }
}

extension WebSocket: TableConnection {}
