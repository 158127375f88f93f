import GameCore

/// The scores a session submits and the records it saves (`game.scores.save`): ranked or kept
/// at once for the session, written to the store only when the move that made them is
/// accepted (a refused or failed move leaves nothing). A store that cannot be used is reported
/// once and the game goes on without it.
final class ScoreKeeper {
    let store: ScoreStore?
    var game = ""
    var ruleHash = ""
    /// The name scores are kept under, asked for at the first score: finding a login name may
    /// read the system's user database, which a game that keeps no scores never needs.
    var playerName: () -> String = { "" }
    private(set) lazy var player = playerName()
    /// A practice session (seeded, or scripted from a pipe): its scores are kept apart and
    /// never ranked, so a replayed or scripted run cannot fill the board.
    var practice = false
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

    /// Records by name as this session sees them (`.null`: none), `committedRecords` without
    /// the current move's, and the move's saves not yet written.
    private var records: [String: JSONValue] = [:]
    private var committedRecords: [String: JSONValue] = [:]
    private var pendingRecords: [String: JSONValue] = [:]
    /// Told of each record as it is first read (transcripts keep them, like boards).
    var onRecordLoad: ((String, JSONValue) -> Void)?
    private let presetRecords: [String: JSONValue]

    init(store: ScoreStore?, preset: [String: Leaderboard] = [:], presetRecords: [String: JSONValue] = [:]) {
        self.store = store
        self.preset = preset
        self.presetRecords = presetRecords
    }

    /// A saved record, or `.null`.
    func record(_ name: String) -> JSONValue {
        if let value = records[name] { return value }
        var value = JSONValue.null
        if let recorded = presetRecords[name] {
            value = recorded
        } else if let store {
            do { value = try store.record(game: game, name: name).flatMap { try? JSONValue(parsing: $0) } ?? .null }
            catch { note(error) }
        }
        onRecordLoad?(name, value)
        records[name] = value
        committedRecords[name] = value
        return value
    }

    /// Saves a record for the session now, and in the store if the move is accepted. A game
    /// keeps at most `ScoreStore.recordsPerGame` records.
    func save(_ name: String, _ value: JSONValue) throws {
        _ = record(name)
        if records[name] == .null && value != .null {
            let stored = (try? store?.recordCount(game: game)) ?? 0
            let new = records.filter { $0.value != .null && committedRecords[$0.key] == .null }.count
            guard stored + new < ScoreStore.recordsPerGame else {
                throw ScoreKeeperError("game.scores.save: a game keeps at most \(ScoreStore.recordsPerGame) records")
            }
        }
        records[name] = value
        pendingRecords[name] = value
    }

    func board(_ name: String, order: Leaderboard.Order = .higher, unit: String = "") -> Leaderboard {
        if let b = boards[name] { return b }
        // The first time a game keeps scores, the player learns at once if they cannot be saved.
        if boards.isEmpty, let store, preset.isEmpty, let problem = store.savingProblem() { note(problem) }
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

    /// Adds a score to its board for this session and returns its rank (1 is best), or nil
    /// for a practice run, which is kept apart and not ranked.
    func submit(_ score: ScoreStore.Score) -> Int? {
        var score = score
        score.player = player
        score.practice = practice
        var b = board(score.board, order: score.order, unit: score.unit)
        pending.append(score)
        // A practice run is not ranked, nor is a score that cannot be saved (the player is told).
        if practice || (store != nil && !problems.isEmpty) { return nil }
        let rank = b.insert(Leaderboard.Entry(value: score.value, label: score.label, player: player))
        boards[score.board] = b
        return rank
    }

    /// The move was accepted: keep its scores.
    func commit(at time: Double) {
        defer { pending = []; pendingRecords = [:] }
        committed = boards
        committedRecords = records
        guard let store else { return }
        do {
            try store.add(pending, records: pendingRecords.mapValues(\.encoded), game: game, ruleHash: ruleHash, at: time)
        } catch { note(error) }
    }

    /// The move was undone: forget its scores and saves.
    func discard() {
        boards = committed
        pending = []
        records = committedRecords
        pendingRecords = [:]
    }

    /// Counts a finished game in the statistics.
    func recordResult(winner: String?, score: Double?, at time: Double) {
        guard let store else { return }
        do { try store.addResult(game: game, ruleHash: ruleHash, winner: winner, score: score, at: time) }
        catch { note(error) }
    }

    /// Problems not yet shown to the player.
    func takeProblems() -> [String] {
        guard !reported, !problems.isEmpty else { return [] }
        reported = true
        return problems.map { "Scores are not saved: \($0)" }
    }

    private func note(_ error: Error) { note(String(describing: error)) }

    private func note(_ text: String) {
        if !problems.contains(text) { problems.append(text) }
    }
}

/// A record the game may not keep.
struct ScoreKeeperError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
