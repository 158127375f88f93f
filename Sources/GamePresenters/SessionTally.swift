import GameRuntime

/// The games a session finished, for the line that sums the session up as it ends: a session
/// of several games (one game's own result says all there is). Who won is counted by name: a
/// seat's person, or the winner the rule names ("player" is you; "computer", "dealer").
public struct SessionTally {
    public private(set) var games = 0
    private var finished: Set<Int> = []
    private var wins: [String: Int] = [:]
    /// Winners in the order they first won, so the line reads the same for the same games.
    private var winners: [String] = []
    private var undecided = 0
    /// The language the line is said in.
    private let texts: HostTexts

    public init(texts: HostTexts = .english) { self.texts = texts }

    /// Counts `step`'s game if the step finished it (once a game, however often its result is
    /// shown). `names`: what each seat is called.
    public mutating func note(_ step: Step, names: [String]) {
        guard let result = step.result, finished.insert(step.game).inserted else { return }
        games += 1
        var who: [String] = result.winningSeats.map { $0 >= 1 && $0 <= names.count ? names[$0 - 1] : texts(.seat, ["seat": String($0)]) }
        if who.isEmpty, let winner = result.winner, !["draw", "tie", "none"].contains(winner.lowercased()) {
            who = [winner.lowercased() == "player" ? texts(.you) : winner]
        }
        if who.isEmpty { undecided += 1 }
        for name in who {
            if wins[name] == nil { winners.append(name) }
            wins[name, default: 0] += 1
        }
    }

    /// "This session: 3 games · you won 2 · computer won 1", or nil for fewer than two games.
    public var line: String? {
        guard games >= 2 else { return nil }
        var parts = [texts(.sessionGames, ["n": String(games)])]
        for name in winners { parts.append(texts(.sessionWon, ["name": name, "n": String(wins[name]!)])) }
        if undecided > 0 { parts.append(texts(.sessionNoWinner, ["n": String(undecided)])) }
        return parts.joined(separator: " · ")
    }
}
