import GameCore
import GameAuthoring
import GamePresenters
import GameRules
import GameRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--game K] [--words LIST] [--record FILE] [--json]`
func play(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    guard let game = args.positional.first else { throw CLIError.usage("play needs a game: gamehost play GAME (see gamehost list)") }
    guard args.positional.count == 1 else { throw CLIError.usage("play takes one game, not \(args.positional.joined(separator: " "))") }
    let seedText = try args.take("seed")
    var seed = try parseSeed(seedText)
    let firstGame = try args.take("game").map { text -> Int in
        guard let k = Int(text), k >= 1, k <= 1_000_000 else { throw CLIError.usage("--game needs a game's number from 1 to 1000000, not '\(text)'") }
        return k
    } ?? 1
    if firstGame > 1 && seedText == nil { throw CLIError.usage("--game goes with --seed: the replay line of a game gives both") }
    let wordsName = try args.take("words")
    let lengths = WordLengths(min: try args.take("min-length"), max: try args.take("max-length"))
    let recordPath = try args.take("record")
    let timeLimit = try parseTimeLimit(try args.take("time-limit"))
    let seatsText = try args.take("seats")
    let seatAssignments = try args.takeAll("seat")
    let thinking = try parseThinking(try args.take("think"))
    let replyTime = try parseReplyTime(try args.take("reply-time")) ?? ProgramSeat.playReplyTime
    let asText = try args.take("as")
    let jsonSeat = try asText.map { text -> Int in
        guard let k = Int(text), (1...SeatRange.limit).contains(k) else { throw CLIError.usage("--as needs a seat number from 1 to \(SeatRange.limit)") }
        return k
    } ?? 1
    let json = args.flags.contains("json")
    // At the keyboard every person plays the seat they sit at (--seat K=NAME): --as would
    // be ignored, so it is refused.
    if asText != nil && !json { throw CLIError.usage("--as goes with --json: it is the seat the program on standard input plays") }
    let daily = try dailyDate(try args.take("daily"), seeded: seedText != nil || seatsText != nil || !seatAssignments.isEmpty)
    // A rule file is named by its path in the replay hint: its id would play another game.
    let isFile = game.contains("/") || game.hasSuffix(".lua")
    let catalog = catalog()
    let rule = try loadRule(game, from: catalog)
    let options = try args.optionTable()
    let words = try wordList(for: rule.info, name: wordsName, lengths: lengths, catalog: catalog, ascii: settings.ascii)
    let record = try recordPath.map(LineFile.init(creating:))
    let seating = try Seating(seats: seatsText, assignments: seatAssignments, rule: rule.info, player: settings.player, json: json, jsonSeat: jsonSeat)
    // Time is the wall clock only in a live game (a person at a terminal, a fresh seed); a
    // seeded, piped or --json run reads a clock that moves a second per input, so the same
    // seed and input give the same output, timed games too.
    // The day's game is ranked on the day it is the game of; another day's is played again
    // for practice.
    let today = DailyGame.date(at: SystemClock().now())
    let live = settings.ranked(seedGiven: seedText != nil || (daily != nil && daily != today)) && !json
    if let daily { seed = DailyGame.seed(game: rule.info.id, date: daily) }
    // A session is kept, to be taken up later (`gamehost resume`), when people play it at a
    // terminal, or when --save asks; not with a program in a seat, which would start afresh.
    // Nor with a search seat that thinks by the clock, which plays otherwise each time.
    let clockThinking = thinking?.processorSeconds != nil && seating.seats.contains(.search)
    let keeps = (Terminal.inputIsTerminal && !json || args.flags.contains("save")) && settings.data != "none"
        && !seating.seats.contains(where: { if case .program = $0 { true } else { false } }) && !clockThinking
    if args.flags.contains("save") && !keeps {
        throw CLIError.usage(settings.data == "none" ? "--save needs somewhere to keep the game (not --data none)"
                             : clockThinking ? "--save: a search seat that thinks by the clock (--think \(thinking?.text ?? "")) plays otherwise each time, so its game is not kept"
                             : "--save: a game with a program in a seat is not kept")
    }
    let baseClock: Clock = live ? SystemClock() : StepClock(at: EngineSettings.manualEpoch)
    let resuming = ResumingClock(replaying: [], then: baseClock)
    let clock = RecordingClock(resuming)
    var engineSettings = EngineSettings()
    engineSettings.options = options
    engineSettings.seed = seed
    engineSettings.firstGame = firstGame
    // The session's steps are kept (in memory, to take a move back; in a file when the game is
    // kept).
    let keeping: GameKeeping
    do {
        var header = SavedGame.Header(game: isFile ? FileSystem.realPath(game) ?? game : game, title: rule.info.title,
                                      ruleHash: rule.info.contentHash, seed: seed, seats: seating.fillers)
        header.firstGame = firstGame
        header.options = options
        // A list by path is kept by its whole path, as the rule's file is: the game is taken
        // up again from any folder.
        header.words = wordsName.map { name in
            WordListCatalog.isPath(name) ? FileSystem.realPath(name) ?? name : name
        }
        header.minLength = try lengths.minimum()
        header.maxLength = try lengths.maximum()
        header.practice = !live
        header.liveClock = live
        header.thinking = thinking?.text
        header.coach = args.flags.contains("coach")
        header.daily = daily
        header.drawsSeeds = seedText == nil && daily == nil
        // (Read through only for a game kept in a file: a long list is not hashed otherwise.)
        header.wordsFingerprint = keeps ? words?.fingerprint : nil
        header.begun = SystemClock().now()
        keeping = GameKeeping(header: header, clock: resuming, keeps: keeps, folder: keptGamesFolder(settings))
    }
    if seedText == nil { engineSettings.drawSeed = keeping.recorder.drawSeed(fresh: freshSeed) }
    engineSettings.clock = clock
    engineSettings.words = words
    engineSettings.scores = scoreStore(settings.data)
    engineSettings.ascii = settings.ascii
    engineSettings.language = settings.language
    engineSettings.colour = Terminal.useColour && !json
    engineSettings.player = { settings.player }
    engineSettings.practice = !live
    engineSettings.daily = daily
    engineSettings.seats = seating.count
    // People taking turns at the keyboard go on the boards, and in the statistics, by name.
    let people = seating.people
    if people.count > 1 { engineSettings.seatName = { people[$0] } }
    let engine: GameEngine
    do {
        engine = try GameEngine(rule: rule, settings: engineSettings)
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.info.id): \(error.message)")
    }
    defer { engine.close() }
    if let timeLimit { engine.timeLimit = timeLimit }
    if let daily, daily == today { try takeTheDay(daily, engine: engine, game: isFile ? FileSystem.realPath(game) ?? game : game, settings: settings) }
    let table = Table(engine: engine, fillers: seating.fillers)
    table.daily = daily
    if let thinking {
        table.thinking = thinking
        table.replayArguments += ["--think", thinking.text]
    }
    table.coaching = args.flags.contains("coach")
    table.replayGame = isFile ? shellQuoted(game) : game
    if let wordsName { table.replayArguments += ["--words", wordsName] }
    table.replayArguments += lengths.arguments
    if settings.ascii { table.replayArguments.append("--ascii") }
    var presenter: Presenter
    // One reader of standard input: it reads ahead a block at a time.
    let lines = StandardInput()
    var input: LineSource = lines
    if json {
        let protocolPresenter = JSONLinesPresenter(stdout_, notices: stderr_)
        protocolPresenter.reveal = args.flags.contains("reveal")
        protocolPresenter.seat = jsonSeat
        presenter = protocolPresenter
        Terminal.protocolEndOwed.withLock { $0 = true }
    } else {
        if args.flags.contains("reveal") { throw CLIError.usage("--reveal goes with --json") }
        (presenter, input) = settings.gameIO(line: lines, people: seating.people)
    }
    if let record, let recordPath {
        // A rule file is kept relative to the transcript, so the pair can move together.
        let recorded = isFile ? FileSystem.relativePath(of: game, from: FileSystem.directory(of: recordPath)) ?? game : game
        var header = Transcript.Header(game: recorded, ruleHash: rule.info.contentHash, seed: seed, options: options,
                                       words: wordsName, minLength: try lengths.minimum(), maxLength: try lengths.maximum(),
                                       ascii: settings.ascii, colour: engineSettings.colour)
        header.practice = !live
        // The seating travels with the recording, so that replay seats the game as it was.
        header.fillers = seating.fillers.map(Transcript.fillerName)
        header.names = seating.fillers.map { if case .person(let name) = $0 { name } else { "" } }
        header.seat = json ? jsonSeat : (seating.people.keys.min() ?? 1)
        let recorder = TranscriptRecorder(presenter, engine: engine, clock: clock, header: header, write: record.write)
        recorder.seat = header.seat
        presenter = recorder
    }
    // Each person at this keyboard (or the program on standard input) and each outside program
    // in a seat.
    var seats: [Int: SessionLoop.SeatIO] = [:]
    var programs: [ProgramSeat] = []
    for (k, who) in seating.seats.enumerated() {
        switch who {
        case .person:
            seats[k + 1] = SessionLoop.SeatIO(input: input, presenter: presenter)
        case .program(let command):
            let program = try ProgramSeat(command: command, seat: k + 1, replyTime: replyTime, endTime: ProgramSeat.leaveTime)
            let stream = JSONLinesPresenter(program)
            stream.seat = k + 1
            programs.append(program)
            seats[k + 1] = SessionLoop.SeatIO(input: program, presenter: stream, endOfInput: .seatLeft)
        case .bot, .random, .search:
            break
        }
    }
    // Standard output always shows a seat: with --json the seat --as names, whoever fills it
    // (the table's own player, watched); with no person at the table, the first seat the
    // host's own players fill (programs in seats speak the protocol on their own streams), or,
    // when programs fill every seat, seat 1, watched as its program plays it.
    let watched = json ? jsonSeat : (1...max(1, seating.fillers.count)).first { seats[$0] == nil } ?? 1
    var watchers: [Presenter] = []
    if seats[watched] == nil && (json || seating.people.isEmpty) {
        seats[watched] = SessionLoop.SeatIO(input: input, presenter: presenter)
    } else if seating.people.isEmpty {
        watchers = [presenter]
    }
    defer { programs.forEach { $0.finish() } }
    let driver = SessionLoop.driver(for: table, seats: seats, watchers: watchers)
    keeping.start(engine: engine, table: table, driver: driver)
    // Kept as asked (--save), or fails; a game at a terminal that cannot be kept is played all the same.
    if !keeping.recorder.open() {
        let why = keeping.recorder.stopped ?? "the game cannot be kept"
        if args.flags.contains("save") { throw CLIError.failure(why) }
        fail("this game is not kept: \(why)")
    }
    let taking = TakingBack(session: RebuiltSession(engine: engine, table: table, keeping: keeping), driver: driver, settings: settings,
                            json: json, seats: seats, ownsEngine: false)
    taking.recording = record != nil
    defer { taking.close() }
    let code = SessionLoop.run(driver, seats: seats, watchers: watchers, atTerminal: Terminal.inputIsTerminal && !json,
                               undoing: taking.undoing)
    // The session wrote its end: an interrupt from now on (while programs in seats are
    // waited for) adds none.
    Terminal.protocolEndOwed.withLock { $0 = false }
    for program in programs { if let why = program.leftMessage { fail(why) } }
    taking.keeping.end(driver: taking.driver, json: json)
    endDaily(daily, engine: engine, driver: taking.driver, settings: settings, json: json)
    return code
}

/// A file written a line at a time and flushed, so an interrupted game leaves whole lines. It
/// must be a regular file (or a new one): a device such as /dev/full would take the game's
/// transcript and keep nothing. A write that fails is reported once.
final class LineFile {
    private let file: OutputFile
    let path: String
    private(set) var failed = false

    /// Opened as every file the host writes is (no symbolic link followed or created through).
    /// A file that is there already is replaced only when it is a transcript (a golden test
    /// recorded again): `--record` given a rule's own file, or any other, loses nothing.
    init(creating path: String) throws {
        if let first = FileSystem.firstBytes(of: path, count: 1 << 16), !first.isEmpty,
           !Transcript.isHeaderLine(String(decoding: first.prefix { $0 != 10 }, as: UTF8.self)) {
            throw CLIError.usage("--record: \(TerminalText.plain(path)) is there already and is not a transcript: give a new file (or a transcript to record again)")
        }
        do {
            file = try FileSystem.openForWriting(path, mode: .replacing)
        } catch {
            throw CLIError.usage("cannot write \(error)")
        }
        self.path = path
    }

    func write(_ line: String) {
        guard !failed else { return }
        do {
            try file.write(line)
        } catch {
            failed = true
            fail("cannot write \(error); the transcript is incomplete")
        }
        // A transcript past what replay reads is said so once, while the game goes on.
        bytes += line.utf8.count
        lines += 1
        if !toldTooLong, bytes > Transcript.Limits.fileBytes || lines > Transcript.Limits.steps + 1 || line.utf8.count > Transcript.Limits.lineBytes {
            toldTooLong = true
            fail("warning: the transcript \(TerminalText.plain(path)) is past what replay reads (\(Transcript.Limits.fileBytes >> 20) MB, "
                 + "\(Transcript.Limits.steps) steps, \(Transcript.Limits.lineBytes >> 20) MB a step): gamehost replay will refuse it")
        }
    }
    private var bytes = 0, lines = 0, toldTooLong = false
}
