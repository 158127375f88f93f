import GameCore
import GameHost
#if canImport(Glibc)
import Glibc
#endif

// The command line: turns arguments, the terminal and the environment into calls on GameHost.
// Exit codes: 0 success, 1 a game or rule error, 2 a usage error.

let version = "0.1.0"
let stdout_ = StandardOutput(fd: 1)
let stderr_ = StandardOutput(fd: 2, colour: false)

func fail(_ message: String) { stderr_.write("gamehost: " + message + "\n", style: .plain) }

let usage = """
    gamehost: play turn-based games whose rules are Lua files

    Usage:
      gamehost                          choose a game from a menu and play
      gamehost list                     the games, with their options
      gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--words LIST] [--ascii] [--json]
      gamehost scores [GAME]            leaderboards and statistics
      gamehost help [COMMAND]           help for a command
      gamehost --version

    In a game, type a move, or /help for the commands (/moves, /rules, /new, /quit).
    Rules are found in the rules/ folder beside gamehost and in $XDG_DATA_HOME/gamehost/rules.

    """

let commandHelp: [String: String] = [
    "list": """
        Usage: gamehost list

        Lists every game found, one line each, with its options, their values and defaults.

        """,
    "scores": """
        Usage: gamehost scores [GAME] [--data DIR]

        Shows the leaderboards of a game (or of every game with scores), best first, and how
        many games were played. Scores are kept per version of a rule file.

        """,
    "play": """
        Usage: gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--words LIST] [--ascii] [--json]

        Plays a game by name (see gamehost list) or a rule file by path.
          --OPTION VALUE  an option of the game (gamehost list shows them)
          --seed N        fix chance, to replay a game exactly (the seed is shown at the start)
          --words LIST    for word games: a list from wordlists/ by name, a path to a UTF-8
                          file (one word a line, # comments, a tab before a hint), or
                          system (/usr/share/dict/words, lower-case words of 6+ letters)
          --min-length N  play only words with at least N letters
          --data DIR      keep scores in DIR/scores.db (default $XDG_DATA_HOME/gamehost)
          --ascii         draw with plain ASCII, for terminals without emoji
          --json          one JSON object per line for each step, for programs and bots;
                          input is still one line per move

        Input is read line by line, so a game can be piped: printf 'rock\\n' | gamehost play rps

        """,
]

func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
}

/// `$XDG_DATA_HOME`, or `~/.local/share`.
var dataHome: String {
    let home = Terminal.environment("HOME") ?? "/"
    return Terminal.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
}

func catalog() -> RuleCatalog {
    RuleCatalog(directories: RuleCatalog.standardDirectories(executablePath: executablePath(), dataHome: dataHome))
}

/// Where scores live: `--data DIR`, else `$XDG_DATA_HOME/gamehost`.
func scoreStore(_ data: String?) -> ScoreStore {
    ScoreStore(directory: data ?? dataHome + "/gamehost")
}

