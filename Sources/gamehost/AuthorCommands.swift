import GameCore
import GameAuthoring
import GameRules
import GameRuntime
import Locking
#if canImport(Glibc)
import Glibc
#endif

// The commands for rule authors: check, sim, replay, new.

/// `gamehost check FILE...`: the rule contract and a quick conformance run for each file.
func check(_ args: inout Arguments) throws -> Int32 {
    guard !args.positional.isEmpty else { throw CLIError.usage("check needs rule files: gamehost check FILE.lua ...") }
    let seeds = try args.take("seeds").map { text -> Int in
        guard let n = Int(text), n >= 1, n <= 1000 else { throw CLIError.usage("--seeds needs a whole number from 1 to 1000") }
        return n
    } ?? 10
    let seats = try parseSeats(try args.take("seats"))
    let timeLimit = try parseTimeLimit(try args.take("time-limit"))
    let totalTime = try parseTotalTime(try args.take("total-time"))
    let lintTime = try args.take("lint-time").map(Linter.parseTimeLimit) ?? Linter.defaultTimeLimit
    let wordsName = try args.take("words")
    let lengths = WordLengths(min: try args.take("min-length"), max: try args.take("max-length"))
    // `--bot search`: the host's search player in every seat of every game.
    let searchesEveryGame = try args.take("bot") == "search"
    let thinking = try parseThinking(try args.take("think"))
    if thinking != nil && !searchesEveryGame {
        throw CLIError.usage("--think is how long the search player thinks: check takes it with --bot search")
    }
    let options = try args.optionTable()
    let catalog = catalog()
    let lintConfig = catalog.builtIn.map { FileSystem.join($0, ".luacheckrc") }.flatMap { FileSystem.isFile($0) ? $0 : nil }
    var failed = false
    var toldAboutLuacheck = false
    for name in args.positional {
        let path: String
        do { path = try catalog.locate(name) } catch { throw CLIError.usage(String(describing: error)) }
        var settings = Conformance.Settings(seeds: seeds)
        settings.timeLimit = timeLimit ?? settings.timeLimit
        settings.totalTime = totalTime ?? settings.totalTime
        settings.options = options
        settings.seats = seats
        settings.bot = args.flags.contains("bot")
        settings.search = searchesEveryGame
        settings.thinking = thinking ?? settings.thinking
        // Any host option play takes for the game, check takes: a word game is checked on
        // the list and lengths given.
        let report = Conformance.check(path: path, libraryDirectories: catalog.libraryDirectories, settings: settings) { rule in
            try wordList(for: rule, name: wordsName, lengths: lengths, catalog: catalog)
        }
        if let usage = report.usage { throw CLIError.usage(usage) }
        for warning in report.warnings where !report.problems.contains(warning) { fail("warning: " + warning) }
        if report.passed {
            stdout_.write("\(path): ok (\(report.playthroughs) playthrough\(report.playthroughs == 1 ? "" : "s")\(seatsPlayed(report.seatCounts)), \(report.moves) moves)\n", style: .plain)
        } else {
            failed = true
            for problem in report.problems { stderr_.write(problem + "\n", style: .plain) }
        }
        // Lint: advice, not a failure of the contract.
        if let lintConfig {
            if let lines = Linter.lint(path, config: lintConfig, timeLimit: lintTime) {
                for line in lines { fail("lint: " + line) }
            } else if !toldAboutLuacheck {
                toldAboutLuacheck = true
                fail("note: install luacheck (on Debian: apt-get install lua-check) and check lints the file too")
            }
        }
    }
    return failed ? 1 : 0
}

/// " at 2, 3 and 4 seats" (nothing for a game of one seat).
func seatsPlayed(_ counts: [Int]) -> String {
    guard counts.count > 1 || (counts.first ?? 1) > 1 else { return "" }
    let names = counts.map(String.init)
    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    return " at \(list) seat\(counts == [1] ? "" : "s")"
}

