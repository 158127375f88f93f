import GameCore

/// The scores a session submits: ranked at once against the board, written to the store only
/// when the move that made them is accepted (a refused or failed move leaves no score). A store
/// that cannot be used is reported once and the game goes on without it.
final class ScoreKeeper {
    let store: ScoreStore?
    var game = ""
    var ruleHash = ""
    /// Boards with this session's scores so far; `committed` without the current move's.
    private var boards: [String: Leaderboard] = [:]
    private var committed: [String: Leaderboard] = [:]
    private var pending: [ScoreStore.Score] = []
    /// What went wrong with the store, to tell the player once.
    private(set) var problems: [String] = []
    private var reported = false

    /// Told of each board as it is first read from the store (a transcript records them, so a
    /// replay ranks against the same boards).
    var onLoad: ((String, Leaderboard) -> Void)?
    /// Boards to use instead of the store's (a replay's recorded boards).
    private let preset: [String: Leaderboard]

    init(store: ScoreStore?, preset: [String: Leaderboard] = [:]) {
        self.store = store
        self.preset = preset
    }

    func board(_ name: String, order: Leaderboard.Order = .higher, unit: String = "") -> Leaderboard {
        if let b = boards[name] { return b }
        var b = Leaderboard(order: order, unit: unit)
        if let recorded = preset[name] {
            b = recorded
        } else if let store {
            do { b = try store.leaderboard(game: game, ruleHash: ruleHash, board: name, order: order, unit: unit) }
            catch { note(error) }
        }
        onLoad?(name, b)
        boards[name] = b
        committed[name] = b
        return b
    }

    /// Adds a score to its board for this session and returns its rank (1 is best).
    func submit(_ score: ScoreStore.Score) -> Int {
        var b = board(score.board, order: score.order, unit: score.unit)
        let rank = b.insert(Leaderboard.Entry(value: score.value, label: score.label))
        boards[score.board] = b
        pending.append(score)
        return rank
    }

    /// The move was accepted: keep its scores.
    func commit(at time: Double) {
        defer { pending = [] }
        committed = boards
        guard let store else { return }
        do { try store.add(pending, game: game, ruleHash: ruleHash, at: time) } catch { note(error) }
    }

    /// The move was undone: forget its scores.
    func discard() {
        boards = committed
        pending = []
    }

    func recordResult(_ result: GameResult, at time: Double) {
        guard let store else { return }
        do { try store.addResult(game: game, ruleHash: ruleHash, winner: result.winner, score: result.score, at: time) }
        catch { note(error) }
    }

    /// Problems not yet shown to the player.
    func takeProblems() -> [String] {
        guard !reported, !problems.isEmpty else { return [] }
        reported = true
        return problems.map { "Scores are not saved: \($0)" }
    }

    private func note(_ error: Error) {
        let text = String(describing: error)
        if !problems.contains(text) { problems.append(text) }
    }
}
