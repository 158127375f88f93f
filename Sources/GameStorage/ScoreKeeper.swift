import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// The scores a session submits and the records it saves (`game.scores.save`): ranked or kept
/// at once for the session, written to the store only when the move that made them is
/// accepted (a refused or failed move leaves nothing). A store that cannot be used is reported
/// once and the game goes on without it.
///
/// Nothing here waits for the database while a rule's step runs (its time is the rule's): the
/// store is used with `waits` off, and when another process holds it, the accepted moves'
/// writes are kept, tried again after each later move, and written at the end of the session,
/// with one notice. What the session holds is bounded: boards and records read are cached in
/// `BoundedCache`s (least recently used dropped first, by count and by bytes), records afresh
/// each move, and the writes kept waiting have a bound of their own.
package final class ScoreKeeper {
    let store: (any ScoreDatabase)?
    package var game = ""
    package var ruleHash = ""
    /// The name scores are kept under, asked for at the first score: finding a login name may
    /// read the system's user database, which a game that keeps no scores never needs.
    package var playerName: () -> String = { "" }
    package private(set) lazy var player = playerName()
    /// A table of several people (a served one) names each seat: a score a move makes is
    /// that seat's person's, and a result's winners are named. Nil: the one player.
    package var seatName: ((Int) -> String?)?
    /// The seat whose move is being made (the API sets it for each call into the rule).
    package var seat = 1
    /// A practice session (seeded, or scripted from a pipe): its scores are kept apart and
    /// never ranked, so a replayed or scripted run cannot fill the board; the records it saves
    /// are the session's alone. Its games still count in the statistics ("Games played"): a
    /// game played is played, and the scores page shows practice runs as such.
    package var practice = false
    /// The fingerprint of the session's word list ("" for none), asked for at the first board
    /// or record: boards and records are kept per list content, not per list name.
    package var listFingerprint: () -> String = { "" }
    private(set) lazy var list = listFingerprint()

    /// Boards as this session sees them; `before` is the board without the current move's
    /// scores, while the move is undecided.
    private struct CachedBoard {
        var board: Leaderboard
        var before: Leaderboard?
    }
    private var boards = BoundedCache<CachedBoard>(maxEntries: ScoreKeeper.boardsCached, maxBytes: ScoreKeeper.boardBytes)
    /// The current move's scores.
    private var pending: [ScoreStore.Score] = []
    /// Accepted moves' scores and finished games that the store has not taken yet (it was busy).
    private var waiting = ScoreBatch()

    /// What a record read found: the stored text this session's view comes from (nil: none),
    /// and the view (`.null`: no record).
    private struct RecordRead {
        var base: String?
        var value: JSONValue
    }
    /// Records read in the current move: each move reads them afresh, so what other sessions
    /// saved meanwhile is seen and a save rarely has to be merged.
    private var reads = BoundedCache<RecordRead>(maxEntries: ScoreKeeper.recordsCached, maxBytes: ScoreKeeper.recordBytes)
    /// The current move's saves, by name.
    private var pendingRecords: [String: RecordChange] = [:]
    /// Accepted saves the store has not taken yet (it was busy); in a session without a store,
    /// the session's records themselves.
    private var keptRecords: [String: RecordChange] = [:]

    /// What went wrong with the store, to tell the player once; and whether it was busy (told
    /// once too, and not a failure: the scores wait and are still ranked). Two gamehosts
    /// finishing moves at the same instant collide for a moment, so the player is told when
    /// writes have waited through two tries, or a read found the store busy.
    private(set) var problems: [String] = []
    private var reported = false
    private var busy = false
    private var busyReported = false
    private var busyWrites = 0
    private var checkedStore = false
    /// A write failed for a reason other than a busy database: the session writes no more
    /// (scores are off, with one notice) and keeps its records for itself.
    private var failed = false
    private var writes: Bool { store != nil && !failed }
    /// Set while a step is played again from its stored input (a served table rebuilt, or
    /// another server's move): its scores, results and saves were written when it was first
    /// played, so nothing is written again; the boards it reads still change as they did.
    package var replaying = false
    /// Whether records go to the store: not a practice session's, which are its own.
    private var writesRecords: Bool { writes && !practice }

    /// Told of each board as it is first read from the store (a transcript records them, so a
    /// replay ranks against the same boards).
    package var onLoad: ((String, Leaderboard) -> Void)?
    /// Boards to use instead of the store's (a replay's recorded boards).
    private let preset: [String: Leaderboard]
    /// Told of each record as it is first read (transcripts keep them, like boards).
    package var onRecordLoad: ((String, JSONValue) -> Void)?
    private let presetRecords: [String: JSONValue]
    /// Names already told of, so each is told once (a bounded set: past it, a name is not told).
    private var toldBoards = Set<String>()
    private var toldRecords = Set<String>()

    /// Whether the store's reads are noted (`ScoreRead`), for a served table to store with the
    /// input whose step made them; and those noted since `takeReads`.
    package var notesReads = false
    private var notedReads: [ScoreRead] = []
    /// The reads a step made when it was first played, given back in order while it is played
    /// again (nil: the store is read); and whether the step asked for other reads than those.
    private var replayedReads: [ScoreRead]?
    private var replayedNext = 0
    private var replayDiffered = false

    /// Bounds of what a session holds: boards cached, records read in a move, distinct records
    /// saved in a move, names told to a transcript, and scores waiting for a busy store.
    static let boardsCached = 1_000
    static let boardBytes = 16 << 20
    static let recordsCached = 256
    static let recordBytes = 8 << 20
    static let savesPerStep = 200
    static let namesTold = 4_096
    static let waitingLimit = 10_000

    package init(store: (any ScoreDatabase)?, preset: [String: Leaderboard] = [:], presetRecords: [String: JSONValue] = [:]) {
        self.store = store
        self.preset = preset
        self.presetRecords = presetRecords
    }

    /// The end of the session: what is still waiting is written now, waiting for the database
    /// (no rule runs any more). What cannot be written is lost, and the player is told.
    deinit {
        guard let store, writes, !waiting.isEmpty || (writesRecords && !keptRecords.isEmpty) else { return }
        store.waits = true
        do {
            try store.write(batch(), game: game, ruleHash: ruleHash)
        } catch {
            let what = [(waiting.scores.count, "score"), (waiting.results.count, "finished game"), (writesRecords ? keptRecords.count : 0, "record")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
            // No presenter is left at this point: standard error, as a command's own failure.
            let line = Array("gamehost: \(what) could not be saved: \(error)\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }

    // MARK: Reads noted and given back

    /// The store's reads noted since the last call.
    package func takeReads() -> [ScoreRead] {
        defer { notedReads = [] }
        return notedReads
    }

    /// Gives back `reads` for the store's reads until `endReplay` (nil: the store is read, as
    /// for a step stored before reads were).
    package func replay(_ reads: [ScoreRead]?) {
        replayedReads = reads
        replayedNext = 0
        replayDiffered = false
    }

    /// Ends a `replay`: whether the step read exactly what it read the first time. When it did
    /// not (the store was written by another program, or the rule is not the one that played),
    /// what was not given back was read from the store.
    package func endReplay() -> Bool {
        defer { replayedReads = nil }
        guard let replayedReads else { return true }
        return !replayDiffered && replayedNext == replayedReads.count
    }

    /// The next read given back, when it is the one `matches` wants; nil when the store is read
    /// (no replay, or the replay differs from here on).
    private func replayed(_ matches: (ScoreRead) -> Bool) -> ScoreRead? {
        guard let reads = replayedReads, !replayDiffered else { return nil }
        guard replayedNext < reads.count, matches(reads[replayedNext]) else {
            replayDiffered = true
            return nil
        }
        replayedNext += 1
        return reads[replayedNext - 1]
    }

    private func noteRead(_ read: ScoreRead) {
        if notesReads && replayedReads == nil { notedReads.append(read) }
    }

    // MARK: Records

    /// A saved record, or `.null`.
    package func record(_ name: String) -> JSONValue { read(name).value }

    /// The name a record is stored under: with a word list, the rule's name, a unit separator
    /// and the list's fingerprint (`gamehost scores` shows the rule's name).
    func storedName(_ name: String) -> String { list.isEmpty ? name : name + Self.listSeparator + list }
    static let listSeparator = "\u{1F}"

    private func read(_ name: String) -> RecordRead {
        if let change = pendingRecords[name] { return RecordRead(base: change.base, value: change.value) }
        if let cached = reads.value(name) { return cached }
        var base: String?
        var value = JSONValue.null
        if let recorded = presetRecords[name] {
            value = recorded
            if case .null = recorded {} else { base = recorded.encoded }
        } else if store != nil, case .record(_, let storedBase, let seen)? = replayed({ if case .record(name, _, _) = $0 { true } else { false } }) {
            // As the step first saw it, changes the session kept then and all.
            let found = RecordRead(base: storedBase, value: seen)
            reads.set(name, found, bytes: MemorySize.of(name) + MemorySize.of(seen) + (storedBase.map(MemorySize.of) ?? 0))
            return found
        } else if store != nil {
            do {
                base = try quietly { try $0.record(game: game, name: storedName(name)) }
                value = base.flatMap { try? JSONValue(parsing: $0) } ?? .null
                // A stored record that is no JSON (another program wrote it) is not replaced by
                // a save built on nothing: the session writes no more, and says so once.
                if let base, case .null = value, base != "null" { unreadable(name) }
                // A record saved before records were kept per list is where this list's starts.
                if base == nil, !list.isEmpty, let legacy = try quietly({ try $0.record(game: game, name: name) }) {
                    value = (try? JSONValue(parsing: legacy)) ?? .null
                    if case .null = value, legacy != "null" { unreadable(name) }
                }
            } catch {
                note(error)
            }
        }
        // A change this session made that the store has not taken yet is part of what it sees.
        if let kept = keptRecords[name] {
            value = RecordMerge.sameText(kept.base, base) ? kept.value
                : RecordMerge.merge(base: Self.parsed(kept.base), mine: Self.nonNull(kept.value), theirs: Self.nonNull(value)) ?? .null
        }
        let found = RecordRead(base: base, value: value)
        if store != nil && presetRecords[name] == nil { noteRead(.record(name: name, base: base, value: value)) }
        if tell(name, &toldRecords) { onRecordLoad?(name, value) }
        reads.set(name, found, bytes: MemorySize.of(name) + MemorySize.of(value) + (base.map(MemorySize.of) ?? 0))
        return found
    }

    /// Saves a record for the session now, and in the store if the move is accepted, as a
    /// change to the value read (see `RecordChange`). A game keeps at most
    /// `ScoreStore.recordsPerGame` records.
    package func save(_ name: String, _ value: JSONValue) throws {
        let current = read(name)
        if case .null = current.value, value != .null {
            let stored = storedRecordCount()
            var added = Set<String>()
            for change in Array(keptRecords.values) + Array(pendingRecords.values) {
                if change.base == nil, change.value != .null { added.insert(change.name) } else { added.remove(change.name) }
            }
            guard stored + added.count < ScoreStore.recordsPerGame else {
                throw ScoreKeeperError("game.scores.save: a game keeps at most \(ScoreStore.recordsPerGame) records")
            }
        }
        guard pendingRecords[name] != nil || pendingRecords.count < Self.savesPerStep else {
            throw ScoreKeeperError("game.scores.save: more than \(Self.savesPerStep) records saved in one step")
        }
        pendingRecords[name] = RecordChange(name: name, base: current.base, value: value, at: 0)
    }

    // MARK: The host's own records

    /// A record the host keeps for itself (the day's game a name played), read from the store
    /// as it is now: not cached, and not noted among the reads a step made, since no step of
    /// the rule made it. Nil when there is none (or no store).
    package func hostRecord(_ name: String) -> JSONValue? {
        guard store != nil, let text = try? quietly({ try $0.record(game: game, name: storedName(name)) }) else { return nil }
        return try? JSONValue(parsing: text)
    }

    /// Writes a record of the host's own at once, practice or not; nothing while steps are
    /// played again, which wrote it the first time.
    package func writeHostRecord(_ name: String, _ value: JSONValue, at time: Double) {
        guard store != nil, !replaying else { return }
        var batch = ScoreBatch()
        let base = try? quietly { try $0.record(game: game, name: storedName(name)) }
        batch.records = [RecordChange(name: storedName(name), base: base, value: value, at: time)]
        do { try quietly { try $0.write(batch, game: game, ruleHash: ruleHash) } } catch { note(error) }
    }

    /// How many records the game has in the store (0 without one, or when it cannot be read).
    private func storedRecordCount() -> Int {
        guard store != nil else { return 0 }
        if case .recordCount(let count)? = replayed({ if case .recordCount = $0 { true } else { false } }) { return count }
        let count = (try? quietly { try $0.recordCount(game: game) }) ?? 0
        noteRead(.recordCount(count))
        return count
    }

    // MARK: Boards

    package func board(_ name: String, order: Leaderboard.Order = .higher, unit: String = "") -> Leaderboard {
        if let cached = boards.value(name) { return cached.board }
        // The first time a game keeps scores, the player learns at once if they cannot be saved.
        if !checkedStore, store != nil, preset.isEmpty {
            checkedStore = true
            do { try quietly { try $0.checkWritable() } } catch { note(error) }
        }
        var b = Leaderboard(order: order, unit: unit)
        if let recorded = preset[name] {
            b = recorded
        } else if store != nil {
            b = load(name, order: order, unit: unit)
        }
        if tell(name, &toldBoards) { onLoad?(name, b) }
        var cached = CachedBoard(board: b)
        // A board dropped from the cache in the middle of a move gets the move's scores back.
        let mine = pending.filter { $0.board == name && !practice }
        if !mine.isEmpty {
            cached.before = b
            for score in mine { cached.board.insert(Leaderboard.Entry(value: score.value, label: score.label, player: score.player)) }
        }
        keep(name, cached)
        return cached.board
    }

    /// A board from the store, with the session's scores the store has not taken yet (it was
    /// busy); or, while a step is played again, the board as that step read it.
    private func load(_ name: String, order: Leaderboard.Order, unit: String) -> Leaderboard {
        var b = Leaderboard(order: order, unit: unit)
        if case .board(_, let upTo, let waiting)? = replayed({ if case .board(name, _, _) = $0 { true } else { false } }) {
            // A board the first read could not have (upTo -1) is the empty board it found.
            if upTo >= 0 {
                do { b = try quietly { try $0.leaderboard(game: game, ruleHash: ruleHash, board: name, list: list, order: order, unit: unit,
                                                         limit: ScoreStore.boardLimit, practice: false, upTo: upTo) } }
                catch { note(error) }
            }
            for entry in waiting { b.insert(entry) }
            return b
        }
        var upTo: Int64 = -1
        do {
            b = try quietly { store in
                // Noted by the last score it counts: read again up to it, it is the same board.
                if notesReads { upTo = try store.lastScore() }
                return try store.leaderboard(game: game, ruleHash: ruleHash, board: name, list: list, order: order, unit: unit,
                                             limit: ScoreStore.boardLimit, practice: false, upTo: notesReads ? upTo : nil)
            }
        } catch {
            note(error)
            b = Leaderboard(order: order, unit: unit)
            upTo = -1
        }
        var waited: [Leaderboard.Entry] = []
        if !practice {
            for (score, _) in waiting.scores where score.board == name && !score.practice {
                waited.append(Leaderboard.Entry(value: score.value, label: score.label, player: score.player))
                b.insert(waited[waited.count - 1])
            }
        }
        noteRead(.board(name: name, upTo: upTo, waiting: waited))
        return b
    }

    /// Adds a score to its board for this session and returns its rank (1 is best), or nil
    /// for a practice run, which is kept apart and not ranked.
    package func submit(_ score: ScoreStore.Score) -> Int? {
        var score = score
        let player = seatName?(seat) ?? player
        score.player = player
        score.practice = practice
        score.list = list
        _ = board(score.board, order: score.order, unit: score.unit)
        pending.append(score)
        // A practice run is not ranked. A score that cannot be saved is ranked for the session
        // (the player is told once that scores are not saved).
        if practice { return nil }
        guard var cached = boards.peek(score.board) else { return nil }
        if cached.before == nil { cached.before = cached.board }
        let rank = cached.board.insert(Leaderboard.Entry(value: score.value, label: score.label, player: player))
        // A board longer than a store's read keeps its best entries, as a read would.
        if cached.board.entries.count > 2 * ScoreStore.boardLimit {
            let board = cached.board
            cached.board = Leaderboard(order: board.order, unit: board.unit, entries: Array(board.entries.prefix(ScoreStore.boardLimit)))
        }
        keep(score.board, cached)
        return rank
    }

    private func keep(_ name: String, _ cached: CachedBoard) {
        boards.set(name, cached, bytes: MemorySize.of(name) + MemorySize.of(cached.board) + (cached.before.map(MemorySize.of) ?? 0))
    }

    // MARK: Moves

    /// The move was accepted: keep its scores and saves, and write them (with any that were
    /// waiting) unless the store is busy.
    package func commit(at time: Double) {
        for name in Set(pending.map(\.board)) {
            if var cached = boards.peek(name), cached.before != nil {
                cached.before = nil
                keep(name, cached)
            }
        }
        let scores = pending
        pending = []
        reads.removeAll()
        let changes = pendingRecords
        pendingRecords = [:]
        for (name, var change) in changes where !(replaying && writesRecords) {
            change.at = time
            if !writesRecords, change.base == nil, case .null = change.value {
                keptRecords[name] = nil  // nothing to remember: no record, and none before
            } else {
                keptRecords[name] = change
            }
        }
        guard writes, !replaying, let store else { return }
        let room = Self.waitingLimit - waiting.scores.count
        if scores.count > room {
            note("\(store.path) stayed busy for too long: more than \(Self.waitingLimit) scores waited, and later ones are not kept")
        }
        waiting.scores += scores.prefix(max(0, room)).map { ($0, time) }
        flush()
    }

    /// The move was undone: forget its scores and saves.
    package func discard() {
        // Most steps (every query) read and write nothing: nothing to put back.
        guard !pending.isEmpty || !pendingRecords.isEmpty || !reads.isEmpty else { return }
        for name in Set(pending.map(\.board)) {
            if var cached = boards.peek(name), let before = cached.before {
                cached.board = before
                cached.before = nil
                keep(name, cached)
            }
        }
        pending = []
        pendingRecords = [:]
        reads.removeAll()
    }

    /// Counts a finished game in the statistics.
    package func recordResult(winner: String?, score: Double?, at time: Double) {
        guard writes, !replaying else { return }
        if waiting.results.count < Self.waitingLimit { waiting.results.append(FinishedGame(winner: winner, score: score, at: time)) }
        flush()
    }

    /// Writes what is waiting, if the store takes it at once. A busy store keeps it waiting;
    /// one that fails otherwise stops the session's writing (the player is told): its scores
    /// are dropped, its records kept for the session alone.
    private func flush() {
        guard writes, !waiting.isEmpty || (writesRecords && !keptRecords.isEmpty) else { return }
        do {
            try quietly { try $0.write(batch(), game: game, ruleHash: ruleHash) }
            waiting = ScoreBatch()
            if writesRecords { keptRecords = [:] }
            busyWrites = 0
        } catch let error as ScoreStoreError where error.busy {
            busyWrites += 1
            if busyWrites >= 2 { busy = true }
        } catch {
            note(error)
            failed = true
            waiting = ScoreBatch()
        }
    }

    private func batch() -> ScoreBatch {
        var batch = waiting
        guard writesRecords else { return batch }
        batch.records = keptRecords.values.map { change in
            var stored = change
            stored.name = storedName(change.name)
            return stored
        }.sorted { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) }
        return batch
    }

    /// Notices not yet shown to the player: why scores are not saved, once; that they wait
    /// for a busy database, once.
    package func takeProblems() -> [String] {
        var notices: [String] = []
        if !reported, !problems.isEmpty {
            reported = true
            notices += problems.map { "Scores are not saved: \($0). This session's scores are ranked for it alone; --data DIR keeps them in DIR." }
        }
        if busy, !busyReported, let store {
            busyReported = true
            notices.append("Scores are kept for later: \(store.path) is in use by another program; they are saved when it is free.")
        }
        return notices
    }

    // MARK: Helpers

    /// Runs `body` on the store (there is one) without waiting for another process: a
    /// rule's step is running, and its time is the rule's.
    private func quietly<T>(_ body: (any ScoreDatabase) throws -> T) throws -> T {
        let store = store!
        let waits = store.waits
        store.waits = false
        defer { store.waits = waits }
        return try body(store)
    }

    /// Whether `name` is told now: the first time, while fewer than `namesTold` were.
    private func tell(_ name: String, _ told: inout Set<String>) -> Bool {
        guard told.count < Self.namesTold, !told.contains(name) else { return false }
        told.insert(name)
        return true
    }

    /// The stored record `name` cannot be read: the store is left as it is.
    private func unreadable(_ name: String) {
        failed = true
        note("the record '\(TerminalText.plain(String(name.prefix(64))))' in \(store?.path ?? "the store") is not JSON data (another program changed it), and is left as it is")
    }

    private func note(_ error: Error) {
        if let error = error as? ScoreStoreError, error.busy { busy = true; return }
        note(String(describing: error))
    }

    private func note(_ text: String) {
        if !problems.contains(text) && problems.count < 10 { problems.append(text) }
    }

    private static func parsed(_ text: String?) -> JSONValue? { text.flatMap { try? JSONValue(parsing: $0) } }
    private static func nonNull(_ value: JSONValue) -> JSONValue? {
        if case .null = value { return nil }
        return value
    }
}

/// A record the game may not keep.
struct ScoreKeeperError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