/// The word list for a game that plays one: `--words` or the rule's default.
func wordList(for rule: Rule, name: String?, minLength: String?, catalog: RuleCatalog) throws -> WordList? {
    guard let defaultName = rule.defaultWordList else {
        if name != nil || minLength != nil { throw CLIError.usage("\(rule.id) does not use word lists (no --words or --min-length)") }
        return nil
    }
    var minimum: Int?
    if let minLength {
        guard let n = Int(minLength), n >= 1 else { throw CLIError.usage("--min-length needs a whole number from 1, not '\(minLength)'") }
        minimum = n
    }
    do {
        let list = try WordListCatalog(beside: catalog, dataHome: dataHome).load(name ?? defaultName, minimumLetters: minimum)
        for warning in list.warnings { fail("warning: " + warning) }
        return list
    } catch let error as UsageError {
        throw CLIError.usage(error.message)
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

/// A seed for a game that was not given one: from the system's entropy, short enough to type.
func freshSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return UInt64.random(in: 1...999_999_999, using: &generator)
}

func parseSeed(_ text: String?) throws -> UInt64 {
    guard let text else { return freshSeed() }
    guard let seed = UInt64(text) else { throw CLIError.usage("--seed needs a whole number from 0 to \(UInt64.max), not '\(text)'") }
    return seed
}

func loadRule(_ game: String, from catalog: RuleCatalog) throws -> Rule {
    do {
        let rule = try catalog.load(game)
        for warning in rule.warnings { fail("warning: " + warning) }
        return rule
    } catch let error as UsageError {
        throw CLIError.usage(error.message)
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

func play(_ args: inout Arguments) throws -> Int32 {
    guard let game = args.positional.first else { throw CLIError.usage("play needs a game: gamehost play GAME (see gamehost list)") }
    guard args.positional.count == 1 else { throw CLIError.usage("play takes one game, not \(args.positional.joined(separator: " "))") }
    let seed = try parseSeed(try args.take("seed"))
    let wordsName = try args.take("words"), minLength = try args.take("min-length"), data = try args.take("data")
    let catalog = catalog()
    let rule = try loadRule(game, from: catalog)
    let words = try wordList(for: rule, name: wordsName, minLength: minLength, catalog: catalog)
    let session: GameSession
    do {
        session = try GameSession(rule: rule, options: try args.optionTable(), seed: seed, clock: SystemClock(),
                                  words: words, scores: scoreStore(data), ascii: args.flags.contains("ascii"),
                                  colour: Terminal.useColour && !args.flags.contains("json"))
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.id): \(error.message)")
    }
    if let wordsName { session.replayArguments += ["--words", wordsName] }
    if let minLength { session.replayArguments += ["--min-length", minLength] }
    let presenter: Presenter = args.flags.contains("json") ? JSONLinesPresenter(stdout_) : TextPresenter(stdout_)
    return TextLoop.run(session, input: StandardInput(), presenter: presenter)
}

func list() throws -> Int32 {
    let catalog = catalog()
    let files = catalog.files()
    if files.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.directories.joined(separator: ", ")))") }
    var failed = false
    for (name, path) in files {
        do {
            let rule = try Rule(path: path, libraryDirectories: catalog.libraryDirectories)
            stdout_.write(name.padding(12) + rule.title + (rule.about.isEmpty ? "" : " — " + rule.about) + "\n", style: .plain)
            for option in rule.options {
                let help = option.help.isEmpty ? "" : option.help + ": "
                stdout_.write("    --\(option.name) \(help)\(option.choicesDescription) (default \(option.defaultValue))\n", style: .dim)
            }
        } catch {
            failed = true
            fail("\(name): cannot load:\n\(error)")
        }
    }
    return failed ? 1 : 0
}

/// `gamehost scores [GAME]`: every board of the game's current rule file, and its statistics.
func scores(_ args: inout Arguments) throws -> Int32 {
    let store = scoreStore(try args.take("data"))
    guard args.options.isEmpty, args.positional.count <= 1 else { throw CLIError.usage("scores takes one game at most: gamehost scores [GAME]") }
    let catalog = catalog()
    let games: [String]
    do { games = try args.positional.first.map { [$0] } ?? store.games() } catch { throw CLIError.failure(String(describing: error)) }
    if games.isEmpty { stdout_.write("No scores yet.\n", style: .plain); return 0 }
    for game in games {
        let rule = try? catalog.load(game)
        if args.positional.first != nil && rule == nil { _ = try loadRule(game, from: catalog) }
        let id = rule?.id ?? game
        do {
            stdout_.write((rule?.title ?? game) + "\n", style: .title)
            let boards = try store.boards(game: id, ruleHash: rule?.contentHash)
            for (name, board) in boards { stdout_.write("  \(name): \(board.summary())\n", style: .plain) }
            let stats = try store.statistics(game: id)
            if stats.played > 0 {
                let winners = stats.winners.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
                stdout_.write("  played \(stats.played)" + (winners.isEmpty ? "" : ": won by " + winners) + "\n", style: .dim)
            }
            if boards.isEmpty && stats.played == 0 { stdout_.write("  no scores yet\n", style: .dim) }
        } catch {
            throw CLIError.failure(String(describing: error))
        }
    }
    return 0
}

