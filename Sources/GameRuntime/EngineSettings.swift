import GameCore
import GameRules
import GameStorage

/// What an engine is started with: the player's choices and the session's context.
public struct EngineSettings {
    /// The command line's `--name value` pairs (names without dashes).
    public var options: [String: String] = [:]
    /// The seed of the session's first game; each later game plays a seed of its own derived
    /// from it (see `seed(ofGame:)`).
    public var seed: UInt64 = 1
    /// The number of the session's first game (`--game K` replays game K of a session, which
    /// a rule sees as `game.game_number`).
    public var firstGame = 1
    /// Where later games' seeds come from when the session has no seed of its own to derive
    /// them from (no `--seed`): each game then draws an independent seed, so one game's seed
    /// tells nothing of the next. Nil: derived from `seed`.
    public var drawSeed: (() -> UInt64)?
    /// Where time comes from. Anything but a live game reads a clock that moves a second per
    /// input (`StepClock`), so the same seed and inputs give the same output.
    public var clock: Clock = StepClock(at: EngineSettings.manualEpoch)
    /// The word list, for games that declare one.
    public var words: WordList?
    /// Where leaderboards and records persist (nil keeps them for this session only).
    public var scores: (any ScoreDatabase)?
    /// Boards and records to read instead of the store's (a replay's recorded ones).
    public var recordedBoards: [String: Leaderboard] = [:]
    public var recordedRecords: [String: JSONValue] = [:]
    /// The name scores are kept under, asked for at the first score.
    public var player: () -> String = { "" }
    /// At a table of several people (`gamehost serve`), the name of the person in a seat (nil
    /// for a seat no person fills): their scores go on the boards under their own names, and a
    /// finished game's winners are named.
    public var seatName: ((Int) -> String?)?
    /// A practice session (seeded, scripted, or played by a program): scores are kept apart
    /// and never ranked, and `game.scores.practice` says so.
    public var practice = false
    /// The date of the day's game this session plays (`play --daily`, `DailyGame`): its result
    /// goes on that day's board, the player's name is noted as having played it, and they are
    /// given a line to share that tells nothing of the deal.
    public var daily: String?
    /// The player's language (`--lang`, else the environment's): the rule's texts in it
    /// (`game.t`) where the rule has them, its own otherwise.
    public var language = "en"
    /// `--ascii`: games draw with plain ASCII.
    public var ascii = false
    /// Whether `game.colour` colours text (a terminal that shows colour, NO_COLOR unset).
    public var colour = false
    /// How many seats the table has (nil: the fewest the rule takes).
    public var seats: Int?
    /// The command the options came from (an unknown one is refused naming what it takes).
    public var command = CommandOptions.play
    public var mode: Mode = .interactive

    public enum Mode: Equatable, Sendable {
        /// Every input has a budget of steps (counted) and of time.
        case interactive
        /// Simulations: a whole game has one time limit, no steps are counted, and messages
        /// are not kept (nobody reads them).
        case bulk(secondsPerGame: Double)
    }

    public init() {}

    /// The time a manual clock starts at (any fixed reading serves; this one is 1970-01-12).
    public static let manualEpoch = 1_000_000.0

    /// The seed of game `k`: the session's own for its first game, then SplitMix64 of the
    /// session seed and k, cut to nine digits so a player can type it. Each game's replay line
    /// names its own seed and number, so it replays that game whatever came before it.
    public func seed(ofGame k: Int) -> UInt64 {
        if k == firstGame { return seed }
        if let drawSeed { return drawSeed() }
        return Self.mix(seed, k) % 1_000_000_000
    }

    /// SplitMix64 of `base` plus k times the golden gamma: a well-spread seed for item k.
    public static func mix(_ base: UInt64, _ k: Int) -> UInt64 {
        var z = base &+ UInt64(k) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
