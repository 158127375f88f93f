import GameCore
import LuaKit

/// What a rule file says of itself, as plain values: the menu, `list`, help, presenters and
/// word-list loading read it without touching the rule's Lua state.
public struct RuleInfo: Sendable {
    public let path: String
    public let id: String
    public private(set) var title: String
    public private(set) var about: String
    /// The longer how-to-play text shown by /rules (the `about` line when the rule has none).
    public private(set) var howToPlay: String
    public internal(set) var options: [OptionSpec]
    public let commands: [CommandSpec]
    /// The word list the game plays by default (`words = "NAME"`), nil for games without words.
    public let defaultWordList: String?
    /// The word lengths the game plays (`words = { list = "NAME", length = 5 }`), whichever
    /// list the player chooses.
    public let wordFilter: WordList.Filter
    /// A fingerprint of the file's content and of the libraries it loads as it starts: scores
    /// are kept per version of a rule.
    public let contentHash: String
    /// Non-fatal findings, such as an unknown field (often a typo).
    public internal(set) var warnings: [String]
    /// What the rule's scores and statistics are kept under. A rule chooses its `id`, so the id
    /// alone would let any file write into another game's leaderboards: a rule's key is its id
    /// and its file (`my-game@/home/ann/rules/my-game.lua`), and only the built-in games, as
    /// the catalog loads them, are keyed by their id alone.
    public internal(set) var scoreKey: String
    /// One key for a move (`keys = { r = "rock" }`): the key plays the move whenever that move
    /// is offered, in every mode. Read once, with the rule: `moves` stays a plain list.
    public let keys: [String: String]
    /// Whether `play` still takes inputs once `result` has returned a table (besides the
    /// host's y/n): `plays_after_result = true`. Off, the host refuses them itself.
    public let playsAfterResult: Bool
    /// State fields no seat may see (`secret = { "word", "hint" }`): the default observation
    /// leaves them out.
    public let secretFields: [String]
    /// State fields that hold one entry per seat, which that seat alone may see (`private =
    /// { "dice" }`: `state.dice[2]` is seat 2's): the default observation shows every other
    /// seat's entry as `{ hidden = true }`, and check changes them when it proves a seat's view.
    public let privateFields: [String]
    /// How many seats the game takes (`players`); one person against the host by default.
    public let seats: SeatRange
    /// Whether the rule has its own player (`bot`).
    public let hasBot: Bool
    /// Whether the rule says itself what a seat may know (`observe`).
    public let hasObserve: Bool
    /// The places in the state whose tables are maps (`maps`), as paths of field names.
    public let mapPaths: [[String]]
    /// Whether a program may ask for the list's words (`share_words = true`).
    public let sharesWords: Bool
    /// The library folders the rule may `require` from, besides its own lib/.
    public let libraryDirectories: [String]
    /// Whether a session is one game (`one_game = true`): once `result` returns a table the
    /// session ends with it, and nobody is asked to play again (Hangman asks "Another word?"
    /// itself).
    public var oneGame = false
    /// Whether the rule finishes a game the player leaves in the middle (`leave`).
    public var hasLeave = false
    /// Seconds between redraws of a view that changes with time (`refresh`, a clock): the
    /// full screen draws it again while it waits for a key. Nil: only after an input.
    public var refresh: Double?

    /// What the search player may use of the rule (`search = { deal =, moves =, hints = }`).
    public var search = SearchHints()
    /// Whether a player may take a move back in a ranked game too (`undo = true`): the game
    /// then goes on as practice. Without it, only practice games offer `/undo`.
    public var allowsUndo = false
    /// The rule's texts and their translations (`texts`, `game.t`).
    public var texts = RuleTexts()

    /// The rule as a player of `language` reads it: its title, about and rules from its
    /// translation where it gives them.
    public func localized(_ language: String) -> RuleInfo {
        var info = self
        for code in RuleTexts.fallbacks(language).reversed() {
            guard let translated = texts.translations[code] else { continue }
            if case .plain(let text)? = translated["title"] { info.title = text }
            if case .plain(let text)? = translated["about"] { info.about = text }
            if case .plain(let text)? = translated["rules"] { info.howToPlay = text }
            for k in info.options.indices {
                if case .plain(let text)? = translated["option." + info.options[k].name] { info.options[k].help = text }
                if case .plain(let text)? = translated["option." + info.options[k].name + ".label"] { info.options[k].label = text }
            }
        }
        return info
    }

    /// The keys of the moves offered now, by key.
    public func keys(offered moves: [String]) -> [String: String] {
        // Compared as bytes (two moves that read as one text are two moves). A few keys and
        // moves, as at every step of most games, are compared pairwise; more through a set.
        if keys.count * moves.count <= 64 {
            return keys.filter { key in moves.contains { $0.utf8.elementsEqual(key.value.utf8) } }
        }
        let offered = Set(moves.map { Array($0.utf8) })
        return keys.filter { offered.contains(Array($0.value.utf8)) }
    }

    /// The option named `name`.
    public func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// How many seats a game takes: `players = 2`, or `players = { min = 2, max = 4 }`. A rule that
/// says nothing is one person against the host.
public struct SeatRange: Sendable, Equatable {
    public let min: Int
    public let max: Int
    /// Whether the rule declared `players` (a game of seats, each with its name and result).
    public let declared: Bool

    public init(min: Int, max: Int, declared: Bool) {
        self.min = min
        self.max = max
        self.declared = declared
    }

    /// The most seats a game may have.
    public static let limit = 8
    public static let single = SeatRange(min: 1, max: 1, declared: false)

    public func contains(_ n: Int) -> Bool { n >= min && n <= max }

    /// "2", or "2 to 4".
    public var description: String { min == max ? "\(min)" : "\(min) to \(max)" }

    static func parse(_ value: LuaValue, path: String, problems: inout [String]) -> SeatRange {
        func seats(_ v: LuaValue?) -> Int? {
            guard let n = v?.integer, (1...Int64(Self.limit)).contains(n) else { return nil }
            return Int(n)
        }
        switch value {
        case .nil: return .single
        case .integer:
            if let n = seats(value) { return SeatRange(min: n, max: n, declared: true) }
        case .map(let fields):
            if let lo = seats(fields["min"]), let hi = seats(fields["max"]), lo <= hi, fields.count == 2 {
                return SeatRange(min: lo, max: hi, declared: true)
            }
        default: break
        }
        problems.append("\(path): field 'players' must be a number of seats from 1 to \(Self.limit), or { min = 2, max = 4 }")
        return .single
    }
}

/// What a rule gives the search player (`search = { ... }`), all optional.
public struct SearchHints: Sendable, Equatable {
    /// `search.deal`: the rule deals again what the host cannot (a secret word).
    public var deals = false
    /// `search.moves`: the inputs to weigh where `moves` takes free text.
    public var weighsText = false
    /// `search.hints = true`: a player may ask for the search's move (`/hint`).
    public var allowsHints = false

    public init(deals: Bool = false, weighsText: Bool = false, allowsHints: Bool = false) {
        self.deals = deals
        self.weighsText = weighsText
        self.allowsHints = allowsHints
    }
}