/// `gamehost sim GAME|FILE [--games N] [--seed N] [--jobs N] [--json] [--OPTION VALUE ...]`
func sim(_ args: inout Arguments) throws -> Int32 {
    guard let game = args.positional.first, args.positional.count == 1 else {
        throw CLIError.usage("sim takes one game: gamehost sim GAME [--games N] [--seed N] [--jobs N]")
    }
    // `--bot search`: the host's search player in every seat, thinking --think a move.
    let searches = try args.take("bot") == "search"
    let thinking = try parseThinking(try args.take("think"))
    var (plan, loaded, replay) = try simulationPlan(game, &args, maxGames: 100_000_000)
    let rule = loaded.info, games = plan.games, seed = plan.seed
    plan.usesBot = args.flags.contains("bot")
    plan.usesSearch = searches
    if let thinking { plan.thinking = thinking }
    // The simulation loads the rule in each worker: this copy has told what it needed.
    loaded.close()
    let json = args.flags.contains("json")
    let bar = ProgressBar(total: games, enabled: Terminal.outputIsTerminal && !json)
    let report: Simulation.Summary
    let interrupt: Int32?
    do {
        // A first Ctrl-C stops the run after the games in play, which are then reported.
        (report, interrupt) = try Interrupts.stoppingGently { stopAsked in
            var plan = plan
            plan.stopAsked = { stopAsked() != nil }
            return (try Simulation.run(plan) { done in bar.update(done) }, stopAsked())
        }
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.id): \(error.message)")
    } catch {
        throw CLIError.failure(String(describing: error))
    }
    bar.finish()
    let lengths = report.lengths.sorted()
    let mean = lengths.isEmpty ? 0 : Double(lengths.reduce(0, +)) / Double(lengths.count)
    let median = lengths.isEmpty ? 0 : Double(lengths[(lengths.count - 1) / 2] + lengths[lengths.count / 2]) / 2
    let scores = report.scores
    let scoreMean = scores.isEmpty ? 0 : scores.reduce(0, +) / Double(scores.count)
    if json {
        let value = JSONValue.object([
            "game": .string(rule.id), "games": .int(Int64(games)), "seed": .string(String(seed)), "jobs": .int(Int64(report.jobs)),
            "played": .int(Int64(report.played)),
            "seconds": .double(report.seconds), "games_per_second": .double(report.gamesPerSecond.rounded()),
            "outcomes": .object(report.outcomes.mapValues { .int(Int64($0)) }),
            "moves": .object(["mean": .double(mean), "median": .double(median),
                              "min": .int(Int64(lengths.first ?? 0)), "max": .int(Int64(lengths.last ?? 0))]),
            "scores": scores.isEmpty ? .null : .object(["games": .int(Int64(scores.count)), "mean": .double(scoreMean),
                                                        "min": .double(scores.min()!), "max": .double(scores.max()!)]),
            "bot": .bool(plan.usesBot), "search": .bool(plan.usesSearch),
            "failures": .array(report.failures.prefix(20).map {
                .object(["game": .int(Int64($0.game)), "seed": .string(String($0.seed)), "message": .string($0.message)])
            }),
            "stopped_by": report.stoppedBy.map { .string($0) } ?? .null,
        ])
        stdout_.write(value.encoded + "\n", style: .plain)
    } else {
        stdout_.write("\(rule.id)\(plan.usesBot ? " (its bot)" : plan.usesSearch ? " (the search player)" : ""): \(report.played) games in \(fixed(report.seconds, 2)) s (\(Int(report.gamesPerSecond.rounded())) games/s), \(report.jobs) jobs, seed \(seed)\n", style: .title)
        stdout_.write("  outcome      games   share\n", style: .dim)
        for (outcome, n) in report.outcomes.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            let share = fixed(100 * Double(n) / Double(max(report.played, 1)), 1)
            stdout_.write("  " + TerminalWidth.pad(outcome, to: 10) + TerminalWidth.pad(String(n), to: 8, alignRight: true)
                + TerminalWidth.pad(share + "%", to: 8, alignRight: true) + "\n", style: .plain)
        }
        if !report.failures.isEmpty {
            stdout_.write("  failures  " + TerminalWidth.pad(String(report.failures.count), to: 8, alignRight: true) + "\n", style: .plain)
        }
        stdout_.write("  moves per game: mean \(fixed(mean, 1)), median \(fixed(median, 1)), min \(lengths.first ?? 0), max \(lengths.last ?? 0)\n", style: .plain)
        if let low = scores.min(), let high = scores.max() {
            stdout_.write("  score (\(scores.count) games with one): mean \(fixed(scoreMean, 2)), min \(fixed(low, 2)), max \(fixed(high, 2))\n", style: .plain)
        }
    }
    // A failing game is replayed with everything that chose it: its seed and number, its
    // options and word list, and who played each seat (sim's players, not a person).
    let seats = plan.seats ?? rule.seats.min
    let filler = plan.usesSearch ? "search" : plan.usesBot ? "bot" : "random"
    let rest = replay + (plan.seats.map { ["--seats", String($0)] } ?? []) + (1...max(1, seats)).flatMap { ["--seat", "\($0)=\(filler)"] }
        + (plan.usesSearch ? ["--think", plan.thinking.text] : [])
    for f in report.failures.prefix(5) {
        let replay = (["gamehost", "play", game, "--seed", String(f.seed)] + (f.game == 1 ? [] : ["--game", String(f.game)]) + rest).joined(separator: " ")
        fail("game \(f.game) (replay: \(replay)): \(f.message)")
    }
    if report.failures.count > 5 { fail("\(report.failures.count - 5) more games failed") }
    if let stopped = report.stoppedBy {
        fail("stopped after \(report.played) of \(games) games: \(stopped)")
    }
    if let interrupt { return 128 + interrupt }
    return report.failures.isEmpty && report.stoppedBy == nil ? 0 : 1
}

