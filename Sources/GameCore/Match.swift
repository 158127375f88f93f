/// A best-of-N match: the first side to win N/2 + 1 games takes it, so a best-of-3 can end
/// 2-0. Ties are replayed: they are counted but never bring the end closer.
public struct Match: Equatable {
    public enum Outcome: String { case win, loss, tie }
    public enum Side: String { case player, computer }

    public let bestOf: Int
    public private(set) var wins = 0
    public private(set) var losses = 0
    public private(set) var ties = 0

    public static let largestBestOf = 99

    /// A match of `bestOf` games: any odd number from 1 to 99.
    public init(bestOf: Int) throws {
        guard bestOf >= 1, bestOf <= Self.largestBestOf, bestOf % 2 == 1 else {
            throw MatchError.badLength(bestOf)
        }
        self.bestOf = bestOf
    }

    /// Restores a match in progress (from a saved score).
    public init(bestOf: Int, wins: Int, losses: Int, ties: Int) throws {
        try self.init(bestOf: bestOf)
        let needed = bestOf / 2 + 1
        guard wins >= 0, losses >= 0, ties >= 0, wins <= needed, losses <= needed, !(wins == needed && losses == needed) else {
            throw MatchError.badScore(wins: wins, losses: losses)
        }
        self.wins = wins
        self.losses = losses
        self.ties = ties
    }

    /// Wins that end the match.
    public var winsNeeded: Int { bestOf / 2 + 1 }
    public var isOver: Bool { wins == winsNeeded || losses == winsNeeded }
    public var winner: Side? { wins == winsNeeded ? .player : losses == winsNeeded ? .computer : nil }
    /// Wins the player still needs.
    public var winsToGo: Int { winsNeeded - wins }

    /// Counts one game; a finished match takes no more.
    public mutating func record(_ outcome: Outcome) throws {
        guard !isOver else { throw MatchError.over }
        switch outcome {
        case .win: wins += 1
        case .loss: losses += 1
        case .tie: ties += 1
        }
    }

    /// Reads a match length as players write it: "single" (1) or "best-of-N".
    public static func parseLength(_ text: String) throws -> Int {
        if text == "single" { return 1 }
        let prefix = "best-of-"
        // The number as written ("best-of-03" and "best-of-+3" name no length), cut by bytes:
        // a sim reads the option once a game.
        guard text.hasPrefix(prefix), let digits = String(text.utf8.dropFirst(prefix.utf8.count)),
              let n = Int(digits), String(n) == digits else {
            throw MatchError.badName(text)
        }
        _ = try Match(bestOf: n)
        return n
    }
}

public enum MatchError: Error, CustomStringConvertible, Equatable {
    case badLength(Int)
    case badName(String)
    case badScore(wins: Int, losses: Int)
    case over

    public var description: String {
        switch self {
        case .badLength(let n): return "best-of-\(n) is not a match length: N must be odd, from 1 to \(Match.largestBestOf)"
        case .badName(let s): return "'\(s)' is not a match length: use single or best-of-N with N odd, from 1 to \(Match.largestBestOf)"
        case .badScore(let w, let l): return "\(w):\(l) is not a score this match can have"
        case .over: return "the match is over"
        }
    }
}
