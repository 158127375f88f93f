import GameAuthoring
import GameRules
#if canImport(Glibc)
import Glibc
#endif

/// What `sim` and `arena` both take from the command line, as a simulation plan: the number
/// of games, moves a game and jobs, the seats, the seed, the time limits, and the game's own
/// options and words. The rule is loaded once to read them; the caller closes `loaded` when
/// it has what it needs (the workers load the rule again, each for itself). `replay` is the
/// game's options and word list as flags, for a failing game's replay line.
/// `defaultSeed` is the run's seed without `--seed`.
func simulationPlan(_ game: String, _ args: inout Arguments, maxGames: Int,
                    defaultSeed: () -> UInt64 = { 1 }) throws -> (plan: Simulation.Plan, loaded: LoadedRule, replay: [String]) {
    func count(_ name: String, _ range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard let text = try args.take(name) else { return value }
        guard let n = Int(text), range.contains(n) else {
            throw CLIError.usage("--\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }
    let games = try count("games", 1...maxGames, default: 1000)
    let maxMoves = try count("max-moves", 1...10_000_000, default: 50_000)
    // Each job holds a Lua state of its own (up to the memory limit): more jobs than cores
    // would only cost memory.
    let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    let jobs = min(try count("jobs", 1...256, default: cores), cores)
    let seed = try args.take("seed").map { text -> UInt64 in
        guard let s = UInt64(text) else { throw CLIError.usage("--seed needs a whole number, not '\(text)'") }
        return s
    } ?? defaultSeed()
    let seats = try parseSeats(try args.take("seats"))
    let wordsName = try args.take("words")
    let wordLengths = WordLengths(min: try args.take("min-length"), max: try args.take("max-length"))
    let timeLimit = try parseTimeLimit(try args.take("time-limit"))
    let totalTime = try parseTotalTime(try args.take("total-time"))
    let catalog = catalog()
    let loaded = try loadRule(game, from: catalog)
    var plan = Simulation.Plan(rulePath: loaded.info.path)
    plan.timeLimit = timeLimit ?? plan.timeLimit
    plan.totalTime = totalTime ?? plan.totalTime
    plan.seats = seats
    plan.libraryDirectories = catalog.libraryDirectories
    plan.options = try args.optionTable()
    plan.words = try wordList(for: loaded.info, name: wordsName, lengths: wordLengths, catalog: catalog)
    plan.games = games
    plan.maxMoves = maxMoves
    plan.seed = seed
    plan.jobs = jobs
    let replay = plan.options.sorted { $0.key < $1.key }.flatMap { ["--" + $0.key, $0.value] }
        + (wordsName.map { ["--words", $0] } ?? []) + wordLengths.arguments
    return (plan, loaded, replay)
}

/// `--seats N`: a number of seats from 1 to the most any game may have.
func parseSeats(_ text: String?) throws -> Int? {
    try text.map { text -> Int in
        guard let n = Int(text), n >= 1, n <= SeatRange.limit else {
            throw CLIError.usage("--seats needs a number of seats from 1 to \(SeatRange.limit), not '\(text)'")
        }
        return n
    }
}
