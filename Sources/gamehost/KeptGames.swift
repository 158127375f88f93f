import GameCore
import GamePresenters
import GameRules
import GameRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Where a player's kept games are (`DATA/saved`); nil with `--data none`, which keeps nothing.
func keptGamesFolder(_ settings: PlayerSettings) -> String? {
    guard settings.data != "none" else { return nil }
    return SavedGame.folder(data: settings.data ?? dataHome + "/gamehost")
}

/// A session's steps kept while it is played: in memory, to take a move back, and, for a game
/// kept to be taken up later, in a saved game's file, so that leaving it in the middle loses
/// nothing. At the session's end the file is kept (a game left in the middle) or removed (the
/// game is over, or never began).
final class GameKeeping {
    let recorder: SavedGameRecorder
    /// Whether the game is kept in a file, to be taken up later.
    let keeps: Bool

    /// `path`: the file (nil: memory only).
    init(header: SavedGame.Header, clock: ResumingClock, path: String?) {
        keeps = path != nil
        recorder = SavedGameRecorder(path: path, header: header, clock: clock)
    }

    /// A new session's keeping: in a new file of `folder` when `keeps` (and there is a folder).
    convenience init(header: SavedGame.Header, clock: ResumingClock, keeps: Bool, folder: String?) {
        self.init(header: header, clock: clock, path: keeps ? folder.map { SavedGame.newPath(in: $0, game: header.game, time: header.begun) } : nil)
    }

    /// Keeps `driver`'s steps from now on; a kept game's table pauses a game left in the
    /// middle instead of letting the rule finish it.
    func start(engine: GameEngine, table: Table, driver: Driver) {
        // A folder that cannot be made is reported when the file is opened.
        if let path = recorder.path { try? FileSystem.makeDirectory(FileSystem.directory(of: path)) }
        recorder.attach(engine)
        table.keepsLeftGames = keeps
        driver.observers.append(recorder.note)
    }

    /// At the session's end: keeps a game left in the middle and says how to take it up.
    func end(driver: Driver, json: Bool) {
        guard keeps else { return }
        let output = json ? stderr_ : stdout_
        let leftInMiddle = !recorder.lastGameOver && driver.movesThisGame > 0
            && [.eof, .quit, .interrupted].contains(driver.table.endReason)
        if leftInMiddle, recorder.stopped == nil {
            output.write(driver.table.texts(.keptSaid) + "\n", style: .dim)
            return
        }
        recorder.forget()
        if leftInMiddle, let why = recorder.stopped { output.write(driver.table.texts(.keptNot, ["why": why]) + "\n", style: .refusal) }
    }
}

