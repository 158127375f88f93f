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
      gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--json]
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
    "play": """
        Usage: gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--json]

        Plays a game by name (see gamehost list) or a rule file by path.
          --OPTION VALUE  an option of the game (gamehost list shows them)
          --seed N        fix chance, to replay a game exactly (the seed is shown at the start)
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

func catalog() -> RuleCatalog {
    let home = Terminal.environment("HOME") ?? "/"
    let dataHome = Terminal.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    return RuleCatalog(directories: RuleCatalog.standardDirectories(executablePath: executablePath(), dataHome: dataHome))
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
    let rule = try loadRule(game, from: catalog())
    let session: GameSession
    do {
        session = try GameSession(rule: rule, options: try args.optionTable(), seed: seed, clock: SystemClock())
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.id): \(error.message)")
    }
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
        let session = try GameSession(rule: rule, options: options, seed: freshSeed(), clock: SystemClock())
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
    for option in rule.options {
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
            if let topic, topic != "help" { throw CLIError.usage("no command '\(topic)' (commands: list, play, help)") }
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
        case let other?:
            throw CLIError.usage("unknown command '\(other)' (commands: list, play, help; gamehost --help)")
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