/// A name a transcript gives for its game (`field` "game") or word list ("words"), as replay
/// loads it: a name as it is, or a file in the transcript's own folder tree
/// (`Transcript.reference` says which, and refuses a path leading anywhere else).
func besideTranscript(_ name: String, field: String, transcript: String) throws -> String {
    do {
        switch try Transcript.reference(name, field: field, suffix: field == "game" ? ".lua" : ".txt", transcript: transcript) {
        case .name(let name): return name
        case .file(let path): return path
        }
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

/// `gamehost replay FILE [--rule GAME|FILE] [--update]`: replays a transcript and reports the
/// first difference; with --update, records it again instead.
func replay(_ args: inout Arguments) throws -> Int32 {
    guard args.positional.count == 1 else { throw CLIError.usage("replay takes one transcript: gamehost replay FILE [--rule GAME|FILE] [--update]") }
    let path = args.positional[0]
    guard FileSystem.isFile(path) else { throw CLIError.usage("no transcript at \(path)") }
    let ruleOption = try args.take("rule")
    try args.refuseOtherOptions("replay takes --rule GAME|FILE and --update")
    let transcript: Transcript
    do { transcript = try Transcript(path: path) } catch { throw CLIError.failure(String(describing: error)) }
    let catalog = catalog()
    // The rule is the one the player names (--rule), or the game the transcript names, found
    // by name among the installed games or as a file in the transcript's folder tree: never a
    // path the transcript dictates.
    let rule: LoadedRule
    if let named = ruleOption {
        rule = try loadRule(named, from: catalog)
    } else {
        rule = try loadRule(try besideTranscript(transcript.header.game, field: "game", transcript: path), from: catalog)
    }
    if rule.info.contentHash != transcript.header.ruleHash {
        fail("note: \(path) was recorded with another version of \(rule.path)")
    }
    let wordsName = try transcript.header.words.map { try besideTranscript($0, field: "words", transcript: path) }
    let words = try wordList(for: rule.info, name: wordsName, lengths: WordLengths(min: transcript.header.minLength.map(String.init),
                                                                          max: transcript.header.maxLength.map(String.init)), catalog: catalog)
    do {
        let difference = try transcript.replay(rule: try rule.reloaded(), words: words)
        if args.flags.contains("update") {
            // The same steps from a changed rule: recorded again, so that its header names the
            // rule as it is now and replays stop noting another version.
            let changedRule = transcript.header.ruleHash != rule.info.contentHash
            guard let difference = difference ?? (changedRule ? "the rule's version only" : nil) else {
                stdout_.write("\(path): \(transcript.steps.count) steps replayed, all as recorded: nothing to update\n", style: .plain)
                return 0
            }
            let text = try transcript.rerecorded(rule: try rule.reloaded(), words: words)
            // Written in place, never through a link: a transcript that is a link, or whose own
            // folder is one (a shared tests/ pointing elsewhere), is refused.
            let folder = FileSystem.directory(of: path)
            let last = folder.split(separator: "/").last ?? ""
            let below = last.isEmpty || last == "." || last == ".." ? folder : FileSystem.directory(of: folder)
            do { try FileSystem.openForWriting(path, mode: .replacing, below: below).write(text) } catch let error as FileError {
                throw CLIError.usage("cannot write \(error)")
            }
            stdout_.write("\(path): recorded again from the same inputs (it differed at \(difference))\n", style: .plain)
            return 0
        }
        if let difference {
            stderr_.write("\(path): \(difference)\n", style: .plain)
            return 1
        }
    } catch let error as CLIError {
        throw error
    } catch {
        throw CLIError.failure("\(path): \(error)")
    }
    stdout_.write("\(path): \(transcript.steps.count) steps replayed, all as recorded\n", style: .plain)
    return 0
}

/// `--total-time SECONDS`: how long a whole check of a file, or a whole sim, may run.
func parseTotalTime(_ text: String?) throws -> Double? {
    guard let text else { return nil }
    guard let seconds = Double(text), seconds.isFinite, seconds >= 1, seconds <= 86_400 else {
        throw CLIError.usage("--total-time needs a number of seconds from 1 to 86400, not '\(text)'")
    }
    return seconds
}

/// `--time-limit SECONDS`: how long one call into rule code may run (check) or one game (sim).
func parseTimeLimit(_ text: String?) throws -> Double? {
    guard let text else { return nil }
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0.01, seconds <= 3600 else {
        throw CLIError.usage("--time-limit needs a number of seconds from 0.01 to 3600, not '\(text)'")
    }
    return seconds
}

/// `--think N|Nms|Ns`: how long a `search` seat thinks about a move, in scratch games or in
/// processor time.
func parseThinking(_ text: String?) throws -> SearchPlayer.Budget? {
    guard let text else { return nil }
    guard let budget = SearchPlayer.Budget(parsing: text) else {
        throw CLIError.usage("--think needs a number of scratch games from 1 to \(SearchPlayer.Budget.iterationLimit) (1000), or processor time up to \(Int(SearchPlayer.Budget.timeLimit)) s (200ms, 1.5s), not '\(text)'")
    }
    return budget
}

func fixed(_ x: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let r = (x * scale).rounded() / scale
    var text = String(r)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < places { text += String(repeating: "0", count: places - decimals) }
    } else if places > 0 {
        text += "." + String(repeating: "0", count: places)
    }
    return text
}

/// A progress bar on stderr for long runs at a terminal.
final class ProgressBar: Sendable {
    let total: Int
    let enabled: Bool
    /// The percentage last drawn, behind a lock: workers report from their threads.
    private let shown = Locked(-1)

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / max(total, 1)
        let changed = shown.withLock { shown -> Bool in
            guard percent != shown else { return false }
            shown = percent
            return true
        }
        guard changed else { return }
        let filled = percent * 30 / 100
        stderr_.write("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)%", style: .plain)
    }

    func finish() { if enabled { stderr_.write("\r" + String(repeating: " ", count: 40) + "\r", style: .plain) } }
}

