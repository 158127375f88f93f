import GameCore
#if canImport(Glibc)
import Glibc
#endif

// The command line: turns arguments, the terminal and the environment into calls on GameHost.
// Exit codes: 0 success, 1 a game or rule error, 2 a usage error.

func run() -> Int32 {
    do {
        var args = try Arguments(Array(CommandLine.arguments.dropFirst()))
        let settings = try PlayerSettings(&args)
        stdout_.ascii = settings.ascii && !args.flags.contains("json")
        stderr_.ascii = settings.ascii
        stdout_.wraps = !args.flags.contains("json")
        if args.flags.contains("version") { stdout_.write("gamehost \(version)\n", style: .plain); return 0 }
        if args.flags.contains("help"), args.command == "play", let game = args.positional.first {
            return try gameHelp(game, language: settings.language)
        }
        if args.flags.contains("help") || args.command == "help" {
            let topic = args.command == "help" ? args.positional.first : args.command
            if let topic, let text = commandHelp[topic] { stdout_.write(text, style: .plain); return 0 }
            if let topic, topic != "help" { throw CLIError.usage("no command '\(topic)' (commands: list, play, resume, scores, check, sim, arena, replay, new, serve, help)") }
            stdout_.write(usage, style: .plain)
            return 0
        }
        if args.flags.contains("json") && !["play", "resume", "sim", "arena", "list"].contains(args.command ?? "") {
            throw CLIError.usage("--json goes with play, resume, sim, arena or list")
        }
        if args.flags.contains("reveal") && args.command != "play" { throw CLIError.usage("--reveal goes with play --json") }
        if args.flags.contains("coach") && args.command != "play" { throw CLIError.usage("--coach goes with play") }
        if args.flags.contains("save") && args.command != "play" { throw CLIError.usage("--save goes with play") }
        if args.flags.contains("list") && args.command != "resume" { throw CLIError.usage("--list goes with resume") }
        switch args.command {
        case nil:
            return try menu(&args, settings: settings)
        case "list":
            try args.refuseOtherOptions("list takes --json")
            if !args.positional.isEmpty { throw CLIError.usage("list takes --json only") }
            return try list(json: args.flags.contains("json"))
        case "play":
            return try play(&args, settings: settings)
        case "scores":
            return try scores(&args, settings: settings)
        case "check":
            return try check(&args)
        case "sim":
            return try sim(&args)
        case "arena":
            return try arena(&args)
        case "replay":
            return try replay(&args)
        case "resume":
            return try resume(&args, settings: settings)
        case "new":
            return try newRule(&args)
        case "serve":
            return try serve(&args, settings: settings)
        case let other?:
            throw CLIError.usage("unknown command '\(other)' (commands: list, play, resume, scores, check, sim, arena, replay, new, serve, help; gamehost --help)")
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

// A closed pipe is a write error (see StandardOutput), never a signal.
signal(SIGPIPE, SIG_IGN)
// Only libedit reads the locale, and only at a terminal: a pipe skips loading it.
if Terminal.inputIsTerminal { Terminal.useUTF8CharacterType() }
Terminal.prepareForInterrupts()
Terminal.takeFlowControlKeys()
exit(run())
