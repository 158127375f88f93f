import GameCore
import GameAuthoring
import GameRules
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost arena GAME|FILE [FILLER ...] [--games N] [--seed N] [--jobs N] [--seats N] [--json]
/// [--think N] [--OPTION VALUE ...]`: seat fillers (bot, random, search, program:COMMAND) compared over many seeded
/// games, with each filler's wins, draws, losses and mean score, and 95% confidence intervals.
func arena(_ args: inout Arguments) throws -> Int32 {
    guard let game = args.positional.first else {
        throw CLIError.usage("arena needs a game: gamehost arena GAME [bot|random|search|program:COMMAND ...] [--games N] [--seed N]")
    }
    let fillers = try args.positional.dropFirst().map(arenaFiller)
    let replyTime = try parseReplyTime(try args.take("reply-time")) ?? Arena.replyTimeLimit
    let thinking = try parseThinking(try args.take("think"))
    if args.flags.contains("bot") { throw CLIError.usage("arena names its fillers after the game: gamehost arena \(game) bot random") }
    // Without --seed the run's seed is drawn at random and told only with the results: a
    // program cannot know the deals before it plays them (the games' seeds derive from it, and
    // none is on a program's command line, in its environment or in its stream).
    // (Drawn from 63 bits: a game's seed is 30, so no game's seed narrows the run's down.)
    let (simulation, loaded, rest) = try simulationPlan(game, &args, maxGames: 10_000_000) { UInt64.random(in: 1...UInt64(Int64.max)) }
    var plan = simulation
    plan.keyedSeeds = true
    plan.command = .arena
    if let thinking { plan.thinking = thinking }
    let thinkingArguments = thinking.map { ["--think", $0.text] } ?? []
    let rule = loaded.info, games = plan.games, seed = plan.seed
    // Without fillers, the rule's bot against random moves: how good is the shipped bot?
    let compared: [Arena.Filler] = fillers.isEmpty ? [rule.hasBot ? .bot : .random, .random] : fillers
    loaded.close()
    var arenaPlan = Arena.Plan(games: plan, fillers: compared)
    arenaPlan.replyTime = replyTime
    // Programs are started on the workers' threads: they stay off the interrupt handler's
    // list, which only the main thread may change; Ctrl-C ends them as their input closes.
    arenaPlan.startProgram = { @Sendable (command: String, seat: Int, replyTime: Double) throws -> SeatProgram in
        try ProgramSeat(command: command, seat: seat, hearsInterrupt: false, replyTime: replyTime)
    }
    let json = args.flags.contains("json")
    let bar = ProgressBar(total: games, enabled: Terminal.outputIsTerminal && !json)
    let report: Arena.Report
    let interrupt: Int32?
    do {
        // A first Ctrl-C stops the run after the games in play, which are then reported.
        (report, interrupt) = try Interrupts.stoppingGently { stopAsked in
            var arenaPlan = arenaPlan
            arenaPlan.games.stopAsked = { stopAsked() != nil }
            return (try Arena.run(arenaPlan) { done in bar.update(done) }, stopAsked())
        }
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.id): \(error.message)")
    } catch {
        throw CLIError.failure(String(describing: error))
    }
    bar.finish()
    if json {
        stdout_.write(arenaJSON(report, game: rule.id, seed: seed).encoded + "\n", style: .plain)
    } else {
        writeArenaTable(report, game: rule.id, seed: seed)
    }
    // A failing game is replayed with its line-up, seed and options.
    for f in report.failures.prefix(5) {
        let lineUp = Arena.lineUp(game: f.game, seats: report.seats, fillers: compared.count).enumerated().flatMap { seat, filler in
            ["--seat", shellQuoted("\(seat + 1)=\(compared[filler].label)")]
        }
        let replay = (["gamehost", "play", game, "--seed", String(f.seed)] + (f.game == 1 ? [] : ["--game", String(f.game)])
            + ["--seats", String(report.seats)] + lineUp + thinkingArguments + rest).joined(separator: " ")
        fail("game \(f.game) (replay: \(replay)): \(f.message)")
    }
    if report.failures.count > 5 { fail("\(report.failures.count - 5) more games failed") }
    if let stopped = report.stoppedBy { fail("stopped after \(report.played) of \(games) games: \(stopped)") }
    if let interrupt { return 128 + interrupt }
    return report.failures.isEmpty && report.stoppedBy == nil ? 0 : 1
}

