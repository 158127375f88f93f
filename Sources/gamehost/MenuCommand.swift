import GameCore
import GamePresenters
import GameRules
import GameRuntime

/// The menu: pick a game by number or name, set its options, play, and come back. Ctrl-D and
/// `/quit` go back one level: from a game or an option prompt to the menu, from the menu out.
func menu(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    let takes = "the menu takes --data DIR, --name NAME, --ascii and --plain; a game's options go after play GAME"
    try args.refuseOtherOptions(takes)
    guard args.positional.isEmpty else { throw CLIError.usage(takes) }
    let catalog = catalog()
    let input = StandardInput()
    let texts = HostTexts(language: settings.language)
    // What a game or a failure said last (its result, the line to share, why it could not
    // start) stays on the screen until the player asks for the menu, which would scroll it
    // away. (A script's input gets the menu at once.)
    func backToMenu() {
        guard Terminal.inputIsTerminal && Terminal.outputIsTerminal else { return }
        _ = input.readLine(prompt: texts(.menuReturn))
    }
    while true {
        // Each rule is loaded, read and closed in turn (a rule may hold its whole memory limit),
        // then the one chosen is loaded again to play.
        var rules: [RuleInfo] = []
        for (name, _) in catalog.files() {
            do {
                let rule = try catalog.load(name)
                rule.readTranslations([settings.language])
                rules.append(rule.info.localized(settings.language))
                rule.close()
            } catch { fail("\(name): cannot load:\n\(error)") }
        }
        if rules.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.searchedText))") }
        stdout_.write(texts(.menuTitle) + "\n", style: .title)
        let numberWidth = String(rules.count).count
        let labels = rules.enumerated().map { i, rule in "  \(TerminalWidth.pad(String(i + 1), to: numberWidth, alignRight: true)). \(rule.title)" }
        // Two columns where the terminal has room; a title wider than half of it gets a row of its own.
        let widest = labels.map(TerminalWidth.columns).max() ?? 0
        let left = min(widest, max(12, (Terminal.width(of: 1) ?? .max) / 2 - 2))
        for (label, rule) in zip(labels, rules) { writeRow(label, rule.about, left: left, style: .plain) }
        // The game left last, to take up where it was left (others: gamehost resume --list).
        let kept = keptGamesFolder(settings).map { SavedGame.list(in: $0).filter { !$0.inUse } } ?? []
        if let last = kept.first {
            let more = kept.count > 1 ? texts(.menuMoreKept, ["n": String(kept.count - 1)]) : ""
            writeRow("  \(TerminalWidth.pad("c", to: numberWidth, alignRight: true)). " + texts(.menuContinue), describe(last, texts: texts, title: rules.first { $0.id == last.header.game }?.title) + more, left: left, style: .plain)
        }
        writeRow("  \(TerminalWidth.pad("d", to: numberWidth, alignRight: true)). " + texts(.menuToday), texts(.menuTodayAbout), left: left, style: .plain)
        guard let choice = chooseGame(rules, input: input, continuing: !kept.isEmpty, texts: texts) else { return 0 }
        // The game of the day: the day's deal, one person against the rule's bot, no options.
        var daily: String?
        let chosen: RuleInfo
        switch choice {
        case .game(let rule):
            chosen = rule
        case .daily:
            guard case .game(let rule)? = chooseGame(rules, input: input, prompt: texts(.menuTodayWhich), texts: texts) else { continue }
            chosen = rule
            daily = DailyGame.date(at: SystemClock().now())
        case .continueKept:
            stdout_.write("\n", style: .plain)
            do { _ = try takeUp(kept[0], settings: settings, input: input) } catch { fail(String(describing: error)) }
            backToMenu()
            stdout_.write("\n", style: .plain)
            continue
        }
        let rule: LoadedRule
        do { rule = try catalog.load(chosen.id) } catch {
            fail("\(chosen.id): cannot load:\n\(error)")
            backToMenu()
            continue
        }
        guard let setup = daily != nil ? MenuSetup() : chooseOptions(rule, input: input, catalog: catalog, texts: texts) else {
            stdout_.write("\n", style: .plain)
            continue
        }
        guard let seating = daily != nil ? try? Seating(seats: nil, assignments: [], rule: rule.info, player: settings.player, json: false, jsonSeat: 1)
                                         : chooseSeats(rule.info, player: settings.player, input: input, texts: texts) else {
            stdout_.write("\n", style: .plain)
            continue
        }
        let words: WordList?
        do { words = try wordList(for: rule.info, name: setup.words, catalog: catalog, ascii: settings.ascii) } catch {
            fail(String(describing: error))
            backToMenu()
            continue
        }
        let seed = daily.map { DailyGame.seed(game: chosen.id, date: $0) } ?? freshSeed()
        // The steps are kept as they are played (to take a move back), and a game played at a
        // terminal in a file too, to be taken up later if it is left in the middle.
        let clock = ResumingClock(replaying: [], then: SystemClock())
        var header = SavedGame.Header(game: chosen.id, title: rule.info.title, ruleHash: rule.info.contentHash, seed: seed, seats: seating.fillers)
        header.options = setup.options
        header.words = setup.words
        header.practice = !settings.ranked(seedGiven: false)
        header.begun = SystemClock().now()
        header.daily = daily
        header.drawsSeeds = daily == nil
        header.wordsFingerprint = Terminal.inputIsTerminal ? words?.fingerprint : nil
        let keeping = GameKeeping(header: header, clock: clock, keeps: Terminal.inputIsTerminal, folder: keptGamesFolder(settings))
        var engineSettings = EngineSettings()
        engineSettings.options = setup.options
        engineSettings.seed = seed
        engineSettings.drawSeed = keeping.recorder.drawSeed(fresh: freshSeed)
        engineSettings.clock = clock
        engineSettings.words = words
        engineSettings.scores = scoreStore(settings.data)
        engineSettings.ascii = settings.ascii
        engineSettings.language = settings.language
        engineSettings.colour = Terminal.useColour
        engineSettings.player = { settings.player }
        engineSettings.practice = !settings.ranked(seedGiven: false)
        engineSettings.daily = daily
        engineSettings.seats = seating.count
        // Each person at the keyboard goes on the boards, and in the statistics, by name.
        let people = seating.people
        if people.count > 1 { engineSettings.seatName = { people[$0] } }
        let engine: GameEngine
        do { engine = try GameEngine(rule: rule, settings: engineSettings) } catch {
            fail("\(chosen.id): \(error)")
            backToMenu()
            continue
        }
        if let daily {
            do { try takeTheDay(daily, engine: engine, game: chosen.id, settings: settings) } catch {
                engine.close()
                fail(String(describing: error))
                backToMenu()
                stdout_.write("\n", style: .plain)
                continue
            }
        }
        let table = Table(engine: engine, fillers: seating.fillers)
        table.daily = daily
        if let name = setup.words { table.replayArguments += ["--words", name] }
        if settings.ascii { table.replayArguments.append("--ascii") }
        stdout_.write("\n", style: .plain)
        let (presenter, gameInput) = settings.gameIO(line: input, people: people)
        // Every person plays at this keyboard; a table of machines alone is watched from seat 1.
        var seats: [Int: SessionLoop.SeatIO] = [:]
        for seat in people.keys { seats[seat] = SessionLoop.SeatIO(input: gameInput, presenter: presenter) }
        if seats.isEmpty { seats[1] = SessionLoop.SeatIO(input: gameInput, presenter: presenter) }
        let driver = SessionLoop.driver(for: table, seats: seats)
        keeping.start(engine: engine, table: table, driver: driver)
        if !keeping.recorder.open() { fail(keeping.recorder.stopped ?? "the game cannot be kept") }
        let taking = TakingBack(session: RebuiltSession(engine: engine, table: table, keeping: keeping), driver: driver, settings: settings,
                                json: false, seats: seats, ownsEngine: false)
        _ = SessionLoop.run(driver, seats: seats, atTerminal: Terminal.inputIsTerminal, undoing: taking.undoing)
        taking.keeping.end(driver: taking.driver, json: false)
        endDaily(daily, engine: engine, driver: taking.driver, settings: settings, json: false)
        // A game played to its end (or stopped by an error) has its last words to read; one
        // left in the middle (Ctrl-D, /quit) goes back to the menu at once.
        let ended = taking.driver.table.endReason == .error || (try? taking.driver.table.engine.result()) != nil
        taking.close()
        engine.close()
        if ended { backToMenu() }
        stdout_.write("\n", style: .plain)
    }
}