/// `gamehost new NAME [--from GAME] [--dir DIR]`: a new rule file, from a template or a copy of
/// a game, with a starter transcript test beside it in tests/.
func newRule(_ args: inout Arguments) throws -> Int32 {
    guard let name = args.positional.first, args.positional.count == 1 else {
        throw CLIError.usage("new takes a name: gamehost new NAME [--from GAME] [--dir DIR]")
    }
    guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }) else {
        throw CLIError.usage("'\(name)' is not a game name: use lower-case letters, digits and hyphens")
    }
    let from = try args.take("from")
    let chosenDir = try args.take("dir")
    let dir = chosenDir ?? dataHome + "/gamehost/rules"
    try args.refuseOtherOptions("new takes --from GAME and --dir DIR")
    let catalog = catalog()
    // In the rules folder, a built-in game's name would hide the new rule behind it.
    if catalog.isBuiltIn(name), chosenDir == nil || catalog.directories.contains(where: { FileSystem.realPath($0) == FileSystem.realPath(dir) }) {
        throw CLIError.usage("'\(name)' is a built-in game: choose another name, as gamehost new my-\(name)\(from.map { " --from " + $0 } ?? "")")
    }
    let path = FileSystem.join(dir, name + ".lua")
    let testPath = FileSystem.join(FileSystem.join(dir, "tests"), name + ".transcript")
    if FileSystem.isFile(path) { throw CLIError.usage("\(path) already exists: choose another name, or edit it") }

    var source = RuleTemplate.source(name: name)
    if let from {
        let original = try loadRule(from, from: catalog)
        do {
            source = RuleTemplate.variant(of: try FileSystem.readText(original.path), from: original.info.id,
                                          title: original.info.title, name: name)
            original.close()
        } catch {
            throw CLIError.failure(String(describing: error))
        }
    }
    // Both files are new ones below `dir`, reached through real folders only (a tests/ that is
    // a symbolic link is refused) and never through a link; both names are taken before either
    // is written, so a refusal leaves nothing half made.
    func writing(_ action: () throws -> Void) throws {
        do { try action() } catch let error as FileError { throw CLIError.usage("cannot write \(error)") }
    }
    do {
        var test: OutputFile?, file: OutputFile?
        try writing {
            try FileSystem.makeDirectory(dir)
            test = try FileSystem.openForWriting(testPath, mode: .new, below: dir, makingFolders: true)
            do { file = try FileSystem.openForWriting(path, mode: .new, below: dir) } catch {
                unlink(testPath)
                throw error
            }
            try file!.write(source)
        }
        let rule = try LoadedRule(path: path, libraryDirectories: catalog.libraryDirectories)
        let words = try wordList(for: rule.info, name: nil, catalog: catalog)
        // The test names the rule by its file name: replay finds it in the folder above tests/.
        let transcript = try Transcript.record(rule: rule, game: name + ".lua", words: words, inputs: nil)
        try writing { try test!.write(transcript) }
    } catch let error as CLIError {
        throw error
    } catch {
        throw CLIError.failure(String(describing: error))
    }
    stdout_.write("""
        Created \(path)
        and its starter test \(testPath).
        Next:
          edit \(path)
          gamehost play \(path)           play it
          gamehost check \(path)          check it against the rule contract
          gamehost replay \(testPath)     run its test
          gamehost play \(path) --seed 1 --record \(testPath)   record a new test by playing

        """, style: .plain)
    return 0
}