/// The menu: pick a game by number or name, set its options, play, and come back.
func menu() throws -> Int32 {
    let catalog = catalog()
    let input = StandardInput()
    while true {
        var rules: [Rule] = []
        for (name, path) in catalog.files() {
            do { rules.append(try Rule(path: path, libraryDirectories: catalog.libraryDirectories)) }
            catch { fail("\(name): cannot load:\n\(error)") }
        }
        if rules.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.directories.joined(separator: ", ")))") }
        stdout_.write("GameHost — choose a game\n", style: .title)
        for (i, rule) in rules.enumerated() {
            stdout_.write("  \(i + 1). \(rule.title)" + (rule.about.isEmpty ? "" : "  ") , style: .plain)
            stdout_.write(rule.about + "\n", style: .dim)
        }
        guard let rule = chooseGame(rules, input: input) else { return 0 }
        guard let options = chooseOptions(rule, input: input) else { return 0 }
        let words = try wordList(for: rule, name: nil, minLength: nil, catalog: catalog)
        let session = try GameSession(rule: rule, options: options, seed: freshSeed(), clock: SystemClock(),
                                      words: words, scores: scoreStore(nil), colour: Terminal.useColour)
        stdout_.write("\n", style: .plain)
        _ = TextLoop.run(session, input: input, presenter: TextPresenter(stdout_))
        stdout_.write("\n", style: .plain)
    }
}

func chooseGame(_ rules: [Rule], input: LineSource) -> Rule? {
    while true {
        guard let raw = input.readLine(prompt: "Game (number or name, /quit to leave): ") else { return nil }
        let answer = raw.trimmed.lowercased()
        if answer == "/quit" || answer == "q" || answer == "quit" { return nil }
        if let n = Int(answer), n >= 1, n <= rules.count { return rules[n - 1] }
        if let rule = rules.first(where: { $0.id == answer }) { return rule }
        if !answer.isEmpty { stdout_.write("✗ no game '\(answer)': type 1 to \(rules.count) or a name\n", style: .refusal) }
    }
}

/// Asks for each option of the game; Enter keeps the default.
func chooseOptions(_ rule: Rule, input: LineSource) -> [String: String]? {
    var chosen: [String: String] = [:]
    for option in rule.options where !option.advanced {
        let help = option.help.isEmpty ? "" : " — " + option.help
        stdout_.write("\(option.name): \(option.choicesDescription)\(help)\n", style: .dim)
        while true {
            guard let raw = input.readLine(prompt: "\(option.name) [\(option.defaultValue)]: ") else { return nil }
            let answer = raw.trimmed
            if answer.isEmpty { break }
            if case .failure(let reason) = rule.validate(option, answer) {
                stdout_.write("✗ \(reason)\n", style: .refusal)
                continue
            }
            chosen[option.name] = answer
            break
        }
    }
    return chosen
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

func run() -> Int32 {
    do {
        var args = try Arguments(Array(CommandLine.arguments.dropFirst()))
        if args.flags.contains("version") { stdout_.write("gamehost \(version)\n", style: .plain); return 0 }
        if args.flags.contains("help") || args.command == "help" {
            let topic = args.command == "help" ? args.positional.first : args.command
            if let topic, let text = commandHelp[topic] { stdout_.write(text, style: .plain); return 0 }
            if let topic, topic != "help" { throw CLIError.usage("no command '\(topic)' (commands: list, play, scores, help)") }
            stdout_.write(usage, style: .plain)
            return 0
        }
        if args.flags.contains("json") && args.command != "play" { throw CLIError.usage("--json goes with play") }
        switch args.command {
        case nil:
            if !args.options.isEmpty { throw CLIError.usage("options go after a command: gamehost play GAME --OPTION VALUE") }
            return try menu()
        case "list":
            if !args.positional.isEmpty || !args.options.isEmpty { throw CLIError.usage("list takes no arguments") }
            return try list()
        case "play":
            return try play(&args)
        case "scores":
            return try scores(&args)
        case let other?:
            throw CLIError.usage("unknown command '\(other)' (commands: list, play, scores, help; gamehost --help)")
        }
    } catch CLIError.usage(let message) {
        fail(message)
        return 2
    } catch CLIError.failure(let message) {
        fail(message)
        return 1
    } catch {
        fail(String(describing: error))
        return 1
    }
}

Terminal.useUTF8CharacterType()
Terminal.installInterruptHandler()
exit(run())