/// A filler as the command line names it.
func arenaFiller(_ text: String) throws -> Arena.Filler {
    switch text.lowercased() {
    case "bot": return .bot
    case "random": return .random
    case "search": return .search
    default:
        if text.hasPrefix("program:") {
            let command = String(text.dropFirst("program:".count))
            guard !command.trimmed.isEmpty else { throw CLIError.usage("arena: program: needs a command, as program:'python3 bot.py'") }
            return .program(command)
        }
        throw CLIError.usage("arena: '\(TerminalText.plain(text))' is not a filler: bot, random, search or program:COMMAND (people play with gamehost play)")
    }
}

/// A percentage with one decimal.
private func percent(_ x: Double) -> String { fixed(100 * x, 1) + "%" }

private func writeArenaTable(_ report: Arena.Report, game: String, seed: UInt64) {
    stdout_.write("\(game) arena: \(report.played) game\(report.played == 1 ? "" : "s") of \(report.seats) seat\(report.seats == 1 ? "" : "s") in \(fixed(report.seconds, 2)) s, \(report.jobs) jobs, seed \(seed)\n",
                  style: .title)
    let width = max(8, report.standings.map { TerminalWidth.columns($0.name) }.max() ?? 0) + 2
    let hasScores = report.standings.contains { !$0.scores.isEmpty }
    stdout_.write("  " + TerminalWidth.pad("filler", to: width) + "games    wins  draws  losses  win rate (95% CI)"
        + (hasScores ? "           mean score (95% CI)" : "") + "\n", style: .dim)
    for s in report.standings {
        var line = "  " + TerminalWidth.pad(s.name, to: width) + TerminalWidth.pad(String(s.games), to: 5, alignRight: true)
            + TerminalWidth.pad(String(s.wins), to: 8, alignRight: true) + TerminalWidth.pad(String(s.draws), to: 7, alignRight: true)
            + TerminalWidth.pad(String(s.losses), to: 8, alignRight: true) + "  "
        if let ci = s.winInterval {
            line += TerminalWidth.pad(percent(s.winRate) + " (" + percent(ci.lowerBound) + " to " + percent(ci.upperBound) + ")", to: 28)
        } else {
            line += TerminalWidth.pad("-", to: 28)
        }
        if hasScores {
            if let mean = s.meanScore {
                line += fixed(mean, 2) + (s.scoreInterval.map { " (" + fixed($0.lowerBound, 2) + " to " + fixed($0.upperBound, 2) + ")" } ?? "")
            } else {
                line += "-"
            }
        }
        while line.last == " " { line.removeLast() }
        stdout_.write(line + "\n", style: .plain)
    }
    if !report.failures.isEmpty {
        stdout_.write("  \(report.failures.count) \(report.failures.count == 1 ? "game failed and counts" : "games failed and count") for nobody\n", style: .plain)
    }
}

private func arenaJSON(_ report: Arena.Report, game: String, seed: UInt64) -> JSONValue {
    func interval(_ range: ClosedRange<Double>?) -> JSONValue {
        range.map { .array([.double($0.lowerBound), .double($0.upperBound)]) } ?? .null
    }
    return .object([
        "game": .string(game), "games": .int(Int64(report.games)), "played": .int(Int64(report.played)),
        "seats": .int(Int64(report.seats)), "seed": .string(String(seed)), "jobs": .int(Int64(report.jobs)),
        "seconds": .double(report.seconds),
        "fillers": .array(report.standings.map { s in
            .object([
                "name": .string(s.name), "filler": .string(s.filler.label), "games": .int(Int64(s.games)),
                "wins": .int(Int64(s.wins)), "draws": .int(Int64(s.draws)), "losses": .int(Int64(s.losses)),
                "win_rate": .double(s.winRate), "win_rate_95": interval(s.winInterval),
                "scores": .int(Int64(s.scores.count)), "mean_score": s.meanScore.map { .double($0) } ?? .null,
                "mean_score_95": interval(s.scoreInterval),
            ])
        }),
        "failures": .array(report.failures.prefix(20).map {
            .object(["game": .int(Int64($0.game)), "seed": .string(String($0.seed)), "message": .string($0.message)])
        }),
        "stopped_by": report.stoppedBy.map { .string($0) } ?? .null,
    ])
}

/// A program in a seat is the arena's kind of program, started by the command line.
extension ProgramSeat: SeatProgram {}

/// `--reply-time SECONDS`: how long a program in a seat may take to give its move.
func parseReplyTime(_ text: String?) throws -> Double? {
    try text.map { text -> Double in
        // (Digits and a point only: Double also reads "0x10", "1e2" and "inf".)
        guard text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }), let s = Double(text), s.isFinite, s >= 0.1, s <= 3600 else {
            throw CLIError.usage("--reply-time needs a number of seconds from 0.1 to 3600, not '\(text)'")
        }
        return s
    }
}