/// What the player picks in the menu: a game, or (`c`) the kept game to continue.
enum MenuChoice {
    case game(RuleInfo)
    case continueKept
    /// `d`: today's game, of a game asked next.
    case daily
}

/// The game the player picks, or nil to leave (Ctrl-D, which gets its newline, or /quit).
/// `continuing`: a kept game is offered as `c` (or "continue").
func chooseGame(_ rules: [RuleInfo], input: LineSource, continuing: Bool = false, prompt asked: String? = nil,
                texts: HostTexts = .english) -> MenuChoice? {
    while true {
        input.offer(rules.map(\.id) + (continuing ? ["continue"] : []) + ["/quit"])
        let prompt = asked ?? texts(continuing ? .menuPromptContinue : .menuPrompt)
        guard let raw = input.readLine(prompt: prompt) else {
            stdout_.write("\n", style: .plain)
            return nil
        }
        let answer = raw.trimmed.lowercased()
        if answer == "/quit" || answer == "q" || answer == "quit" { return nil }
        if continuing && (answer == "c" || answer == "continue") { return .continueKept }
        if asked == nil && (answer == "d" || answer == "today") { return .daily }
        if let n = Int(answer), n >= 1, n <= rules.count { return .game(rules[n - 1]) }
        if let rule = game(named: answer, among: rules) { return .game(rule) }
        let starting = games(startingWith: answer, among: rules)
        if starting.count > 1 {
            let named = starting.map { "\($0.title) (\($0.id))" }
            let games = texts(.orLast, ["list": named.dropLast().joined(separator: ", "), "last": named.last!])
            stdout_.write("✗ " + texts(.menuAmbiguous, ["answer": answer, "games": games]) + "\n", style: .refusal)
        } else if !answer.isEmpty {
            let names = rules.map(\.id).joined(separator: ", ")
            stdout_.write("✗ " + texts(.menuNoGame, ["answer": answer, "count": String(rules.count), "names": names]) + "\n", style: .refusal)
        }
    }
}