/// `gamehost resume [N] [--list] [--forget N] [--json [--as SEAT]]`: takes up a kept game.
func resume(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    guard let folder = keptGamesFolder(settings) else { throw CLIError.usage("resume reads kept games from the data folder, and --data none has none") }
    let forget = try args.take("forget")
    let asText = try args.take("as")
    let json = args.flags.contains("json")
    if asText != nil && !json { throw CLIError.usage("--as goes with --json: it is the seat the program on standard input plays") }
    try args.refuseOtherOptions("resume takes --forget N, --json and --as SEAT")
    guard args.positional.count <= 1 else {
        throw CLIError.usage("resume takes the number of a kept game (gamehost resume --list), --forget N, --json and --as SEAT")
    }
    let (kept, unreadable) = SavedGame.scan(folder)
    if args.flags.contains("list") {
        let texts = HostTexts(language: settings.language)
        if kept.isEmpty { stdout_.write(texts(.keptNone) + "\n", style: .plain) }
        let catalog = catalog()
        for (k, game) in kept.enumerated() {
            let title = localizedTitle(of: game.header.game, language: settings.language, catalog: catalog)
            stdout_.write("\(k + 1). \(describe(game, texts: texts, title: title))\n", style: .plain)
        }
        for problem in unreadable { fail("\(TerminalText.plain(problem)) (not a game that can be taken up)") }
        return 0
    }
    func chosen(_ text: String) throws -> SavedGame {
        guard let n = Int(text), n >= 1, n <= kept.count else {
            throw CLIError.usage(kept.isEmpty ? "no game is kept" : "no kept game '\(text)': choose 1 to \(kept.count) (gamehost resume --list)")
        }
        return kept[n - 1]
    }
    if let forget {
        let game = try chosen(forget)
        guard let lock = FileLock(game.path) else { throw CLIError.failure("\(game.header.title) is being played in another window") }
        guard unlink(game.path) == 0 else { throw CLIError.failure("cannot remove \(game.path): \(String(cString: strerror(errno)))") }
        withExtendedLifetime(lock) {}
        stdout_.write("Forgot \(game.header.title).\n", style: .plain)
        return 0
    }
    let game: SavedGame
    if let number = args.positional.first {
        game = try chosen(number)
    } else {
        guard let newest = kept.first(where: { !$0.inUse }) else {
            throw CLIError.failure(kept.isEmpty ? "no game is kept: a game left in the middle at a terminal is kept, to be taken up here"
                                                : "every kept game is being played in another window")
        }
        game = newest
    }
    let jsonSeat = try asText.map { text -> Int in
        guard let k = Int(text), game.header.people[k] != nil else {
            throw CLIError.usage("--as needs the seat of a person in that game (\(game.header.people.keys.sorted().map(String.init).joined(separator: ", ")))")
        }
        return k
    }
    return try takeUp(game, settings: settings, input: StandardInput(), json: json, jsonSeat: jsonSeat)
}

/// A table set up as a kept game's header says, its steps kept again (in `game`'s file when
/// `kept`, else in memory): not yet played.
struct RebuiltSession {
    let engine: GameEngine
    let table: Table
    let keeping: GameKeeping
}