/// The game a player names: by its name or its title, in any case, with spaces or hyphens or
/// neither ("Apple Pie", "apple-pie", "applepie"), or by the start of one that no other shares
/// ("black").
func game(named answer: String, among rules: [RuleInfo]) -> RuleInfo? {
    let wanted = nameKey(answer)
    guard !wanted.isEmpty else { return nil }
    if let exact = rules.first(where: { nameKey($0.id) == wanted || nameKey($0.title) == wanted }) { return exact }
    let starting = games(startingWith: answer, among: rules)
    return starting.count == 1 ? starting[0] : nil
}

/// The games whose name or title starts with `answer`, compared as `nameKey`s.
func games(startingWith answer: String, among rules: [RuleInfo]) -> [RuleInfo] {
    let wanted = nameKey(answer)
    guard !wanted.isEmpty else { return [] }
    return rules.filter { nameKey($0.id).hasPrefix(wanted) || nameKey($0.title).hasPrefix(wanted) }
}

/// A name as the menu compares it: lower case, letters and digits only.
func nameKey(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
}

/// What the menu asked for: the options given and the word list (nil keeps the rule's).
struct MenuSetup {
    var options: [String: String] = [:]
    var words: String?
}

/// Asks for each of the game's main options (not those marked advanced, nor those that do not
/// matter for the answers given, see `OptionSpec.when`), and its word list
/// when it plays one; Enter keeps the default, Tab completes a choice, case does not matter.
/// Nil when the player goes back (Ctrl-D or /quit).
func chooseOptions(_ rule: LoadedRule, input: LineSource, catalog: RuleCatalog, texts: HostTexts = .english) -> MenuSetup? {
    var setup = MenuSetup()
    // The options' help and labels in the player's language, where the rule's translation has them.
    rule.readTranslations([texts.language])
    let info = rule.info.localized(texts.language)
    // An option that matters only for some values of others (`when`) is asked after them,
    // and only when it matters.
    var values = Dictionary(info.options.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    let main = info.options.filter { !$0.advanced }
    for option in main.filter({ $0.when.isEmpty }) + main.filter({ !$0.when.isEmpty }) where option.applies(given: values) {
        let help = option.help.isEmpty ? "" : " — " + option.help
        let label = option.label ?? option.name
        stdout_.write("\(label): \(option.choicesDescription)\(help)\n", style: .dim)
        var choices: [String] = []
        if case .text(let listed, _) = option.kind { choices = listed }
        guard let answer = ask("\(label) [\(option.defaultValue)]: ", offering: choices, input: input, accept: { answer in
            if case .failure(let reason) = rule.validate(option, answer) { return reason }
            return nil
        }) else { return nil }
        if let answer {
            setup.options[option.name] = answer
            values[option.name] = answer
        }
    }
    if let listName = info.defaultWordList {
        let lists = WordListCatalog(beside: catalog, dataHome: dataHome).names
        stdout_.write(texts(.menuWords, ["lists": lists.joined(separator: ", ")]) + "\n", style: .dim)
        // A list's name in any case; a path as it is.
        func named(_ answer: String) -> String { lists.first { $0.lowercased() == answer.lowercased() } ?? answer }
        guard let answer = ask("words [\(listName)]: ", offering: lists, input: input, accept: { answer in
            do { _ = try wordList(for: info, name: named(answer), catalog: catalog) } catch { return String(describing: error) }
            return nil
        }) else { return nil }
        setup.words = answer.map(named)
    }
    return setup
}

/// One prompt of the menu, asked until `accept` takes the answer (it returns the reason to
/// refuse). The outer nil is going back; the inner nil is Enter, keeping the default.
func ask(_ prompt: String, offering choices: [String], input: LineSource, accept: (String) -> String?) -> String?? {
    while true {
        input.offer(choices + ["/quit"])
        guard let raw = input.readLine(prompt: prompt) else {
            stdout_.write("\n", style: .plain)
            return nil
        }
        let answer = raw.trimmed
        if answer.isEmpty { return .some(nil) }
        if answer.lowercased() == "/quit" { return nil }
        if let reason = accept(answer) {
            stdout_.write("✗ \(reason)\n", style: .refusal)
            continue
        }
        return .some(answer)
    }
}