func rebuildSession(_ game: SavedGame, settings: PlayerSettings, json: Bool, kept: Bool) throws -> RebuiltSession {
    let header = game.header
    let catalog = catalog()
    let rule = try loadRule(header.game, from: catalog)
    guard rule.info.contentHash == header.ruleHash else {
        rule.close()
        throw CLIError.failure("\(header.title) was kept with another version of its rule (\(header.game)): it cannot be played again; gamehost resume --forget drops it")
    }
    let lengths = WordLengths(min: header.minLength.map(String.init), max: header.maxLength.map(String.init))
    let words: WordList?
    do { words = try wordList(for: rule.info, name: header.words, lengths: lengths, catalog: catalog, ascii: settings.ascii) } catch {
        rule.close()
        throw error
    }
    // Another list under the same name would deal other words from the same seed.
    if let fingerprint = header.wordsFingerprint, words?.fingerprint != fingerprint {
        rule.close()
        throw CLIError.failure("\(header.title) was kept with other words in its list (\(header.words ?? "the game's own")): it cannot be played again; gamehost resume --forget drops it")
    }
    let base: Clock = header.liveClock ? SystemClock() : StepClock(at: EngineSettings.manualEpoch)
    // Time away from a live game does not count in it: its clock goes on from its last reading.
    let clock = ResumingClock(replaying: game.readings, then: base, closingGaps: header.liveClock)
    let keeping = GameKeeping(header: header, clock: clock, path: kept ? game.path : nil)
    var engineSettings = EngineSettings()
    engineSettings.options = header.options
    engineSettings.seed = header.seed
    engineSettings.firstGame = header.firstGame
    if header.drawsSeeds { engineSettings.drawSeed = keeping.recorder.drawSeed(fresh: freshSeed) }
    engineSettings.clock = clock
    engineSettings.words = words
    engineSettings.scores = scoreStore(settings.data)
    engineSettings.ascii = settings.ascii
    engineSettings.language = settings.language
    engineSettings.colour = Terminal.useColour && !json
    // The game is the kept seat's person's, whoever takes it up.
    let keptPlayer = header.people[1].flatMap { $0.isEmpty ? nil : $0 }
    engineSettings.player = { keptPlayer ?? settings.player }
    engineSettings.practice = header.practice
    engineSettings.daily = header.daily
    engineSettings.seats = header.seats.count
    let people = header.people
    if people.count > 1 { engineSettings.seatName = { people[$0] } }
    let engine = try GameEngine(rule: rule, settings: engineSettings)
    let table = Table(engine: engine, fillers: header.seats)
    if let text = header.thinking, let thinking = SearchPlayer.Budget(parsing: text) {
        table.thinking = thinking
        table.replayArguments += ["--think", thinking.text]
    }
    table.coaching = header.coach
    table.daily = header.daily
    table.replayGame = header.game.contains("/") ? shellQuoted(header.game) : header.game
    if let name = header.words { table.replayArguments += ["--words", name] }
    table.replayArguments += lengths.arguments
    if settings.ascii { table.replayArguments.append("--ascii") }
    return RebuiltSession(engine: engine, table: table, keeping: keeping)
}

/// Plays `game` again to the step where it was left, then goes on with the people at this
/// keyboard (or, with `json`, the program on standard input in `jsonSeat`).
func takeUp(_ listed: SavedGame, settings: PlayerSettings, input lines: StandardInput, json: Bool = false, jsonSeat: Int? = nil) throws -> Int32 {
    // Held until the game is kept anew: no other window takes it up meanwhile.
    guard let lock = FileLock(listed.path) else { throw CLIError.failure("\(listed.header.title) is being played in another window") }
    // A list may hold a summary of a large file: it is read whole to be played again.
    let game: SavedGame
    do { game = listed.isWhole ? listed : try SavedGame(path: listed.path) } catch { throw CLIError.failure("\(error)") }
    if json && game.header.people.count > 1 {
        throw CLIError.usage("\(game.header.title) is played by several people at one keyboard: take it up at the terminal, not with --json")
    }
    let session = try rebuildSession(game, settings: settings, json: json, kept: true)
    let people = game.header.people
    let presenter: Presenter
    var input: LineSource = lines
    var seats: [Int: SessionLoop.SeatIO] = [:]
    if json {
        let protocolPresenter = JSONLinesPresenter(stdout_, notices: stderr_)
        let seat = jsonSeat ?? people.keys.min() ?? 1
        protocolPresenter.seat = seat
        presenter = protocolPresenter
        seats[seat] = SessionLoop.SeatIO(input: input, presenter: presenter)
    } else {
        (presenter, input) = settings.gameIO(line: lines, people: people)
        for seat in people.keys { seats[seat] = SessionLoop.SeatIO(input: input, presenter: presenter) }
        if seats.isEmpty { seats[1] = SessionLoop.SeatIO(input: input, presenter: presenter) }
    }
    let driver = SessionLoop.driver(for: session.table, seats: seats)
    session.keeping.start(engine: session.engine, table: session.table, driver: driver)
    do {
        try game.replay(on: driver, recorder: session.keeping.recorder)
    } catch {
        session.engine.close()
        throw CLIError.failure("\(error); the kept game is left as it was (gamehost resume --forget drops it)")
    }
    guard session.keeping.recorder.reopen(replacing: game.path) else {
        session.engine.close()
        throw CLIError.failure(session.keeping.recorder.stopped ?? "the game cannot be kept")
    }
    withExtendedLifetime(lock) {}
    if !json {
        let texts = HostTexts(language: settings.language)
        let title = localizedTitle(of: game.header.game, language: settings.language, catalog: catalog())
        stdout_.write(texts(.takingUp, ["game": describe(game, inUse: false, texts: texts, title: title)]) + "\n", style: .dim)
    }
    let taking = TakingBack(session: session, driver: driver, settings: settings, json: json, seats: seats, ownsEngine: true)
    defer { taking.close() }
    let code = SessionLoop.run(driver, seats: seats, atTerminal: Terminal.inputIsTerminal && !json, undoing: taking.undoing)
    taking.keeping.end(driver: taking.driver, json: json)
    return code
}

/// A kept game in a line: its title (`title`: in the player's language, else the one it was
/// kept with), who plays, its moves, when it was left, and (`inUse`: looked up unless told)
/// whether another window plays it.
func describe(_ game: SavedGame, inUse: Bool? = nil, texts: HostTexts = .english, title: String? = nil) -> String {
    let others = game.header.seats.count > 1 ? " · " + game.header.seats.enumerated().map { k, filler in
        if case .person(let name) = filler { return name.isEmpty ? texts(.seat, ["seat": String(k + 1)]) : name }
        return "\(filler)"
    }.joined(separator: ", ") : ""
    let moves = texts(.keptMoves, ["n": String(game.moves)])
    let left = SavedGame.modified(game.path).map { " · " + texts(.keptLeft, ["ago": ago(SystemClock().now() - $0, texts: texts)]) } ?? ""
    return "\(title ?? game.header.title)\(others) · \(moves)\(left)\(inUse ?? game.inUse ? " · " + texts(.keptInUse) : "")"
}

/// The title of game `id` in `language`, where its rule is in the catalog and says one (a
/// game is kept with its title in English, the language of the rule file).
func localizedTitle(of id: String, language: String, catalog: RuleCatalog) -> String? {
    guard language != "en", let rule = try? catalog.load(id) else { return nil }
    defer { rule.close() }
    rule.readTranslations([language])
    return rule.info.localized(language).title
}

/// "just now", "5 min ago", "3 hours ago", "2 days ago".
func ago(_ seconds: Double, texts: HostTexts = .english) -> String {
    let s = max(0, Int(seconds))
    switch s {
    case ..<60: return texts(.agoNow)
    case ..<3600: return texts(.agoMinutes, ["n": String(s / 60)])
    case ..<(2 * 86_400): return texts(.agoHours, ["n": String(s / 3600)])
    default: return texts(.agoDays, ["n": String(s / 86_400)])
    }
}

// MARK: The game of the day

/// The date `--daily` names (`""`: today), checked: a date of the calendar, not after today,
/// and no seed or seating of its own (the day's game is one person against the rule's bot,
/// from the day's deal).
func dailyDate(_ text: String?, seeded: Bool) throws -> String? {
    guard let text else { return nil }
    guard !seeded else { throw CLIError.usage("--daily plays the day's deal, one person against the rule's bot: it takes no --seed, --game, --seats or --seat") }
    let today = DailyGame.date(at: SystemClock().now())
    let date = text.isEmpty ? today : text
    guard DailyGame.isDate(date) else { throw CLIError.usage("--daily takes a date as YYYY-MM-DD (or none, for today), not '\(TerminalText.plain(text))'") }
    guard date <= today else { throw CLIError.usage("the game of \(date) has not come yet: today's (\(today)) is the latest") }
    return date
}

/// Takes today's game for this player's name, which plays it once: refused when they began it
/// already (kept: take it up with resume; finished: here is what they were given to share).
func takeTheDay(_ date: String, engine: GameEngine, game: String, settings: PlayerSettings) throws {
    if let given = engine.dailyPlayed(date) {
        let title = engine.info.title, texts = engine.hostTexts
        if let folder = keptGamesFolder(settings), SavedGame.list(in: folder).contains(where: { $0.header.daily == date && $0.header.game == game }) {
            throw CLIError.failure(texts(.dailyLeftKept, ["title": title]))
        }
        throw CLIError.failure(given.isEmpty ? texts(.dailyLeft, ["title": title]) : texts(.dailyHad, ["title": title, "share": given]))
    }
    engine.beginDaily(date, at: SystemClock().now())
}

/// At the end of a session of the day's game: its line to share, printed again once full
/// screen is left (its screen is gone, and the line is there to be copied); and a day's game
/// left before its first move is not counted as played.
func endDaily(_ daily: String?, engine: GameEngine, driver: Driver, settings: PlayerSettings, json: Bool) {
    guard let daily else { return }
    if let share = engine.dailyShare {
        if settings.fullScreen && !json { stdout_.write(engine.hostTexts(.dailyToShare, ["share": share]) + "\n", style: .plain) }
    } else if driver.movesThisGame == 0, engine === driver.engine, engine.dailyPlayed(daily) == "" {
        engine.forgetDaily(daily, at: SystemClock().now())
    }
}
